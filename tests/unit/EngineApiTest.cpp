// The C++ API end to end: compile MLIR text, call kernels on owning and
// borrowed memrefs, const memrefs, std::vector and std::span, and get clear
// errors for bad IR and bad calls (mismatches as two MLIR types, value()
// of an error throwing). Results are checked against the same computation
// done in C++.
#include "affjit/Engine.h"

#include <gtest/gtest.h>

#include <array>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

const char *kSaxpy = R"(
func.func @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  affine.for %i = 0 to %n {
    %xi = affine.load %x[%i] : memref<?xf32>
    %yi = affine.load %y[%i] : memref<?xf32>
    %p = arith.mulf %a, %xi : f32
    %s = arith.addf %p, %yi : f32
    affine.store %s, %y[%i] : memref<?xf32>
  }
  return
}
)";

TEST(EngineApi, SaxpyOnOwnedAndBorrowedBuffers) {
  affjit::Engine engine;
  affjit::Error err = engine.compile(kSaxpy, "saxpy.mlir");
  ASSERT_FALSE(err) << err.message();
  const int n = 1000;
  affjit::MemRef<float, 1> x({n});
  std::vector<float> ydata(n), expected(n);
  for (int i = 0; i < n; ++i) {
    x(i) = 0.5f * (float)i;
    ydata[i] = (float)(i % 7);
    expected[i] = 3.0f * x(i) + ydata[i];
  }
  affjit::MemRef<float, 1> y(ydata.data(), {n});
  err = engine.call("saxpy", 3.0f, x, y);
  ASSERT_FALSE(err) << err.message();
  for (int i = 0; i < n; ++i)
    EXPECT_FLOAT_EQ(ydata[i], expected[i]) << i;
}

TEST(EngineApi, CallErrorsAreReportedNotCrashed) {
  affjit::Engine engine;
  ASSERT_FALSE(engine.compile(kSaxpy));
  affjit::MemRef<float, 1> x({4});
  affjit::MemRef<float, 2> m({2, 2});
  affjit::MemRef<double, 1> d({4});
  auto msg = [](affjit::Error e) { return e ? e.message() : std::string(); };
  EXPECT_NE(msg(engine.call("saxpy", 1.0f, x)).find("takes 3 arguments"),
            std::string::npos);
  EXPECT_NE(msg(engine.call("saxpy", 1.0f, x, m)).find("argument #2"),
            std::string::npos);
  EXPECT_NE(msg(engine.call("saxpy", 1.0f, x, d)).find("memref<?xf32>"),
            std::string::npos);
  EXPECT_NE(msg(engine.call("saxpy", 1.0, x, x)).find("expected f32"),
            std::string::npos);
  EXPECT_NE(msg(engine.call("nope")).find("no compiled function"),
            std::string::npos);
  affjit::StridedMemRef<float, 1> null{};
  EXPECT_NE(
      msg(engine.invoke("saxpy", {affjit::detail::makeArgument(1.0f),
                                  affjit::detail::makeArgument(x),
                                  affjit::detail::Argument{
                                      affjit::detail::Argument::Kind::MemRef,
                                      affjit::ScalarKind::F32, 1, nullptr}}))
          .find("null memref"),
      std::string::npos);
  (void)null;
}

// Code for a static shape trusts the sizes and, for the identity layout, the
// row-major strides they imply; a call that breaks either must not run.
TEST(EngineApi, StaticShapesAndLayoutsAreChecked) {
  affjit::Engine engine;
  ASSERT_FALSE(engine.compile(R"(
func.func @twice(%m: memref<4x4xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %v = affine.load %m[%i, %j] : memref<4x4xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %m[%i, %j] : memref<4x4xf32>
    }
  }
  return
}
)"));
  auto msg = [](affjit::Error e) { return e ? e.message() : std::string(); };
  affjit::MemRef<float, 2> wide({4, 5});
  EXPECT_NE(msg(engine.call("twice", wide))
                .find("expected memref<4x4xf32>, got memref<4x5xf32>"),
            std::string::npos);
  std::vector<float> padded(4 * 8, 1.0f);
  affjit::MemRef<float, 2> rows(padded.data(), {4, 4}, {8, 1});
  EXPECT_NE(msg(engine.call("twice", rows))
                .find("expected memref<4x4xf32> (contiguous, row-major), got "
                      "memref<4x4xf32, strided<[8, 1]>>"),
            std::string::npos);
  EXPECT_EQ(padded[4], 1.0f) << "a rejected call must not run";
  affjit::MemRef<float, 2> ok({4, 4});
  ok(3, 3) = 1.5f;
  ASSERT_FALSE(engine.call("twice", ok));
  EXPECT_EQ(ok(3, 3), 3.0f);
}

TEST(EngineApi, BadIrGivesDiagnosticsWithLocations) {
  affjit::Engine engine;
  affjit::Error err = engine.compile("func.func @f() {\n  %0 = arith.addf %x, "
                                     "%x : f32\n  return\n}\n",
                                     "bad.mlir");
  ASSERT_TRUE(err);
  EXPECT_EQ(err.message().rfind("bad.mlir:2:", 0), 0u) << err.message();
  EXPECT_NE(err.message().find("error:"), std::string::npos);
}

TEST(EngineApi, ScalarResultsAndIntegerArguments) {
  affjit::Engine engine;
  ASSERT_FALSE(engine.compile(R"(
func.func @fill(%m: memref<3x4xi32>, %v: i32, %k: index) {
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 4 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %k : index to i32
      %a = arith.muli %ii, %v : i32
      %b = arith.addi %a, %jj : i32
      affine.store %b, %m[%i, %j] : memref<3x4xi32>
    }
  }
  return
}
)"));
  affjit::MemRef<int32_t, 2> m({3, 4});
  ASSERT_FALSE(engine.call("fill", m, int32_t(10), affjit::Index{7}));
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j)
      EXPECT_EQ(m(i, j), 10 * i + 7);
}

const char *kScale = R"(
func.func @scale(%x: memref<?xf32>, %y: memref<?xf32>, %k: f32) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : memref<?xf32>
    %s = arith.mulf %v, %k : f32
    affine.store %s, %y[%i] : memref<?xf32>
  }
  return
}
func.func @sum(%x: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf64>
  %z = arith.constant 0.0 : f64
  %s = affine.for %i = 0 to %n iter_args(%acc = %z) -> (f64) {
    %v = affine.load %x[%i] : memref<?xf64>
    %a = arith.addf %acc, %v : f64
    affine.yield %a : f64
  }
  return %s : f64
}
func.func @trace(%m: memref<3x3xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 3 iter_args(%acc = %z) -> (f32) {
    %v = affine.load %m[%i, %i] : memref<3x3xf32>
    %a = arith.addf %acc, %v : f32
    affine.yield %a : f32
  }
  return %s : f32
}
)";

std::string messageOf(const affjit::Error &err) {
  return err ? err.message() : std::string("no error");
}

class EngineArguments : public ::testing::Test {
protected:
  void SetUp() override {
    affjit::Error err = engine.compile(kScale, "scale.mlir");
    ASSERT_FALSE(err) << err.message();
  }
  affjit::Engine engine;
};

// Inputs are often const in C++; the descriptor is only read.
TEST_F(EngineArguments, ConstMemRefsArePassed) {
  affjit::MemRef<float, 1> x({4}), y({4});
  for (int i = 0; i < 4; ++i)
    x(i) = (float)i;
  const affjit::MemRef<float, 1> &input = x;
  ASSERT_FALSE(engine.call("scale", input, y, 3.0f));
  EXPECT_EQ(y(3), 9.0f);
  const affjit::StridedMemRef<float, 1> &descriptor = x.descriptor();
  ASSERT_FALSE(engine.call("scale", descriptor, y, 2.0f));
  EXPECT_EQ(y(3), 6.0f);
  const float k = 0.5f;
  ASSERT_FALSE(engine.call("scale", input, y, k));
  EXPECT_EQ(y(2), 1.0f);
  EXPECT_EQ(input(2), 2.0f) << "const element access";
}

TEST_F(EngineArguments, VectorsAndSpansPassAsRankOneMemRefs) {
  std::vector<float> x{1, 2, 3, 4, 5}, y(5);
  ASSERT_FALSE(engine.call("scale", x, y, 2.0f));
  EXPECT_EQ(y, (std::vector<float>{2, 4, 6, 8, 10}));

  // A span of part of a vector: only its elements are seen and written.
  std::vector<float> out(8, -1.0f);
  std::span<float> middle(out.data() + 2, 3);
  const std::vector<float> &input = x;
  ASSERT_FALSE(engine.call("scale", std::span<const float>(input).first(3),
                           middle, 10.0f));
  EXPECT_EQ(out, (std::vector<float>{-1, -1, 10, 20, 30, -1, -1, -1}));

  affjit::Expected<affjit::Function> sum = engine.lookup("sum");
  ASSERT_TRUE(sum) << messageOf(sum.error());
  affjit::Expected<double> total =
      sum->call<double>(std::vector<double>{0.5, 1.5, 2.0});
  ASSERT_TRUE(total) << messageOf(total.error());
  EXPECT_EQ(*total, 4.0);
  std::array<double, 4> fixed{1, 2, 3, 4};
  EXPECT_EQ(*sum->call<double>(std::span<double, 4>(fixed)), 10.0);
  std::vector<double> empty;
  EXPECT_EQ(*sum->call<double>(empty), 0.0);

  // The element type is still checked.
  std::vector<double> doubles(5);
  EXPECT_EQ(messageOf(engine.call("scale", doubles, y, 1.0f)),
            "argument #0 of @scale: expected memref<?xf32>, got "
            "memref<5xf64>");
}

TEST_F(EngineArguments, VectorsViewedWithAShape) {
  std::vector<float> data(9);
  for (int i = 0; i < 9; ++i)
    data[i] = (float)i;
  affjit::MemRef<float, 2> m(data, {3, 3});
  affjit::Expected<float> trace = engine.call<float>("trace", m);
  ASSERT_TRUE(trace) << messageOf(trace.error());
  EXPECT_EQ(*trace, 0.0f + 4.0f + 8.0f);
  // A shape needing more elements than the vector holds would run past it.
  EXPECT_THROW((affjit::MemRef<float, 2>(data, {3, 4})), std::invalid_argument);
}

// Both sides of a mismatch are MLIR types: the parameter's with `?` for
// dynamic sizes, the argument's with its actual sizes (and strides when
// they are not row-major).
TEST_F(EngineArguments, MismatchesNameBothTypes) {
  affjit::MemRef<double, 1> d({4});
  affjit::MemRef<float, 2> m({2, 3});
  affjit::MemRef<float, 1> x({4});
  EXPECT_EQ(messageOf(engine.call("scale", d, x, 1.0f)),
            "argument #0 of @scale: expected memref<?xf32>, got "
            "memref<4xf64>");
  EXPECT_EQ(messageOf(engine.call("scale", x, m, 1.0f)),
            "argument #1 of @scale: expected memref<?xf32>, got "
            "memref<2x3xf32>");
  EXPECT_EQ(messageOf(engine.call("scale", x, x, x)),
            "argument #2 of @scale: expected f32, got memref<4xf32>");
  EXPECT_EQ(messageOf(engine.call("scale", 1.0f, x, 1.0f)),
            "argument #0 of @scale: expected memref<?xf32>, got f32");
  affjit::MemRef<float, 2> wrong({3, 4});
  EXPECT_EQ(messageOf(engine.call("trace", wrong)),
            "argument #0 of @trace: expected memref<3x3xf32>, got "
            "memref<3x4xf32>");
  std::vector<float> padded(3 * 5);
  affjit::MemRef<float, 2> rows(padded.data(), {3, 3}, {5, 1});
  EXPECT_EQ(messageOf(engine.call("trace", rows)),
            "argument #0 of @trace: expected memref<3x3xf32> (contiguous, "
            "row-major), got memref<3x3xf32, strided<[5, 1]>>");
}

TEST(EngineExpected, ValueWithoutAValueThrowsWithTheMessage) {
  affjit::Engine engine;
  affjit::Expected<affjit::Function> missing = engine.lookup("nope");
  ASSERT_FALSE(missing);
  try {
    (void)missing.value();
    FAIL() << "value() returned without a value";
  } catch (const affjit::BadExpectedAccess &e) {
    EXPECT_EQ(e.error().message(), "no compiled function named @nope");
    EXPECT_NE(std::string(e.what()).find("no compiled function named @nope"),
              std::string::npos);
  }
  const affjit::Expected<int> constMissing(affjit::Error("bad"));
  EXPECT_THROW((void)constMissing.value(), affjit::BadExpectedAccess);
  EXPECT_THROW((void)affjit::Expected<int>(affjit::Error("bad")).value(),
               std::exception);
  affjit::Expected<int> present(7);
  EXPECT_EQ(present.value(), 7);
  EXPECT_FALSE(present.error()) << "no error when there is a value";
  EXPECT_EQ(affjit::Expected<std::string>(std::string("moved")).value(),
            "moved");
}

} // namespace

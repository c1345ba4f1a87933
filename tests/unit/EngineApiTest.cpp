// The C++ API end to end: compile MLIR text, call kernels on owning and
// borrowed memrefs, and get clear errors for bad IR and bad calls. Results
// are checked against the same computation done in C++.
#include "affjit/Engine.h"

#include <gtest/gtest.h>

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
  EXPECT_NE(msg(engine.call("twice", wide)).find("got size 5 in dimension 1"),
            std::string::npos);
  std::vector<float> padded(4 * 8, 1.0f);
  affjit::MemRef<float, 2> rows(padded.data(), {4, 4}, {8, 1});
  EXPECT_NE(msg(engine.call("twice", rows)).find("got stride 8 in dimension 0"),
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

} // namespace

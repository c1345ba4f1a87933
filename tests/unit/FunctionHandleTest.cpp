// The C++ API's Function handle and results: lookup once, call many times,
// scalar results of every kind checked against the same computation in C++,
// bad calls caught before anything runs, calls from two threads while a third
// compiles, handles that outlive their engine, redefined functions (new
// lookups see the new code, old handles keep the old), and
// EngineOptions::pipeline.
#include "affjit/Engine.h"
#include "frontend/transform/PassPipeline.h"

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace {

const char *kKernels = R"(
func.func @affine_i32(%a: i32, %b: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %c7 = arith.constant 7 : i32
  %m = arith.muli %a, %c3 : i32
  %s = arith.addi %m, %b : i32
  %r = arith.subi %s, %c7 : i32
  return %r : i32
}
func.func @mix_i64(%a: i64, %b: i64) -> i64 {
  %p = arith.muli %a, %b : i64
  %x = arith.xori %p, %a : i64
  return %x : i64
}
func.func @poly_f32(%x: f32) -> f32 {
  %h = arith.constant 0.5 : f32
  %sq = arith.mulf %x, %x : f32
  %t = arith.mulf %sq, %h : f32
  %r = arith.addf %t, %x : f32
  return %r : f32
}
func.func @sum_f64(%m: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %n = memref.dim %m, %c0 : memref<?xf64>
  %z = arith.constant 0.0 : f64
  %s = affine.for %i = 0 to %n iter_args(%acc = %z) -> (f64) {
    %v = affine.load %m[%i] : memref<?xf64>
    %a = arith.addf %acc, %v : f64
    affine.yield %a : f64
  }
  return %s : f64
}
func.func @elements(%m: memref<?x?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = memref.dim %m, %c0 : memref<?x?xf32>
  %c = memref.dim %m, %c1 : memref<?x?xf32>
  %n = arith.muli %r, %c : index
  return %n : index
}
func.func @is_negative(%x: f64) -> i1 {
  %z = arith.constant 0.0 : f64
  %n = arith.cmpf olt, %x, %z : f64
  return %n : i1
}
func.func @several(%a: i32, %b: f64) -> (i32, f64, index, i1, i8, i16) {
  %c2 = arith.constant 2 : i32
  %d = arith.muli %a, %c2 : i32
  %q = arith.constant 0.25 : f64
  %e = arith.mulf %b, %q : f64
  %i = arith.index_cast %a : i32 to index
  %zero = arith.constant 0 : i32
  %neg = arith.cmpi slt, %a, %zero : i32
  %t8 = arith.trunci %a : i32 to i8
  %t16 = arith.trunci %a : i32 to i16
  return %d, %e, %i, %neg, %t8, %t16 : i32, f64, index, i1, i8, i16
}
func.func @store_and_bump(%m: memref<1xi32>, %v: i32) -> i32 {
  affine.store %v, %m[0] : memref<1xi32>
  %c1 = arith.constant 1 : i32
  %r = arith.addi %v, %c1 : i32
  return %r : i32
}
func.func @same(%m: memref<4xf32>) -> memref<4xf32> {
  return %m : memref<4xf32>
}
)";

int32_t affineI32(int32_t a, int32_t b) {
  return (int32_t)((uint32_t)a * 3u + (uint32_t)b - 7u);
}

int64_t mixI64(int64_t a, int64_t b) {
  return (int64_t)((uint64_t)a * (uint64_t)b) ^ a;
}

float polyF32(float x) {
  float sq = x * x;
  float t = sq * 0.5f;
  return t + x;
}

std::string message(const affjit::Error &err) {
  return err ? err.message() : std::string("no error");
}

class FunctionHandle : public ::testing::Test {
protected:
  void SetUp() override {
    affjit::Error err = engine.compile(kKernels, "kernels.mlir");
    ASSERT_FALSE(err) << err.message();
  }
  affjit::Function lookup(const char *name) {
    affjit::Expected<affjit::Function> fn = engine.lookup(name);
    EXPECT_TRUE(fn) << message(fn.error());
    return fn ? *fn : affjit::Function();
  }
  affjit::Engine engine;
};

TEST_F(FunctionHandle, LookupOfAMissingFunctionIsAnError) {
  affjit::Expected<affjit::Function> fn = engine.lookup("nope");
  ASSERT_FALSE(fn);
  EXPECT_EQ(fn.error().message(), "no compiled function named @nope");
  affjit::Expected<int32_t> r = engine.call<int32_t>("nope", 1, 2);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message(), "no compiled function named @nope");
}

TEST_F(FunctionHandle, DescribesItsSignature) {
  affjit::Function fn = lookup("several");
  EXPECT_EQ(fn.name(), "several");
  EXPECT_EQ(fn.numArguments(), 2u);
  EXPECT_EQ(fn.numResults(), 6u);
  affjit::Function empty;
  EXPECT_EQ(empty.name(), "");
  EXPECT_NE(message(empty.call()).find("empty affjit::Function"),
            std::string::npos);
}

TEST_F(FunctionHandle, ScalarResultsOfEachKind) {
  affjit::Function i32 = lookup("affine_i32");
  affjit::Function i64 = lookup("mix_i64");
  affjit::Function f32 = lookup("poly_f32");
  affjit::Function f64 = lookup("sum_f64");
  affjit::Function index = lookup("elements");
  affjit::Function i1 = lookup("is_negative");

  affjit::Expected<int32_t> a = i32.call<int32_t>(int32_t(1000), int32_t(-5));
  ASSERT_TRUE(a) << message(a.error());
  EXPECT_EQ(*a, affineI32(1000, -5));
  // Wraps around like i32 arithmetic does.
  EXPECT_EQ(*i32.call<int32_t>(INT32_MAX, int32_t(1)), affineI32(INT32_MAX, 1));

  int64_t big = int64_t(1) << 40;
  affjit::Expected<int64_t> b = i64.call<int64_t>(big + 3, int64_t(-12345));
  ASSERT_TRUE(b) << message(b.error());
  EXPECT_EQ(*b, mixI64(big + 3, -12345));

  affjit::Expected<float> c = f32.call<float>(1.75f);
  ASSERT_TRUE(c) << message(c.error());
  EXPECT_FLOAT_EQ(*c, polyF32(1.75f));

  affjit::MemRef<double, 1> m({100});
  double sum = 0;
  for (int i = 0; i < 100; ++i) {
    m(i) = 0.1 * i - 3.0;
    sum += m(i);
  }
  affjit::Expected<double> d = f64.call<double>(m);
  ASSERT_TRUE(d) << message(d.error());
  EXPECT_DOUBLE_EQ(*d, sum);

  affjit::MemRef<float, 2> grid({7, 13});
  affjit::Expected<affjit::Index> e = index.call<affjit::Index>(grid);
  ASSERT_TRUE(e) << message(e.error());
  EXPECT_EQ(e->value, 7 * 13);

  EXPECT_TRUE(*i1.call<bool>(-0.5));
  EXPECT_FALSE(*i1.call<bool>(0.5));
}

TEST_F(FunctionHandle, SeveralResultsComeBackThroughResults) {
  affjit::Function fn = lookup("several");
  for (int32_t a : {-300, 0, 7, 70000}) {
    double b = 10.5 * a;
    affjit::Results results;
    std::array<affjit::detail::Argument, 2> args{
        affjit::detail::makeArgument(a), affjit::detail::makeArgument(b)};
    affjit::Error err = fn.invoke(args, results);
    ASSERT_FALSE(err) << err.message();
    ASSERT_EQ(results.size(), 6u);
    EXPECT_EQ(results.kind(0), affjit::ScalarKind::I32);
    EXPECT_EQ(results.kind(3), affjit::ScalarKind::I1);
    EXPECT_EQ(*results.get<int32_t>(0), (int32_t)((uint32_t)a * 2u));
    EXPECT_DOUBLE_EQ(*results.get<double>(1), b * 0.25);
    EXPECT_EQ(results.get<affjit::Index>(2)->value, (int64_t)a);
    EXPECT_EQ(*results.get<bool>(3), a < 0);
    EXPECT_EQ(*results.get<int8_t>(4), (int8_t)a);
    EXPECT_EQ(*results.get<int16_t>(5), (int16_t)a);
  }
  // The same by name.
  affjit::Results results;
  ASSERT_FALSE(engine.invoke("several",
                             {affjit::detail::makeArgument(int32_t(-2)),
                              affjit::detail::makeArgument(8.0)},
                             results));
  EXPECT_EQ(*results.get<int32_t>(0), -4);
  EXPECT_EQ(*results.get<double>(1), 2.0);
}

TEST_F(FunctionHandle, ResultsOfTheWrongTypeAreErrors) {
  affjit::Function fn = lookup("several");
  affjit::Results results;
  ASSERT_FALSE(fn.invoke(std::array{affjit::detail::makeArgument(int32_t(1)),
                                    affjit::detail::makeArgument(1.0)},
                         results));
  EXPECT_EQ(results.get<float>(0).error().message(),
            "result #0 of @several is i32, not f32");
  EXPECT_EQ(results.get<int64_t>(2).error().message(),
            "result #2 of @several is index, not i64");
  EXPECT_EQ(results.get<int32_t>(6).error().message(),
            "@several has 6 results, no result #6");
  EXPECT_FALSE(results.kind(6));

  affjit::Function same = lookup("same");
  affjit::MemRef<float, 1> m({4});
  ASSERT_FALSE(
      same.invoke(std::array{affjit::detail::makeArgument(m)}, results));
  EXPECT_EQ(results.size(), 1u);
  EXPECT_FALSE(results.kind(0));
  EXPECT_EQ(results.get<float>(0).error().message(),
            "result #0 of @same is memref<4xf32>, which is not returned to "
            "C++");
  EXPECT_EQ(affjit::Results().get<int32_t>(0).error().message(),
            "no results (nothing was called)");
}

TEST_F(FunctionHandle, BadCallsAreCaughtBeforeAnythingRuns) {
  affjit::Function fn = lookup("store_and_bump");
  affjit::MemRef<int32_t, 1> cell({1});
  cell(0) = 5;
  // Wrong result type, wrong argument types and counts: nothing runs.
  EXPECT_NE(message(fn.call<float>(cell, int32_t(9)).error())
                .find("not one f32 result"),
            std::string::npos);
  EXPECT_EQ(message(fn.call<int32_t>(cell, int64_t(9)).error()),
            "argument #1 of @store_and_bump: expected i32, got i64");
  EXPECT_EQ(message(fn.call<int32_t>(cell).error()),
            "@store_and_bump takes 2 arguments, got 1");
  affjit::MemRef<int32_t, 1> two({2});
  EXPECT_EQ(message(fn.call<int32_t>(two, int32_t(9)).error()),
            "argument #0 of @store_and_bump: expected memref<1xi32>, got "
            "memref<2xi32>");
  affjit::MemRef<float, 1> floats({1});
  EXPECT_NE(message(fn.call(floats, int32_t(9))).find("expected memref<1xi32>"),
            std::string::npos);
  EXPECT_NE(message(lookup("several").call<int32_t>(int32_t(1), 1.0).error())
                .find("not one i32 result"),
            std::string::npos);
  EXPECT_EQ(cell(0), 5) << "a rejected call must not run";
  // The right call runs; results may be ignored.
  affjit::Expected<int32_t> r = fn.call<int32_t>(cell, int32_t(9));
  ASSERT_TRUE(r) << message(r.error());
  EXPECT_EQ(*r, 10);
  EXPECT_EQ(cell(0), 9);
  ASSERT_FALSE(fn.call(cell, int32_t(11)));
  EXPECT_EQ(cell(0), 11);
}

TEST_F(FunctionHandle, ManyCallsOfOneHandle) {
  affjit::Function fn = lookup("affine_i32");
  affjit::Function poly = lookup("poly_f32");
  int wrong = 0;
  for (int32_t i = -50000; i < 50000; ++i) {
    affjit::Expected<int32_t> r = fn.call<int32_t>(i, int32_t(i ^ 0x5a5a));
    if (!r || *r != affineI32(i, i ^ 0x5a5a))
      ++wrong;
    float x = (float)i / 1024.0f;
    affjit::Expected<float> p = poly.call<float>(x);
    if (!p || *p != polyF32(x))
      ++wrong;
  }
  EXPECT_EQ(wrong, 0);
}

/// A module defining `@k<j>(%x: index) -> index` returning x * x + j.
std::string moduleDefining(int j) {
  std::string name = "k" + std::to_string(j);
  return "func.func @" + name +
         "(%x: index) -> index {\n"
         "  %sq = arith.muli %x, %x : index\n"
         "  %j = arith.constant " +
         std::to_string(j) +
         " : index\n"
         "  %r = arith.addi %sq, %j : index\n"
         "  return %r : index\n"
         "}\n";
}

TEST_F(FunctionHandle, CallsFromTwoThreadsWhileAThirdCompiles) {
  constexpr int kModules = 6;
  constexpr int64_t kMinCalls = 20000;
  affjit::Function fn = lookup("affine_i32");
  std::atomic<bool> compiling{true};
  std::atomic<int> wrong{0}, compileErrors{0};
  std::atomic<int64_t> newlyCompiledCalls{0};

  std::thread byHandle([&] {
    for (int64_t n = 0; compiling || n < kMinCalls; ++n) {
      int32_t a = (int32_t)(n % 100000), b = (int32_t)(n * 7 % 1000);
      affjit::Expected<int32_t> r = fn.call<int32_t>(a, b);
      if (!r || *r != affineI32(a, b))
        ++wrong;
    }
  });
  std::thread byName([&] {
    affjit::MemRef<double, 1> m({16});
    for (int i = 0; i < 16; ++i)
      m(i) = i + 0.5;
    for (int64_t n = 0; compiling || n < kMinCalls; ++n) {
      affjit::Expected<double> r = engine.call<double>("sum_f64", m);
      if (!r || *r != 128.0)
        ++wrong;
      // Functions appear as the other thread compiles them.
      int j = (int)(n % kModules);
      affjit::Expected<affjit::Function> k =
          engine.lookup("k" + std::to_string(j));
      if (!k)
        continue;
      affjit::Expected<affjit::Index> v =
          k->call<affjit::Index>(affjit::Index{n});
      if (!v || v->value != n * n + j)
        ++wrong;
      ++newlyCompiledCalls;
    }
  });
  std::thread compiler([&] {
    for (int j = 0; j < kModules; ++j)
      if (engine.compile(moduleDefining(j), "k" + std::to_string(j)))
        ++compileErrors;
    compiling = false;
  });
  compiler.join();
  byHandle.join();
  byName.join();

  EXPECT_EQ(wrong, 0);
  EXPECT_EQ(compileErrors, 0);
  EXPECT_GT(newlyCompiledCalls, 0);
  for (int j = 0; j < kModules; ++j) {
    affjit::Expected<affjit::Index> v =
        engine.call<affjit::Index>("k" + std::to_string(j), affjit::Index{9});
    ASSERT_TRUE(v) << message(v.error());
    EXPECT_EQ(v->value, 81 + j);
  }
}

/// `@step(%x: index) -> index` returning x + `add`, and `@twice`, which
/// calls the newest @step through a declaration, in its own module.
std::string stepModule(int add) {
  return "func.func @step(%x: index) -> index {\n"
         "  %c = arith.constant " +
         std::to_string(add) +
         " : index\n"
         "  %r = arith.addi %x, %c : index\n"
         "  return %r : index\n"
         "}\n";
}
const char *kTwice = R"(
func.func private @step(index) -> index
func.func @twice(%x: index) -> index {
  %a = func.call @step(%x) : (index) -> index
  %b = func.call @step(%a) : (index) -> index
  return %b : index
}
)";

int64_t callIndex(const affjit::Function &fn, int64_t x) {
  affjit::Expected<affjit::Index> r = fn.call<affjit::Index>(affjit::Index{x});
  EXPECT_TRUE(r) << message(r.error());
  return r ? r->value : -1;
}

int64_t callIndex(affjit::Engine &engine, const char *name, int64_t x) {
  affjit::Expected<affjit::Function> fn = engine.lookup(name);
  EXPECT_TRUE(fn) << message(fn.error());
  return fn ? callIndex(*fn, x) : -1;
}

// Handles share the JIT with the engine: after the engine is gone they
// still call their code (the ASan build checks that nothing dangles).
TEST(FunctionLifetime, HandlesOutliveTheirEngine) {
  affjit::Function step, sum;
  affjit::Results results;
  {
    affjit::Engine engine;
    ASSERT_FALSE(engine.compile(stepModule(5)));
    ASSERT_FALSE(engine.compile(kKernels));
    step = engine.lookup("step").value();
    sum = engine.lookup("sum_f64").value();
    std::array args{affjit::detail::makeArgument(int32_t(3)),
                    affjit::detail::makeArgument(2.0)};
    ASSERT_FALSE(engine.lookup("several").value().invoke(args, results));
  }
  EXPECT_EQ(callIndex(step, 10), 15);
  affjit::Function copy = step;
  step = affjit::Function();
  EXPECT_EQ(callIndex(copy, 1), 6) << "a copy keeps the code alive too";
  std::vector<double> values{1.0, 2.0, 3.5};
  affjit::Expected<double> total = sum.call<double>(values);
  ASSERT_TRUE(total) << message(total.error());
  EXPECT_EQ(*total, 6.5);
  EXPECT_EQ(*results.get<int32_t>(0), 6) << "results outlive the engine";
}

// Compiling a function again replaces it for later lookups and modules;
// handles to the old definition keep calling it.
TEST(FunctionRedefinition, NewDefinitionWinsOldHandlesKeepTheirs) {
  affjit::Engine engine;
  ASSERT_FALSE(engine.compile(stepModule(1), "v1.mlir"));
  ASSERT_FALSE(engine.compile(kTwice, "twice_v1.mlir"));
  affjit::Function v1 = engine.lookup("step").value();
  affjit::Function twiceV1 = engine.lookup("twice").value();
  EXPECT_EQ(callIndex(v1, 10), 11);
  EXPECT_EQ(callIndex(twiceV1, 10), 12);

  affjit::Error err = engine.compile(stepModule(100), "v2.mlir");
  ASSERT_FALSE(err) << err.message();
  EXPECT_EQ(callIndex(engine, "step", 10), 110) << "lookups see the new one";
  affjit::Expected<affjit::Index> byName =
      engine.call<affjit::Index>("step", affjit::Index{1});
  ASSERT_TRUE(byName) << message(byName.error());
  EXPECT_EQ(byName->value, 101);
  EXPECT_EQ(callIndex(v1, 10), 11) << "an old handle keeps its definition";
  EXPECT_EQ(callIndex(twiceV1, 10), 12)
      << "code compiled before keeps calling what it was linked to";

  // A module compiled now links against the newest @step.
  ASSERT_FALSE(engine.compile(kTwice, "twice_v2.mlir"));
  EXPECT_EQ(callIndex(engine, "twice", 10), 210);
  EXPECT_EQ(callIndex(twiceV1, 10), 12);

  // The same text again (the object cache serves it) and a third version.
  ASSERT_FALSE(engine.compile(stepModule(1), "v1.mlir"));
  EXPECT_EQ(callIndex(engine, "step", 10), 11);
  ASSERT_FALSE(engine.compile(stepModule(1000), "v3.mlir"));
  affjit::Function v3 = engine.lookup("step").value();
  EXPECT_EQ(callIndex(v3, 10), 1010);

  // A module that fails changes nothing.
  EXPECT_TRUE(engine.compile("func.func @step(%x: index) -> index {\n"
                             "  return %y : index\n}\n",
                             "broken.mlir"));
  EXPECT_EQ(callIndex(engine, "step", 10), 1010);
  ASSERT_FALSE(engine.compile(kTwice, "twice_v3.mlir"));
  EXPECT_EQ(callIndex(engine, "twice", 10), 2010);

  // Every handle still works after the engine is gone.
  std::optional<affjit::Engine> owner;
  owner.emplace();
  ASSERT_FALSE(owner->compile(stepModule(7)));
  affjit::Function a = owner->lookup("step").value();
  ASSERT_FALSE(owner->compile(stepModule(8)));
  affjit::Function b = owner->lookup("step").value();
  owner.reset();
  EXPECT_EQ(callIndex(a, 0), 7);
  EXPECT_EQ(callIndex(b, 0), 8);
  EXPECT_EQ(callIndex(v1, 0), 1);
}

// Old handles are called on two threads while a third keeps redefining
// the function they came from.
TEST(FunctionRedefinition, CallsWhileAnotherThreadRedefines) {
  affjit::Engine engine;
  ASSERT_FALSE(engine.compile(stepModule(0)));
  affjit::Function first = engine.lookup("step").value();
  std::atomic<bool> compiling{true};
  std::atomic<int> wrong{0}, compileErrors{0};
  auto caller = [&] {
    for (int64_t n = 0; compiling || n < 1000; ++n) {
      if (callIndex(first, n) != n)
        ++wrong;
      affjit::Expected<affjit::Function> newest = engine.lookup("step");
      if (!newest || callIndex(*newest, 0) < 0)
        ++wrong;
    }
  };
  std::thread a(caller), b(caller);
  for (int k = 1; k <= 8; ++k)
    if (engine.compile(stepModule(k)))
      ++compileErrors;
  compiling = false;
  a.join();
  b.join();
  EXPECT_EQ(wrong, 0);
  EXPECT_EQ(compileErrors, 0);
  EXPECT_EQ(callIndex(engine, "step", 0), 8);
}

TEST(EnginePipelineOption, UnknownPassesFailCompileWithTheMessage) {
  std::string known = "none, default";
  for (const affjit::PassInfo &pass : affjit::passRegistry().passes)
    known += ", " + std::string(pass.name);
  affjit::EngineOptions options;
  options.pipeline = "default,no-such-pass";
  affjit::Engine engine(options);
  affjit::Error err = engine.compile(kKernels);
  ASSERT_TRUE(err);
  EXPECT_EQ(err.message(),
            "unknown pass 'no-such-pass' in --pipeline (known: " + known + ")");
  EXPECT_FALSE(engine.lookup("affine_i32")) << "nothing was compiled";

  options.pipeline = "";
  affjit::Engine empty(options);
  EXPECT_NE(message(empty.compile(kKernels)).find("empty --pipeline"),
            std::string::npos);
}

TEST(EnginePipelineOption, NoneAndDefaultCompileTheSameProgram) {
  for (const char *spec : {"none", "default", " default "}) {
    affjit::EngineOptions options;
    options.pipeline = spec;
    affjit::Engine engine(options);
    affjit::Error err = engine.compile(kKernels);
    ASSERT_FALSE(err) << spec << ": " << err.message();
    affjit::Expected<int32_t> r =
        engine.call<int32_t>("affine_i32", int32_t(4), int32_t(5));
    ASSERT_TRUE(r) << message(r.error());
    EXPECT_EQ(*r, affineI32(4, 5)) << spec;
  }
}

} // namespace

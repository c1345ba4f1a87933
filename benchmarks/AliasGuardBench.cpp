// The alias guard's cost per call: a small kernel with three memref
// arguments (two read, one written), called through a looked-up handle with
// the guard and without it (EngineOptions::assumeDistinctArgs), for static
// shapes (the ranges are a pointer plus a constant) and dynamic ones (sizes
// and strides read from the descriptors). Report: Guarded minus Unguarded
// at the same shape is the guard's time per call; the goal is under 100 ns.
// Single thread.
#include "affjit/Engine.h"

#include <benchmark/benchmark.h>

#include <string>

namespace {

/// z[i] = x[i] * y[i] + z[i] over `type`.
std::string multiplyAdd(const std::string &type) {
  return "func.func @fma(%x: " + type + ", %y: " + type + ", %z: " + type +
         R"() {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : )" +
         type + R"(
  affine.for %i = 0 to %n {
    %a = affine.load %x[%i] : )" +
         type + R"(
    %b = affine.load %y[%i] : )" +
         type + R"(
    %c = affine.load %z[%i] : )" +
         type + R"(
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %p, %c : f32
    affine.store %s, %z[%i] : )" +
         type + R"(
  }
  return
}
)";
}

constexpr int64_t kElements = 64;

void callMultiplyAdd(benchmark::State &state, const std::string &type,
                     bool guarded) {
  affjit::EngineOptions options;
  options.threads = 1;
  options.assumeDistinctArgs = !guarded;
  affjit::Engine engine(options);
  if (affjit::Error err = engine.compile(multiplyAdd(type))) {
    state.SkipWithError(err.message().c_str());
    return;
  }
  auto fma = engine.lookup("fma");
  if (!fma) {
    state.SkipWithError(fma.error().message().c_str());
    return;
  }
  affjit::MemRef<float, 1> x({kElements}), y({kElements}), z({kElements});
  for (int64_t i = 0; i < kElements; ++i) {
    x(i) = 1.0f;
    y(i) = 0.5f;
    z(i) = 0.0f;
  }
  for (auto _ : state) {
    if (affjit::Error err = fma->call(x, y, z)) {
      state.SkipWithError(err.message().c_str());
      return;
    }
    benchmark::ClobberMemory();
  }
}

const std::string kStatic = "memref<64xf32>";
const std::string kDynamic = "memref<?xf32>";

void BM_AliasGuard_Static_Guarded(benchmark::State &state) {
  callMultiplyAdd(state, kStatic, true);
}
void BM_AliasGuard_Static_Unguarded(benchmark::State &state) {
  callMultiplyAdd(state, kStatic, false);
}
void BM_AliasGuard_Dynamic_Guarded(benchmark::State &state) {
  callMultiplyAdd(state, kDynamic, true);
}
void BM_AliasGuard_Dynamic_Unguarded(benchmark::State &state) {
  callMultiplyAdd(state, kDynamic, false);
}
BENCHMARK(BM_AliasGuard_Static_Guarded);
BENCHMARK(BM_AliasGuard_Static_Unguarded);
BENCHMARK(BM_AliasGuard_Dynamic_Guarded);
BENCHMARK(BM_AliasGuard_Dynamic_Unguarded);

} // namespace

// raise-scf's payoff: scf versions of a matmul, a 5-point stencil and a
// sum reduction (scf.for with memref.load/store, the shape mlir-opt's
// --convert-affine-for-to-scf style pipelines emit) against their affine
// twins, all under the `default` pipeline on one thread, plus the scf
// version under `default` without raise-scf (what affjit did before the
// pass: the affine passes see no loops to work on).
//
// Rows: BM_ScfRaise/KERNEL/VARIANT, KERNEL one of matmul (256^3),
// stencil (5-point, 1024^2), reduction (sum of 2^22 floats), VARIANT one
// of affine_default, scf_default, scf_noraise. Each row's output is
// compared bit for bit with affine_default's (no fast math: the passes
// reorder no float operation), else the row is an error. The counter
// GFLOPS is nominal flops per second of CPU time. Compare scf_default with
// affine_default (raise-scf should make them the same program) and with
// scf_noraise (what raising buys):
//
//   build/bin/affjit_bench --benchmark_filter='BM_ScfRaise'
#include "affjit/Engine.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace {

constexpr int64_t kMM = 256;
constexpr int64_t kSt = 1024;
constexpr int64_t kRed = int64_t(1) << 22;

/// The default pipeline without raise-scf, in the registry's order.
const char *kNoRaise = "fuse,interchange,tile,scalrep,reassociate,stream-"
                       "reductions,vectorize,unroll-jam,skew-jam,pack,"
                       "pack-panels";

std::string matmul(bool scf) {
  std::string t = "memref<256x256xf32>";
  if (!scf)
    return "func.func @kernel(%A: " + t + ", %B: " + t + ", %C: " + t +
           ") {\n"
           "  affine.for %i = 0 to 256 {\n"
           "    affine.for %j = 0 to 256 {\n"
           "      %c0 = affine.load %C[%i, %j] : " +
           t +
           "\n"
           "      %r = affine.for %k = 0 to 256 iter_args(%s = %c0) -> "
           "(f32) {\n"
           "        %a = affine.load %A[%i, %k] : " +
           t + "\n        %b = affine.load %B[%k, %j] : " + t +
           "\n"
           "        %p = arith.mulf %a, %b : f32\n"
           "        %n = arith.addf %s, %p : f32\n"
           "        affine.yield %n : f32\n"
           "      }\n"
           "      affine.store %r, %C[%i, %j] : " +
           t + "\n    }\n  }\n  return\n}\n";
  return "func.func @kernel(%A: " + t + ", %B: " + t + ", %C: " + t +
         ") {\n"
         "  %z = arith.constant 0 : index\n"
         "  %o = arith.constant 1 : index\n"
         "  %n = arith.constant 256 : index\n"
         "  scf.for %i = %z to %n step %o {\n"
         "    scf.for %j = %z to %n step %o {\n"
         "      %c0 = memref.load %C[%i, %j] : " +
         t +
         "\n"
         "      %r = scf.for %k = %z to %n step %o iter_args(%s = %c0) -> "
         "(f32) {\n"
         "        %a = memref.load %A[%i, %k] : " +
         t + "\n        %b = memref.load %B[%k, %j] : " + t +
         "\n"
         "        %p = arith.mulf %a, %b : f32\n"
         "        %q = arith.addf %s, %p : f32\n"
         "        scf.yield %q : f32\n"
         "      }\n"
         "      memref.store %r, %C[%i, %j] : " +
         t + "\n    }\n  }\n  return\n}\n";
}

std::string stencil(bool scf) {
  std::string t = "memref<1024x1024xf32>";
  std::string body = "      %n = LOAD %In[IM1, J] : " + t +
                     "\n      %s = LOAD %In[IP1, J] : " + t +
                     "\n      %w = LOAD %In[I, JM1] : " + t +
                     "\n      %e = LOAD %In[I, JP1] : " + t +
                     "\n      %c = LOAD %In[I, J] : " + t +
                     "\n"
                     "      %a = arith.addf %n, %s : f32\n"
                     "      %b = arith.addf %w, %e : f32\n"
                     "      %d = arith.addf %a, %b : f32\n"
                     "      %f = arith.addf %d, %c : f32\n"
                     "      %g = arith.mulf %f, %fifth : f32\n"
                     "      STORE %g, %Out[I, J] : " +
                     t + "\n";
  auto replace = [&](std::string from, std::string to) {
    for (size_t at; (at = body.find(from)) != std::string::npos;)
      body.replace(at, from.size(), to);
  };
  std::string head = "func.func @kernel(%In: " + t + ", %Out: " + t +
                     ") {\n  %fifth = arith.constant 0.2 : f32\n";
  if (!scf) {
    replace("LOAD", "affine.load");
    replace("STORE", "affine.store");
    replace("IM1", "%i - 1");
    replace("IP1", "%i + 1");
    replace("JM1", "%j - 1");
    replace("JP1", "%j + 1");
    replace("I,", "%i,");
    replace(" J]", " %j]");
    return head +
           "  affine.for %i = 1 to 1023 {\n    affine.for %j = 1 to 1023 {\n" +
           body + "    }\n  }\n  return\n}\n";
  }
  replace("LOAD", "memref.load");
  replace("STORE", "memref.store");
  replace("IM1", "%im1");
  replace("IP1", "%ip1");
  replace("JM1", "%jm1");
  replace("JP1", "%jp1");
  replace("I,", "%i,");
  replace(" J]", " %j]");
  return head +
         "  %o = arith.constant 1 : index\n"
         "  %u = arith.constant 1023 : index\n"
         "  scf.for %i = %o to %u step %o {\n"
         "    %im1 = arith.subi %i, %o : index\n"
         "    %ip1 = arith.addi %i, %o : index\n"
         "    scf.for %j = %o to %u step %o {\n"
         "      %jm1 = arith.subi %j, %o : index\n"
         "      %jp1 = arith.addi %j, %o : index\n" +
         body + "    }\n  }\n  return\n}\n";
}

std::string reduction(bool scf) {
  std::string t = "memref<4194304xf32>";
  if (!scf)
    return "func.func @kernel(%X: " + t +
           ", %Out: memref<1xf32>) {\n"
           "  %z = arith.constant 0.0 : f32\n"
           "  %r = affine.for %i = 0 to 4194304 iter_args(%s = %z) -> (f32) "
           "{\n"
           "    %v = affine.load %X[%i] : " +
           t +
           "\n"
           "    %n = arith.addf %s, %v : f32\n"
           "    affine.yield %n : f32\n"
           "  }\n"
           "  affine.store %r, %Out[0] : memref<1xf32>\n"
           "  return\n}\n";
  return "func.func @kernel(%X: " + t +
         ", %Out: memref<1xf32>) {\n"
         "  %z = arith.constant 0.0 : f32\n"
         "  %c0 = arith.constant 0 : index\n"
         "  %c1 = arith.constant 1 : index\n"
         "  %n = arith.constant 4194304 : index\n"
         "  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> (f32) "
         "{\n"
         "    %v = memref.load %X[%i] : " +
         t +
         "\n"
         "    %q = arith.addf %s, %v : f32\n"
         "    scf.yield %q : f32\n"
         "  }\n"
         "  memref.store %r, %Out[%c0] : memref<1xf32>\n"
         "  return\n}\n";
}

std::string kernelText(const std::string &kernel, bool scf) {
  if (kernel == "matmul")
    return matmul(scf);
  if (kernel == "stencil")
    return stencil(scf);
  return reduction(scf);
}

affjit::Expected<affjit::Function> compiled(const std::string &kernel, bool scf,
                                            const std::string &pipeline) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<affjit::Engine>> engines;
  std::lock_guard<std::mutex> lock(mutex);
  std::string key = kernel + (scf ? "/scf/" : "/affine/") + pipeline;
  auto it = engines.find(key);
  if (it == engines.end()) {
    affjit::EngineOptions options;
    options.pipeline = pipeline;
    options.threads = 1;
    auto engine = std::make_unique<affjit::Engine>(options);
    if (affjit::Error err =
            engine->compile(kernelText(kernel, scf), key + ".mlir"))
      return err;
    it = engines.emplace(key, std::move(engine)).first;
  }
  return it->second->lookup("kernel");
}

/// Small integers times 2^-6: exact in f32, so sums in order are exact
/// enough to compare bit for bit between variants.
void fill(float *p, int64_t n, int seed) {
  for (int64_t i = 0; i < n; ++i)
    p[i] = float((i * 7 + seed * 13) % 17 - 8) / 64.0f;
}

/// Runs `kernel` on fresh inputs; `out` gets the output buffer's bytes.
struct Run {
  std::vector<float> out;
  double flops = 0;
};

affjit::Error runOnce(const affjit::Function &f, const std::string &kernel,
                      Run &run, benchmark::State *state) {
  auto timed = [&](auto &&call) -> affjit::Error {
    if (!state)
      return call();
    for (auto _ : *state)
      if (affjit::Error err = call())
        return err;
    return affjit::Error();
  };
  if (kernel == "matmul") {
    affjit::MemRef<float, 2> a({kMM, kMM}), b({kMM, kMM}), c({kMM, kMM});
    fill(a.data(), kMM * kMM, 1);
    fill(b.data(), kMM * kMM, 2);
    fill(c.data(), kMM * kMM, 3);
    run.flops = 2.0 * kMM * kMM * kMM;
    if (affjit::Error err = timed([&] { return f.call(a, b, c); }))
      return err;
    run.out.assign(c.data(), c.data() + kMM * kMM);
  } else if (kernel == "stencil") {
    affjit::MemRef<float, 2> in({kSt, kSt}), out({kSt, kSt});
    fill(in.data(), kSt * kSt, 4);
    std::memset(out.data(), 0, sizeof(float) * kSt * kSt);
    run.flops = 6.0 * (kSt - 2) * (kSt - 2);
    if (affjit::Error err = timed([&] { return f.call(in, out); }))
      return err;
    run.out.assign(out.data(), out.data() + kSt * kSt);
  } else {
    affjit::MemRef<float, 1> x({kRed}), out({1});
    fill(x.data(), kRed, 5);
    run.flops = double(kRed);
    if (affjit::Error err = timed([&] { return f.call(x, out); }))
      return err;
    run.out.assign(out.data(), out.data() + 1);
  }
  return affjit::Error();
}

void BM_ScfRaise(benchmark::State &state, const std::string &kernel,
                 const std::string &variant) {
  bool scf = variant != "affine_default";
  std::string pipeline = variant == "scf_noraise" ? kNoRaise : "default";
  auto f = compiled(kernel, scf, pipeline);
  auto reference = compiled(kernel, false, "default");
  if (!f || !reference) {
    state.SkipWithError((!f ? f.error() : reference.error()).message().c_str());
    return;
  }
  // One untimed call each for the check (matmul accumulates into C, so
  // the timed calls' output is not comparable), then the timed calls.
  Run expected, got, timed;
  affjit::Error err = runOnce(*reference, kernel, expected, nullptr);
  if (!err)
    err = runOnce(*f, kernel, got, nullptr);
  if (err) {
    state.SkipWithError(err.message().c_str());
    return;
  }
  if (std::memcmp(got.out.data(), expected.out.data(),
                  got.out.size() * sizeof(float)) != 0) {
    state.SkipWithError("output differs from affine_default's");
    return;
  }
  if (affjit::Error e = runOnce(*f, kernel, timed, &state)) {
    state.SkipWithError(e.message().c_str());
    return;
  }
  state.counters["GFLOPS"] =
      benchmark::Counter(got.flops * double(state.iterations()) / 1e9,
                         benchmark::Counter::kIsRate);
}

[[maybe_unused]] const bool kRegistered = [] {
  for (const char *kernel : {"matmul", "stencil", "reduction"})
    for (const char *variant : {"affine_default", "scf_default", "scf_noraise"})
      benchmark::RegisterBenchmark(
          (std::string("BM_ScfRaise/") + kernel + "/" + variant).c_str(),
          [kernel, variant](benchmark::State &s) {
            BM_ScfRaise(s, kernel, variant);
          })
          ->MinTime(0.3)
          ->Unit(benchmark::kMillisecond);
  return true;
}();

} // namespace

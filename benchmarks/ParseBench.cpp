// Frontend throughput: parse (+verify +print) of a generated ~10 MB module,
// against MLIR 19's mlir-opt doing the same work on the same file in the
// same run. Report: compare the affjit rows with the MlirOpt row (process
// start-up of mlir-opt is a few ms and is included in its time).
#include "frontend/parse/Parser.h"
#include "frontend/print/Printer.h"
#include "frontend/verify/Verifier.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace {

/// One function with a 2-deep loop nest, loads, arithmetic and stores.
void appendKernel(std::ostringstream &os, int id) {
  os << "func.func @k" << id
     << "(%A: memref<128x128xf32>, %B: memref<128x128xf32>, %N: index) {\n"
        "  %c = arith.constant 1.500000e+00 : f32\n"
        "  affine.for %i = 0 to 128 {\n"
        "    affine.for %j = 0 to min affine_map<(d0)[s0] -> (128, d0 + "
        "s0)>(%i)[%N] {\n"
        "      %a = affine.load %A[%i, %j] : memref<128x128xf32>\n"
        "      %b = affine.load %B[%j, %i + 0] : memref<128x128xf32>\n"
        "      %m = arith.mulf %a, %c : f32\n"
        "      %s = arith.addf %m, %b : f32\n"
        "      affine.store %s, %A[%i, %j] : memref<128x128xf32>\n"
        "    }\n"
        "  }\n"
        "  return\n"
        "}\n";
}

const std::string &tenMegabyteModule() {
  static const std::string text = [] {
    std::ostringstream os;
    for (int i = 0; os.tellp() < 10 * 1024 * 1024; ++i)
      appendKernel(os, i);
    return os.str();
  }();
  return text;
}

const std::string &moduleFile() {
  static const std::string path = [] {
    std::string p = "/tmp/affjit-bench-parse.mlir";
    std::ofstream(p) << tenMegabyteModule();
    return p;
  }();
  return path;
}

void BM_AffjitParse(benchmark::State &state) {
  affjit::SourceBuffer src{std::make_shared<const std::string>("bench.mlir"),
                           tenMegabyteModule()};
  for (auto _ : state) {
    affjit::DiagnosticEngine diag;
    auto module = affjit::parseModule(src, diag);
    if (!module)
      state.SkipWithError("parse failed");
    benchmark::DoNotOptimize(module.get());
  }
  state.SetBytesProcessed(state.iterations() * src.text.size());
}
BENCHMARK(BM_AffjitParse)->Unit(benchmark::kMillisecond);

void BM_AffjitParseVerifyPrint(benchmark::State &state) {
  affjit::SourceBuffer src{std::make_shared<const std::string>("bench.mlir"),
                           tenMegabyteModule()};
  for (auto _ : state) {
    affjit::DiagnosticEngine diag;
    auto module = affjit::parseModule(src, diag);
    if (!module || !affjit::verifyModule(*module, diag))
      state.SkipWithError("parse/verify failed");
    std::ostringstream out;
    affjit::printModule(*module, out);
    benchmark::DoNotOptimize(out.tellp());
  }
  state.SetBytesProcessed(state.iterations() * src.text.size());
}
BENCHMARK(BM_AffjitParseVerifyPrint)->Unit(benchmark::kMillisecond);

/// The peer: mlir-opt parses, verifies and prints the same file.
void BM_MlirOptParseVerifyPrint(benchmark::State &state) {
  std::string cmd = "/usr/lib/llvm-19/bin/mlir-opt --mlir-disable-threading " +
                    moduleFile() + " -o /dev/null";
  for (auto _ : state) {
    auto t0 = std::chrono::steady_clock::now();
    if (std::system(cmd.c_str()) != 0)
      state.SkipWithError("mlir-opt failed (is mlir-19-tools installed?)");
    auto t1 = std::chrono::steady_clock::now();
    state.SetIterationTime(std::chrono::duration<double>(t1 - t0).count());
  }
  state.SetBytesProcessed(state.iterations() * tenMegabyteModule().size());
}
BENCHMARK(BM_MlirOptParseVerifyPrint)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();

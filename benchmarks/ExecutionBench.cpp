// Execution: compile latency of seed 002's chained-matmul module (the
// fusion walk-through's kernel plus a driver) at O3, first and repeated, and
// the whole program run end to end by `affjit run` against MLIR 19's
// upstream pipeline (`run-mlir`: mlir-opt lowering + mlir-cpu-runner -O3)
// in the same benchmark run. Report: RunSeed002/affjit vs
// RunSeed002/run_mlir is the speed ratio; both include process start-up,
// lowering and JIT compilation.
#include "affjit/Engine.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace {

const std::string kKernelFile =
    std::string(AFFJIT_SOURCE_DIR) + "/benchmarks/kernels/seed002_kernel.mlir";
const std::string kProgramFile =
    std::string(AFFJIT_SOURCE_DIR) +
    "/benchmarks/kernels/seed002_chained_matmul.mlir";

std::string readFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Compiles seed 002's module in a fresh engine per iteration. `cold`
/// makes every iteration's text unique (a trailing comment), so nothing
/// comes from the object cache; otherwise every iteration after the first
/// is a repeat compile served by the cache.
void compileSeed002(benchmark::State &state, bool cold) {
  std::string text = readFile(kKernelFile);
  unsigned optLevel = (unsigned)state.range(0);
  int64_t n = 0;
  for (auto _ : state) {
    std::string source = text;
    if (cold)
      source += "// " + std::to_string(n++) + "\n";
    affjit::Engine engine(affjit::EngineOptions{{optLevel}});
    if (affjit::Error err = engine.compile(source, kKernelFile)) {
      state.SkipWithError(err.message().c_str());
      return;
    }
  }
}

void BM_CompileSeed002_Cold(benchmark::State &state) {
  compileSeed002(state, true);
}
BENCHMARK(BM_CompileSeed002_Cold)
    ->Arg(0)
    ->Arg(2)
    ->Arg(3)
    ->ArgName("O")
    ->Unit(benchmark::kMillisecond);

void BM_CompileSeed002_Repeat(benchmark::State &state) {
  compileSeed002(state, false);
}
BENCHMARK(BM_CompileSeed002_Repeat)
    ->Arg(3)
    ->ArgName("O")
    ->Unit(benchmark::kMillisecond);

/// Runs a shell command per iteration; fails the benchmark on non-zero exit.
void runCommand(benchmark::State &state, const std::string &cmd) {
  for (auto _ : state) {
    if (std::system((cmd + " > /dev/null").c_str()) != 0) {
      state.SkipWithError(("command failed: " + cmd).c_str());
      return;
    }
  }
}

void BM_RunSeed002_affjit(benchmark::State &state) {
  runCommand(state, std::string(AFFJIT_BINARY_DIR) + "/bin/affjit run " +
                        kProgramFile);
}
BENCHMARK(BM_RunSeed002_affjit)->Unit(benchmark::kMillisecond)->Iterations(5);

/// MLIR's pipeline as the project's tools run it; AFFJIT_RUN_MLIR overrides.
std::string runMlirTool() {
  if (const char *env = std::getenv("AFFJIT_RUN_MLIR"))
    return env;
  return std::string(AFFJIT_SOURCE_DIR) + "/../shared/tools/run-mlir";
}

void BM_RunSeed002_run_mlir(benchmark::State &state) {
  runCommand(state, runMlirTool() + " " + kProgramFile);
}
BENCHMARK(BM_RunSeed002_run_mlir)->Unit(benchmark::kMillisecond)->Iterations(5);

} // namespace

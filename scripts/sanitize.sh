#!/usr/bin/env bash
# Builds the test suite with AddressSanitizer + UndefinedBehaviorSanitizer
# (clang-19, in build-asan: the build scripts/fuzz.sh uses too, see
# affjit_sanitized_build in scripts/deps.sh) and runs it; any sanitizer
# report fails the test that triggered it. With `thread` as the first
# argument it builds with ThreadSanitizer instead (build-tsan) and runs the
# concurrency tests only. With `parallel` it builds only the small
# bin/affjit_parallel_tests under ThreadSanitizer (build-tsan-parallel) and
# runs it with LLVM's Archer tool, which tells ThreadSanitizer about the
# OpenMP runtime's synchronization: parallel kernels, also from two engines
# on two threads at once, must be free of data races.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
mode=${1:-address}
if [ "$mode" = parallel ]; then
  dir=${AFFJIT_TSAN_PARALLEL_BUILD_DIR:-build-tsan-parallel}
  if [ ! -f "$dir/build.ninja" ]; then
    # Release (no debug info) keeps this build of the libraries short;
    # TSan's reports still name the functions. It is CI's g++ build (the
    # others use clang-19).
    cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ \
      -DAFFJIT_SANITIZE=thread -DAFFJIT_BUILD_BENCHMARKS=OFF
  fi
  cmake --build "$dir" --target affjit_parallel_tests ${AFFJIT_SANITIZE_JOBS:+-j "$AFFJIT_SANITIZE_JOBS"}
  archer=/usr/lib/llvm-19/lib/libarcher.so
  [ -f "$archer" ] || { echo "affjit: $archer missing (libomp-19-dev)"; exit 1; }
  # libomp itself is not instrumented: Archer reports its barriers and
  # forks to TSan, and reports from inside libomp are not affjit's.
  export OMP_TOOL_LIBRARIES=$archer
  export ARCHER_OPTIONS=verbose=0
  export TSAN_OPTIONS=halt_on_error=1:ignore_noninstrumented_modules=1
  "$dir/bin/affjit_parallel_tests"
  exit 0
fi
if [ "$mode" = thread ]; then
  dir=${AFFJIT_TSAN_BUILD_DIR:-build-tsan}
  filter='EngineStability.EnginesOnTwoThreads*:FunctionHandle.CallsFromTwoThreadsWhileAThirdCompiles'
  affjit_configure_sanitized "$dir" -DAFFJIT_SANITIZE=thread
  cmake --build "$dir" --target affjit affjit_tests
else
  dir=${AFFJIT_ASAN_BUILD_DIR:-build-asan}
  filter=''
  affjit_sanitized_build affjit affjit_tests affjit_parallel_tests
fi
# Report and fail on everything, but let the runtime's allocation-failure
# tests see null from huge requests, and do not blame affjit for memory a
# test program never frees.
export ASAN_OPTIONS=allocator_may_return_null=1:detect_leaks=1
export LSAN_OPTIONS=suppressions=$PWD/tests/sanitizer/lsan.supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
if [ -n "$filter" ]; then
  "$dir/bin/affjit_tests" --gtest_filter="$filter"
else
  # The README example and the ahead-of-time programs (AheadOfTime) link
  # outside code that is not sanitized, and the
  # format check and the API's compile-failure checks do not run affjit's
  # code: all are covered by the main run. So are the differential
  # campaigns against MLIR over random programs and the corpus-wide oracle
  # and brute-force comparisons, which take most of
  # the suite's time and run the analyses the other tests run under the
  # sanitizers too: they keep CI under its budget. The Python module's tests
  # (PythonModule) would load a sanitized extension into an unsanitized
  # interpreter, and the extension is not built here.
  ctest --test-dir "$dir" --output-on-failure -j "$(nproc)" \
    -E 'ReadmeCppExample|AheadOfTime|PythonModule|ClangFormat|ApiCompile.DroppedErrorsAndExpectedsDoNotCompile|DependenceOracle.RandomProgramsMatchMlir|DependenceOracle.CorpusProgramsMatchMlir|DependenceExact.MatchesBruteForceEnumeration|Tile.RandomOffsetStencilsComputeTheSameTiledOrNot|OmegaTest.RandomSystemsMatchBruteForce|RandomProgram.AcceptedByMlirWithDependenceRemarks|FusionParity.FusesAtLeastAsMuchAsMlir|PassOracle.NormalizeMatchesMlirOnRandomPrograms|SoundnessFuzz.PassesPrintWhatTheUnoptimizedProgramPrints|SoundnessGenerator.EveryFamilyParsesInMlirOpt'
fi

#!/usr/bin/env bash
# Builds the test suite with AddressSanitizer + UndefinedBehaviorSanitizer
# (AFFJIT_SANITIZE=address,undefined, g++) in build-asan and runs it; any
# sanitizer report fails the test that triggered it. With `thread` as the
# first argument it builds with ThreadSanitizer instead (build-tsan) and runs
# the concurrency tests only.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-address}
if [ "$mode" = thread ]; then
  dir=${AFFJIT_TSAN_BUILD_DIR:-build-tsan}
  sanitize=thread
  filter='EngineStability.EnginesOnTwoThreads*:FunctionHandle.CallsFromTwoThreadsWhileAThirdCompiles'
else
  dir=${AFFJIT_ASAN_BUILD_DIR:-build-asan}
  sanitize=address,undefined
  filter=''
fi
if [ ! -f "$dir/build.ninja" ]; then
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DAFFJIT_SANITIZE=$sanitize -DAFFJIT_BUILD_BENCHMARKS=OFF
fi
cmake --build "$dir" --target affjit affjit_tests
# Report and fail on everything, but let the runtime's allocation-failure
# tests see null from huge requests, and do not blame affjit for memory a
# test program never frees.
export ASAN_OPTIONS=allocator_may_return_null=1:detect_leaks=1
export LSAN_OPTIONS=suppressions=$PWD/tests/sanitizer/lsan.supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
if [ -n "$filter" ]; then
  "$dir/bin/affjit_tests" --gtest_filter="$filter"
else
  # The README example links an outside project (not sanitized) and the
  # format check does not run code: both are covered by the main run.
  ctest --test-dir "$dir" --output-on-failure -j "$(nproc)" \
    -E 'ReadmeCppExample|ClangFormat'
fi

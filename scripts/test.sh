#!/usr/bin/env bash
# One command for the whole test suite: install what is missing (including
# the MLIR 19 oracle), build, run every test with CTest, then the sanitizer
# build of the suite and the fuzzers (AFFJIT_SKIP_ROBUSTNESS=1 skips those).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
affjit_install_missing "${AFFJIT_BUILD_PACKAGES[@]}" "${AFFJIT_TEST_PACKAGES[@]}"
affjit_build
ctest --test-dir "${AFFJIT_BUILD_DIR:-build}" --output-on-failure -j "$(nproc)"
# Robustness: the suite again under ASan + UBSan, parallel kernels under
# ThreadSanitizer (a small binary of its own), then the parser and compiler
# fuzzers for a bounded time (AFFJIT_FUZZ_SECONDS, default 60).
if [ "${AFFJIT_SKIP_ROBUSTNESS:-0}" != 1 ]; then
  scripts/sanitize.sh
  scripts/sanitize.sh parallel
  scripts/fuzz.sh
fi

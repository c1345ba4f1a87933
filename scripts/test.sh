#!/usr/bin/env bash
# One command for the whole test suite: install what is missing (including
# the MLIR 19 oracle), build, and run every test with CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
affjit_install_missing "${AFFJIT_BUILD_PACKAGES[@]}" "${AFFJIT_TEST_PACKAGES[@]}"
affjit_build
ctest --test-dir "${AFFJIT_BUILD_DIR:-build}" --output-on-failure -j "$(nproc)"

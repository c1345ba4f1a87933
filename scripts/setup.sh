#!/usr/bin/env bash
# One command for a fresh Debian bookworm machine: install what is missing,
# build affjit, and run the demo.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
affjit_install_missing "${AFFJIT_BUILD_PACKAGES[@]}"
affjit_build
echo "== demo: affjit opt examples/demo.mlir"
build/bin/affjit opt examples/demo.mlir

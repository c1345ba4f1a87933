#!/usr/bin/env bash
# One command for a fresh Debian bookworm machine: install what is missing,
# build affjit, and run the demo.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
affjit_install_missing "${AFFJIT_BUILD_PACKAGES[@]}"
affjit_build
echo "== demo: affjit opt examples/demo.mlir (parse, verify, print back)"
build/bin/affjit opt examples/demo.mlir
echo "== demo: affjit run examples/matmul_run.mlir (JIT-compile for this CPU and run)"
build/bin/affjit run examples/matmul_run.mlir

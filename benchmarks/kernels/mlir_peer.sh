#!/bin/bash
# Builds a kernel file's @kernel with MLIR 19's own pipeline into a shared
# object for benchmarks/KernelBench.cpp: mlir-opt keeps only @kernel
# (symbol-privatize + symbol-dce drop @main and its helpers), runs MLIR's
# affine optimizations (fusion, scalar replacement, super-vectorization at
# 16 f32 lanes, loop-invariant code motion), lowers to the LLVM dialect with
# a C wrapper (_mlir_ciface_kernel takes memref descriptors by pointer),
# mlir-translate emits LLVM IR and clang-19 -O3 -march=native compiles it.
# Usage: mlir_peer.sh IN.mlir OUT.so MODE (MODE: exact, or fastmath for
# vectorize-reductions=true and clang -ffast-math).
# When a step fails the build goes on: OUT.so is not made and OUT.so.error
# says why; the benchmark shows that as the row's error.
set -o pipefail
in=$1; out=$2; mode=$3
M=${AFFJIT_LLVM_BIN:-/usr/lib/llvm-19/bin}
rm -f "$out" "$out.error"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
vec="--affine-super-vectorize=virtual-vector-size=16"
cflags="-O3 -march=native"
if [ "$mode" = fastmath ]; then
  vec="--affine-super-vectorize=virtual-vector-size=16 vectorize-reductions=true"
  cflags="$cflags -ffast-math"
fi
fail() { { echo "$1"; cat "$tmp/log"; } | head -c 2000 > "$out.error"; exit 0; }
[ -x "$M/mlir-opt" ] || { echo "mlir-opt (mlir-19-tools) was not found" > "$out.error"; exit 0; }
"$M/mlir-opt" "$in" --symbol-privatize=exclude=kernel --symbol-dce \
  --affine-loop-fusion --affine-scalrep "$vec" --affine-loop-invariant-code-motion \
  --lower-affine --convert-vector-to-scf --convert-scf-to-cf --convert-vector-to-llvm \
  --expand-strided-metadata --finalize-memref-to-llvm --convert-math-to-llvm \
  --convert-arith-to-llvm --llvm-request-c-wrappers --convert-func-to-llvm \
  --convert-cf-to-llvm --reconcile-unrealized-casts -o "$tmp/k.mlir" 2> "$tmp/log" ||
  fail "mlir-opt failed:"
"$M/mlir-translate" --mlir-to-llvmir "$tmp/k.mlir" -o "$tmp/k.ll" 2> "$tmp/log" ||
  fail "mlir-translate failed:"
"${AFFJIT_PEER_CLANG:-clang-19}" $cflags -fPIC -shared -Wno-override-module \
  "$tmp/k.ll" -o "$out" -lm 2> "$tmp/log" || fail "clang-19 failed on MLIR's LLVM IR:"

#!/usr/bin/env bash
# Builds the libFuzzer targets with clang-19 (ASan + UBSan) and runs each
# for AFFJIT_FUZZ_RUNS inputs (default 100000) or AFFJIT_FUZZ_SECONDS
# (default 60), whichever ends first, from a seed corpus of every .mlir file
# under tests/ and examples/, with the MLIR token dictionary. Any crash,
# sanitizer report, leak, timeout or round-trip mismatch fails the run; the
# input that caused it is left in build-fuzz/fuzz-TARGET/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${AFFJIT_FUZZ_BUILD_DIR:-build-fuzz}
seconds=${AFFJIT_FUZZ_SECONDS:-60}
# A fixed seed and a fixed number of runs make the run reproducible: CI
# executes exactly the inputs a local run with the same settings executed
# (or a prefix of them, if the time limit stops a slower machine first).
seed=${AFFJIT_FUZZ_SEED:-1}
runs=${AFFJIT_FUZZ_RUNS:-100000}
if [ ! -f "$dir/build.ninja" ]; then
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
    -DAFFJIT_FUZZ=ON -DAFFJIT_BUILD_TESTS=OFF -DAFFJIT_BUILD_BENCHMARKS=OFF
fi
cmake --build "$dir" --target affjit-fuzz-parse affjit-fuzz-compile
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
n=0
while IFS= read -r -d '' f; do
  cp "$f" "$seeds/seed-$n.mlir"
  n=$((n + 1))
done < <(find tests examples -name '*.mlir' -print0 | LC_ALL=C sort -z)
for target in parse compile; do
  work=$dir/fuzz-$target
  mkdir -p "$work/corpus" "$work/artifacts"
  echo "== affjit-fuzz-$target: $runs runs or ${seconds}s, seed $seed ($n seeds)"
  "$dir/bin/affjit-fuzz-$target" -seed="$seed" -runs="$runs" \
    -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=4096 -print_final_stats=1 -dict=tests/fuzz/mlir.dict \
    -artifact_prefix="$work/artifacts/" "$work/corpus" "$seeds"
done

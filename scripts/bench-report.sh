#!/usr/bin/env bash
# The project's performance report: builds affjit, runs the kernel
# benchmarks of the Google Benchmark suite (every pipeline variant, the C
# and MLIR peers, the machine's measured peak FLOP/s and bandwidth) and
# writes bench-report/report.md with speedup and roofline plots
# (scripts/bench_report.py, gnuplot). Takes a few minutes and its numbers
# belong to this machine: it is not part of CI.
#
#   scripts/bench-report.sh                   # all kernel benchmarks
#   AFFJIT_BENCH_FILTER='EltwiseChain|Machine' scripts/bench-report.sh  # some
#   AFFJIT_BENCH_REPORT_DIR=/tmp/report scripts/bench-report.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
affjit_install_missing "${AFFJIT_BUILD_PACKAGES[@]}"
affjit_build
out=${AFFJIT_BENCH_REPORT_DIR:-bench-report}
mkdir -p "$out"
# Every row that runs a kernel (FusionBench, VectorizeBench, ExecutionBench's
# end-to-end run) or measures the machine (MachineBench).
kernels='^BM_(EltwiseChain|Seed002Chain|RunSeed002|ColSum|RowSum|Dot|Saxpy|MatVecRow|MatVecCol|Stream|Machine)'
"${AFFJIT_BUILD_DIR:-build}/bin/affjit_bench" \
  --benchmark_filter="${AFFJIT_BENCH_FILTER:-$kernels}" \
  --benchmark_out="$out/benchmarks.json" --benchmark_out_format=json
python3 scripts/bench_report.py "$out/benchmarks.json" "$out"

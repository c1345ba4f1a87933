#!/usr/bin/env bash
# Builds the libFuzzer targets with clang-19 (ASan + UBSan, in build-asan:
# the build scripts/sanitize.sh runs the test suite in, see
# affjit_sanitized_build in scripts/deps.sh) and runs each from a seed
# corpus with the MLIR token dictionary. Any crash, sanitizer report, leak,
# timeout or mismatch fails the run; the input that caused it is left in
# build-asan/fuzz-TARGET/artifacts/ (each target also keeps the corpus it
# grew in build-asan/fuzz-TARGET/corpus/ for the next run).
#
#   parse, compile  every .mlir file under tests/ and examples/ (but the
#                   large programs of tests/programs/large, which take
#                   seconds each under the sanitizers) and the generated
#                   fusion programs in scf form as seeds;
#                   AFFJIT_FUZZ_RUNS inputs (default 100000) or
#                   AFFJIT_FUZZ_SECONDS (default 45), whichever ends first.
#   fusion          differential: --pipeline=none and --pipeline=default
#                   must print the same (tests/fuzz/FuzzFusion.cpp). Seeds:
#                   AFFJIT_FUZZ_FUSION_SEEDS (default 12) generated programs
#                   as text and as many short generator inputs (seed +
#                   option bytes), plus tests/programs/fusion/*.mlir with
#                   AFFJIT_FUZZ_FUSION_CORPUS=1; AFFJIT_FUZZ_FUSION_RUNS
#                   inputs (default 300) or AFFJIT_FUZZ_FUSION_SECONDS
#                   (default 90), whichever ends first.
#
# Other settings:
#   AFFJIT_FUZZ_TARGETS      the targets to run (default "parse compile
#                            fusion")
#   AFFJIT_FUZZ_SEED         libFuzzer's -seed (default 1)
#   AFFJIT_FUZZ_FUSION_ARGS  more libFuzzer flags for the fusion target
#   AFFJIT_ASAN_BUILD_DIR    the build directory (default build-asan)
#
# A long fusion campaign by hand (runs = -1: no limit on inputs), in rounds
# of an hour that each go on from the corpus the previous one grew (the
# process's memory grows by about 25 MB per 1000 inputs):
#
#   for s in $(seq 1 8); do AFFJIT_FUZZ_TARGETS=fusion \
#     AFFJIT_FUZZ_FUSION_RUNS=-1 AFFJIT_FUZZ_FUSION_SECONDS=3600 \
#     AFFJIT_FUZZ_FUSION_SEEDS=30 AFFJIT_FUZZ_FUSION_CORPUS=1 \
#     AFFJIT_FUZZ_SEED=$s scripts/fuzz.sh || break; done
#
# and AFFJIT_FUZZ_FUSION_VERBOSE=1 to see why each input was skipped. A
# failing input reproduces with `build-asan/bin/affjit-fuzz-fusion FILE`,
# which prints the program and both outputs.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
dir=${AFFJIT_ASAN_BUILD_DIR:-build-asan}
seconds=${AFFJIT_FUZZ_SECONDS:-45}
# A fixed seed and a fixed number of runs make the run reproducible: CI
# executes exactly the inputs a local run with the same settings executed
# (or a prefix of them, if the time limit stops a slower machine first).
seed=${AFFJIT_FUZZ_SEED:-1}
runs=${AFFJIT_FUZZ_RUNS:-100000}
fusion_runs=${AFFJIT_FUZZ_FUSION_RUNS:-300}
fusion_seconds=${AFFJIT_FUZZ_FUSION_SECONDS:-90}
targets=${AFFJIT_FUZZ_TARGETS:-parse compile fusion}
build=()
for target in $targets; do
  case $target in
  parse | compile) build+=("affjit-fuzz-$target" affjit_gen_fusion_program) ;;
  fusion) build+=(affjit-fuzz-fusion affjit_gen_fusion_program) ;;
  *)
    echo "fuzz.sh: unknown target '$target' (known: parse compile fusion)" >&2
    exit 2
    ;;
  esac
done
affjit_sanitized_build "${build[@]}"
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
mkdir -p "$seeds/all" "$seeds/fusion"
n=0
while IFS= read -r -d '' f; do
  cp "$f" "$seeds/all/seed-$n.mlir"
  n=$((n + 1))
done < <(find tests examples -path tests/programs/large -prune -o \
  -name '*.mlir' -print0 | LC_ALL=C sort -z)
# The fusion target's seeds: generated programs as text (for mutation),
# short inputs that the target reads as a generator seed and option bytes,
# and the fusion safety corpus.
# CI seeds the fusion target with a dozen programs of each kind (every seed
# runs before the time limit applies, and each compiles four times under
# ASan); AFFJIT_FUZZ_FUSION_SEEDS=N takes more, AFFJIT_FUZZ_FUSION_CORPUS=1
# adds the safety corpus (which FusionSafetyTest runs anyway).
for i in $(seq 1 "${AFFJIT_FUZZ_FUSION_SEEDS:-12}"); do
  "$dir/bin/affjit_gen_fusion_program" "$i" >"$seeds/fusion/gen-$i.mlir"
  # Seed 1000 + i (little endian), then options varied per input.
  s=$((1000 + i))
  bytes=$(printf '\\%03o\\%03o\\000\\000\\000\\000\\000\\000' \
    $((s % 256)) $((s / 256)))
  for k in $(seq 0 7); do
    bytes+=$(printf '\\%03o' $(((i * 37 + k * 101 + 13) % 256)))
  done
  printf '%b' "$bytes" >"$seeds/fusion/seed-$i"
done
# The parse and compile targets also start from scf programs as MLIR's
# pipelines emit them: the generated programs through mlir-opt
# --lower-affine (scf.for, scf.if, memref.load/store with arith index
# arithmetic), next to the scf programs of tests/corpus.
mlir_opt=$(command -v mlir-opt-19 || echo /usr/lib/llvm-19/bin/mlir-opt)
if [ -x "$mlir_opt" ]; then
  for f in "$seeds"/fusion/gen-*.mlir; do
    [ -e "$f" ] || continue
    "$mlir_opt" --lower-affine "$f" -o "$seeds/all/scf-$(basename "$f")" ||
      rm -f "$seeds/all/scf-$(basename "$f")"
  done
fi
if [ "${AFFJIT_FUZZ_FUSION_CORPUS:-0}" = 1 ]; then
  cp tests/programs/fusion/*.mlir "$seeds/fusion/"
fi
for target in $targets; do
  work=$dir/fuzz-$target
  mkdir -p "$work/corpus" "$work/artifacts"
  if [ "$target" = fusion ]; then
    t_runs=$fusion_runs t_seconds=$fusion_seconds t_seeds=$seeds/fusion
    # Leak checks re-run nearly every input (the JIT's caches and the
    # programs' own allocations outlive it), doubling the cost; the parse
    # and compile targets and scripts/sanitize.sh check for leaks.
    # shellcheck disable=SC2206 # flags split on purpose
    extra=(-detect_leaks=0 ${AFFJIT_FUZZ_FUSION_ARGS:-})
  else
    t_runs=$runs t_seconds=$seconds t_seeds=$seeds/all extra=()
  fi
  echo "== affjit-fuzz-$target: $t_runs runs or ${t_seconds}s, seed $seed" \
    "($(find "$t_seeds" -type f | wc -l) seeds)"
  "$dir/bin/affjit-fuzz-$target" -seed="$seed" -runs="$t_runs" \
    -max_total_time="$t_seconds" -timeout=10 \
    -rss_limit_mb=4096 -print_final_stats=1 -dict=tests/fuzz/mlir.dict \
    -artifact_prefix="$work/artifacts/" "${extra[@]}" "$work/corpus" "$t_seeds"
done

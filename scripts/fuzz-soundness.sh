#!/bin/bash
# A long soundness-fuzzing campaign by hand: the SoundnessFuzz test of
# affjit_tests (tests/unit/SoundnessFuzzTest.cpp) over a range of seeds of
# tests/support/RandomSoundnessProgram, each program run with
# --pipeline=none and compared with default, single passes, prefixes of
# default, threads, vector widths, tiny caches, --checked and --fast-math.
#
#   scripts/fuzz-soundness.sh --seeds 5000 --first 1000 --jobs 2
#
# Options:
#   --seeds N        programs to run (default 1000)
#   --first S        first seed (default 1)
#   --jobs J         programs run at once (default 2)
#   --configs K|all  configurations per seed besides default (default 5,
#                    rotating; `all` runs every one on every seed)
#   --family NAME    only this family (affjit_gen_soundness_program --list)
#   --mlir-every M   also compare --pipeline=none with MLIR 19 every M-th
#                    seed (default 10; 0: never)
#   --keep DIR       where failing programs go (default
#                    build/soundness-failures/SEED-RANGE)
#   --affjit PATH    test this affjit binary instead of build/bin/affjit
#                    (say, one built from another commit)
#   --bisect         for each failing program, also name the single passes
#                    that change its output (each run alone, parallelize
#                    forced on 2 threads)
#   --build          build affjit_tests and the generator first (through
#                    the shared build lock)
#
# Prints per family: programs, failing programs and failing runs; then each
# failure: seed, family, config and the first differing line. Each failing
# program is kept as DIR/seedN-FAMILY.mlir with DIR/seedN-FAMILY.txt (the
# failing configs and their commands). The raw per-run report is
# DIR/report.tsv (seed, family, config, status, detail).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
seeds=1000 first=1 jobs=2 configs=5 family="" mlir_every=10 keep="" build=0
bisect=0
affjit=$root/build/bin/affjit
while [ $# -gt 0 ]; do
  case $1 in
    --seeds) seeds=$2; shift 2 ;;
    --first) first=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --configs) configs=$2; shift 2 ;;
    --family) family=$2; shift 2 ;;
    --mlir-every) mlir_every=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --affjit) affjit=$(realpath "$2"); shift 2 ;;
    --build) build=1; shift ;;
    --bisect) bisect=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "fuzz-soundness.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
keep=${keep:-$root/build/soundness-failures/$first-$((first + seeds - 1))}
mkdir -p "$keep"
report=$keep/report.tsv

if [ $build = 1 ]; then
  (cd "$root" && flock /tmp/affjit-build.lock cmake --build build -j2 \
    --target affjit_tests affjit_gen_soundness_program)
fi
[ -x "$root/build/bin/affjit_tests" ] ||
  { echo "fuzz-soundness.sh: build affjit_tests first (--build)" >&2; exit 2; }
# Run copies: the build directory is shared, and a rebuild replacing
# build/bin/affjit mid-campaign would fail every run after it.
snapshot=$(mktemp -d)
trap 'rm -rf "$snapshot"' EXIT
cp "$affjit" "$snapshot/affjit"
cp "$root/build/bin/affjit_tests" "$snapshot/affjit_tests"
tests=$snapshot/affjit_tests

echo "soundness campaign: seeds $first..$((first + seeds - 1)), $jobs jobs," \
  "configs per seed: $configs${family:+, family $family}; testing $affjit; failures in $keep"
start=$(date +%s)
status=0
AFFJIT_SOUNDNESS_SEEDS=$seeds AFFJIT_SOUNDNESS_FIRST=$first \
  AFFJIT_SOUNDNESS_JOBS=$jobs AFFJIT_SOUNDNESS_CONFIGS=$configs \
  AFFJIT_SOUNDNESS_FAMILY=$family AFFJIT_SOUNDNESS_MLIR_EVERY=$mlir_every \
  AFFJIT_SOUNDNESS_KEEP=$keep AFFJIT_SOUNDNESS_REPORT=$report \
  AFFJIT_SOUNDNESS_BINARY=$snapshot/affjit \
  "$tests" --gtest_filter='SoundnessFuzz.PassesPrintWhatTheUnoptimizedProgramPrints' \
  > "$keep/test-output.txt" 2>&1 || status=$?
echo "ran in $(( $(date +%s) - start )) s (gtest exit status $status; its output: $keep/test-output.txt)"
[ -s "$report" ] || { echo "no report written; see $keep/test-output.txt" >&2; exit 1; }

# Per family: programs (distinct seeds), failing programs, runs, failures.
awk -F'\t' '
  { fam[$2] = 1
    if (!(($1, $2) in seen)) { seen[$1, $2] = 1; programs[$2]++ }
    if ($4 == "skip") next
    runs[$2]++
    if ($4 == "fail") {
      fails[$2]++
      if (!(($1, $2) in failing)) { failing[$1, $2] = 1; failprog[$2]++ }
    } }
  END {
    printf "%-15s %9s %9s %8s %8s\n", "family", "programs", "failing", "runs", "failed"
    for (f in fam) {
      printf "%-15s %9d %9d %8d %8d\n", f, programs[f], failprog[f], runs[f], fails[f]
      tp += programs[f]; tf += failprog[f]; tr += runs[f]; tx += fails[f]
    }
    printf "%-15s %9d %9d %8d %8d\n", "total", tp, tf, tr, tx
  }' "$report" | (read -r header; echo "$header"; sort | grep -v '^total'; grep '^total' || true)

echo
echo "failing runs per config:"
awk -F'\t' '$4 == "fail" { n[$3]++ } END { for (c in n) printf "  %-24s %d\n", c, n[c] }' \
  "$report" | sort -k2 -n -r

echo
echo "failures (seed family config: first difference):"
awk -F'\t' '$4 == "fail" { printf "  %s %s %s: %s\n", $1, $2, $3, substr($5, 1, 300) }' "$report"
# Which single passes break each kept program.
if [ $bisect = 1 ]; then
  echo
  echo "single passes that change the output (seed-family: passes):"
  passes=$("$snapshot/affjit" opt --help | sed -n 's/.*--pipeline.*(known: \([^)]*\)).*/\1/p' |
    tr -d ' ' | tr ',' '\n' | grep -v -x -e none -e default -e report)
  strip() { grep -v 'base@'; }
  for f in "$keep"/seed*.mlir; do
    [ -e "$f" ] || continue
    if ! "$snapshot/affjit" run "$f" --pipeline=none --threads 1 >/dev/null 2>&1; then
      echo "  $(basename "$f" .mlir): the reference (--pipeline=none) itself fails"
      continue
    fi
    # Failing runs are what is looked for: no set -e here.
    want=$("$snapshot/affjit" run "$f" --pipeline=none --threads 1 2>&1 | strip || true)
    bad=""
    for p in $passes; do
      got=$(AFFJIT_PARALLEL_MIN_WORK=0 timeout -k 5 120 "$snapshot/affjit" run "$f" \
        --pipeline="$p" --threads 2 2>&1 | strip || true)
      [ "$got" = "$want" ] || bad="$bad $p"
    done
    echo "  $(basename "$f" .mlir):${bad:- none alone (a combination of passes, or threads, vector widths, caches, --checked or --fast-math)}"
  done
fi

echo
echo "reproduce one: build/bin/affjit_gen_soundness_program SEED > p.mlir &&" \
  "build/bin/affjit run p.mlir --pipeline=none --threads 1; the config's command is in $keep/seedSEED-FAMILY.txt"

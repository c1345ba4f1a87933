#!/bin/bash
# Re-checks the whole MLIR test corpus against the MLIR 19 oracle:
#   roundtrip/*.mlir  parse with mlir-opt, and print -> parse -> print is stable;
#   run/*.mlir        run-mlir stdout equals NAME.out once "base@ = 0x..." addresses are masked
#                     (extra passes come from a "// RUN-MLIR-EXTRA-PASSES: ..." header line);
#   legacy/*.mlir     NAME.modern.mlir parses; the legacy file is rejected by mlir-opt 19 (it really
#                     uses old spellings); a mechanical old->new rename of it parses to exactly
#                     what NAME.modern.mlir parses to;
#   invalid/*.mlir    mlir-opt's first error is at the LINE:COL of the "// EXPECT-ERROR:" header and
#                     contains SUBSTRING; "(affjit only: MLIR accepts)" files must be accepted.
# Usage: validate.sh [roundtrip|run|legacy|invalid]...   (default: all). Exit status 1 on failure.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
RUN_MLIR=${RUN_MLIR:-/work/shared/tools/run-mlir}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failures=0
declare -A checked

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# Masks the only nondeterministic part of the output: printMemref's buffer address.
mask_addresses() { sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = 0xADDR/g'; }

check_roundtrip() {
  local n=0 f
  for f in "$HERE"/roundtrip/*.mlir; do
    n=$((n + 1))
    if ! "$MLIR_OPT" "$f" > "$TMP/p1.mlir" 2> "$TMP/err"; then
      fail "roundtrip/$(basename "$f"): $(head -1 "$TMP/err")"; continue
    fi
    "$MLIR_OPT" "$TMP/p1.mlir" > "$TMP/p2.mlir" 2> "$TMP/err" && cmp -s "$TMP/p1.mlir" "$TMP/p2.mlir" ||
      fail "roundtrip/$(basename "$f"): printed form does not re-parse to itself"
  done
  checked[roundtrip]=$n
}

check_run() {
  local n=0 f name extra
  for f in "$HERE"/run/*.mlir; do
    n=$((n + 1)); name=${f%.mlir}
    [ -f "$name.out" ] || { fail "run/$(basename "$f"): missing $(basename "$name").out"; continue; }
    extra=$(sed -n 's|^// RUN-MLIR-EXTRA-PASSES: *||p' "$f" | head -1)
    if ! "$RUN_MLIR" "$f" "$extra" > "$TMP/out" 2> "$TMP/err"; then
      fail "run/$(basename "$f"): run-mlir failed: $(head -1 "$TMP/err")"; continue
    fi
    if ! diff <(mask_addresses < "$name.out") <(mask_addresses < "$TMP/out") > "$TMP/diff"; then
      fail "run/$(basename "$f"): output differs from $(basename "$name").out"; head -10 "$TMP/diff"
    fi
  done
  for f in "$HERE"/run/*.out; do
    [ -f "${f%.out}.mlir" ] || fail "run/$(basename "$f"): no matching .mlir"
  done
  checked[run]=$n
}

# Mechanical old -> MLIR 19 rename used to tie each legacy file to its .modern.mlir twin.
modernize() {
  perl -pe '
    BEGIN {
      %new = map { $_ => "arith.$_" } qw(constant addi subi muli addf subf mulf divf negf cmpi cmpf
                                          select index_cast sitofp);
      $new{$_} = "memref.$_" for qw(alloc alloca dealloc load store dim dma_start dma_wait);
      $new{call} = "func.call"; $new{return} = "func.return";
      $ops = join("|", sort { length($b) <=> length($a) } keys %new);
    }
    s/\bstd\.(?=[a-z_]+)//g;
    s/^(\s*)func(\s+(?:private\s+)?@)/$1func.func$2/;
    # `dim %m, 0` (integer literal) becomes an index constant followed by memref.dim.
    s/^(\s*)(%[\w.\$-]+) = dim (%[\w.\$-]+), (\d+) :/$c = "%__dim" . $n++; "$1$c = arith.constant $4 : index\n$1$2 = memref.dim $3, $c :"/e;
    s/(^\s*|=\s*)($ops)(?=[\s(])/$1$new{$2}/;
  '
}

check_legacy() {
  local n=0 f name
  for f in "$HERE"/legacy/*.mlir; do
    case "$f" in *.modern.mlir) continue ;; esac
    n=$((n + 1)); name=${f%.mlir}
    [ -f "$name.modern.mlir" ] || { fail "legacy/$(basename "$f"): missing .modern.mlir"; continue; }
    if ! "$MLIR_OPT" "$name.modern.mlir" > "$TMP/modern.mlir" 2> "$TMP/err"; then
      fail "legacy/$(basename "$name").modern.mlir: $(head -1 "$TMP/err")"; continue
    fi
    "$MLIR_OPT" "$f" > /dev/null 2>&1 && fail "legacy/$(basename "$f"): accepted by mlir-opt 19 (not legacy?)"
    modernize < "$f" > "$TMP/renamed.mlir"
    if ! "$MLIR_OPT" "$TMP/renamed.mlir" > "$TMP/renamed.out" 2> "$TMP/err"; then
      fail "legacy/$(basename "$f"): renamed legacy file does not parse: $(head -1 "$TMP/err")"; continue
    fi
    cmp -s "$TMP/modern.mlir" "$TMP/renamed.out" ||
      fail "legacy/$(basename "$f"): renamed legacy program differs from $(basename "$name").modern.mlir"
  done
  checked[legacy]=$n
}

check_invalid() {
  local n=0 f hdr loc want msg got
  for f in "$HERE"/invalid/*.mlir; do
    n=$((n + 1))
    hdr=$(head -1 "$f")
    if [[ ! $hdr =~ ^//\ EXPECT-ERROR:\ ([0-9]+:[0-9]+):\ (.+)$ ]]; then
      fail "invalid/$(basename "$f"): bad or missing EXPECT-ERROR header"; continue
    fi
    loc=${BASH_REMATCH[1]}; want=${BASH_REMATCH[2]}
    if [[ $want == *" (affjit only: MLIR accepts)" ]]; then
      "$MLIR_OPT" "$f" > /dev/null 2>&1 || fail "invalid/$(basename "$f"): marked 'MLIR accepts' but mlir-opt rejects it"
      continue
    fi
    if "$MLIR_OPT" "$f" > /dev/null 2> "$TMP/err"; then
      fail "invalid/$(basename "$f"): mlir-opt accepted it"; continue
    fi
    got=$(grep -m1 -F "$f:" "$TMP/err" | grep ': error: ')
    [[ $got == "$f:$loc: error: "* ]] || { fail "invalid/$(basename "$f"): expected error at $loc, got: $got"; continue; }
    msg=${got#"$f:$loc: error: "}
    [[ $msg == *"$want"* ]] || fail "invalid/$(basename "$f"): message '$msg' lacks '$want'"
  done
  checked[invalid]=$n
}

sections=("$@")
[ ${#sections[@]} -eq 0 ] && sections=(roundtrip run legacy invalid)
for s in "${sections[@]}"; do
  case "$s" in
    roundtrip|run|legacy|invalid) "check_$s" ;;
    *) echo "unknown section: $s" >&2; exit 2 ;;
  esac
done
for s in "${sections[@]}"; do echo "$s: ${checked[$s]} files checked"; done
if [ "$failures" -ne 0 ]; then echo "validate.sh: $failures failure(s)"; exit 1; fi
echo "validate.sh: all checks passed"

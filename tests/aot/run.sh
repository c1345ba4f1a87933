#!/bin/sh
# Ahead-of-time compilation end to end: `affjit compile` makes an object and
# a C header from kernels.mlir, the C compiler CC links them into main.c
# with libaffjit_rt, and the program's results equal the same computations
# written in C (main.c). For the host and for an older x86 target; @main
# exported as C's main prints what `affjit run` prints; an object for an
# AVX-512 target is generated on any host and exports the entries alone.
# Usage: run.sh CC AFFJIT LIBDIR
set -eu
CC=$1 AFFJIT=$2 LIBDIR=$3
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
link() { # OUTPUT OBJECT [C FILE]
  out=$1 obj=$2
  shift 2
  "$CC" -O2 -ffp-contract=off -std=c11 -Wall -Wextra -Werror -I. "$@" "$obj" \
    -L"$LIBDIR" -laffjit_rt -lm -lmvec -Wl,-rpath,"$LIBDIR" -o "$out"
}
fail() { echo "FAIL: $*" >&2; exit 1; }

for target in host x86-64-v2; do
  "$AFFJIT" compile "$HERE/kernels.mlir" --target=$target -o kernels.o \
    -e saxpy -e matmul -e @sum_argmax -e scale_rows
  [ -s kernels.h ] || fail "no header next to kernels.o"
  link main kernels.o "$HERE/main.c"
  ./main > out.txt || { cat out.txt; fail "main.c's checks ($target)"; }
  [ "$(grep -c ': ok$' out.txt)" = 4 ] || fail "four kernels ($target)"
done

# Exactly the entries are exported, under both of their names.
exported=$(nm --defined-only --extern-only kernels.o | awk '{print $3}' | sort | tr '\n' ' ')
want="_mlir_ciface_matmul _mlir_ciface_saxpy _mlir_ciface_scale_rows _mlir_ciface_sum_argmax matmul saxpy scale_rows sum_argmax "
[ "$exported" = "$want" ] || fail "exports: $exported"

# @main as C's main prints what the JIT prints (but for addresses).
"$AFFJIT" compile "$HERE/kernels.mlir" -e main -o prog.o --no-header
[ ! -e prog.h ] || fail "--no-header wrote prog.h"
link prog prog.o
strip_addresses() { sed 's/base@ = 0x[0-9a-f]*//'; }
./prog | strip_addresses > aot.txt
"$AFFJIT" run "$HERE/kernels.mlir" | strip_addresses > jit.txt
cmp aot.txt jit.txt || fail "the AOT program prints otherwise than affjit run"
[ -s aot.txt ] || fail "no output"

# Code for a target this host may not run: generated all the same.
"$AFFJIT" compile "$HERE/kernels.mlir" --target=x86-64-v4 -e saxpy \
  -o wide.o --header wide.h
objdump -d wide.o | grep -q '%zmm' || fail "no AVX-512 code for x86-64-v4"
echo "aot ($CC): ok"

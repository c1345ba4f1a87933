#!/usr/bin/env bash
# Builds examples/cpp (the README's C++ example) as an outside CMake project
# the way a user does, runs it and compares its output with values computed
# here. Usage: run.sh MODE SOURCE_DIR BUILD_DIR [CMAKE]
#   build-tree  find_package(affjit) with -Daffjit_DIR=BUILD_DIR
#   installed   `cmake --install BUILD_DIR --prefix P`, then
#               find_package(affjit) with -DCMAKE_PREFIX_PATH=P
# Also checks that the package alone gives the example what it needs:
# C++20 (the example sets no standard and does not compile as g++'s
# default C++17) and only affjit's public include directory (no LLVM
# paths or defines, no internal headers) and libaffjit.so.
set -euo pipefail
mode=$1 src=$2 build=$3 cmake=${4:-cmake}
work=$build/consumer/$mode
rm -rf "$work"
mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
step() { # step LOG COMMAND...: runs it, shows its output if it fails
  local log=$1
  shift
  "$@" > "$work/$log" 2>&1 || { cat "$work/$log"; fail "$*"; }
}

# The README shows examples/cpp/main.cpp as its first C++ block: they must
# not drift apart.
awk '/^```cpp$/{on=1; next} /^```$/{if(on) exit} on' "$src/README.md" |
  cmp -s - "$src/examples/cpp/main.cpp" ||
  fail "README.md's first \`\`\`cpp block differs from examples/cpp/main.cpp"

case $mode in
build-tree) find=(-Daffjit_DIR="$build") include_dir=$src/include ;;
installed)
  prefix=$work/prefix
  step install.log "$cmake" --install "$build" --prefix "$prefix"
  find=(-DCMAKE_PREFIX_PATH="$prefix") include_dir=$prefix/include
  for f in include/affjit/Engine.h include/affjit/Runtime.h \
    'lib*/cmake/affjit/affjitConfig.cmake' \
    'lib*/cmake/affjit/affjitConfigVersion.cmake' 'lib*/libaffjit.so'; do
    compgen -G "$prefix/$f" > /dev/null || fail "not installed: $f"
  done
  ;;
*) fail "unknown mode $mode" ;;
esac

step configure.log "$cmake" -S "$src/examples/cpp" -B "$work/build" -G Ninja \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "${find[@]}"
step build.log "$cmake" --build "$work/build" --verbose

# What affjit::affjit put on the command lines.
compile=$(grep '"command"' "$work/build/compile_commands.json")
grep -q -- '-std=\(gnu\|c\)++20' <<<"$compile" ||
  fail "affjit::affjit does not ask for C++20: $compile"
for bad in llvm LLVM __STDC_ "$src/frontend" "$src/runtime" "-I$src " \
  "-isystem $src "; do
  if grep -qF -- "$bad" <<<"$compile"; then
    fail "consumer's compile command contains '$bad': $compile"
  fi
done
grep -qF -- "$include_dir" <<<"$compile" ||
  fail "consumer's compile command lacks $include_dir: $compile"
link=$(grep -- ' -o app ' "$work/build.log")
grep -q 'libaffjit\.so' <<<"$link" || fail "app does not link libaffjit.so: $link"
if grep -qE 'libaffjit_[a-z]+\.a|LLVM|libomp' <<<"$link"; then
  fail "app links affjit's internals: $link"
fi
if [ "$mode" = installed ]; then
  libs=$(ldd "$work/build/app")
  grep -qF "$prefix/lib" <<<"$libs" ||
    fail "app does not load the installed libaffjit.so: $libs"
fi

# The example sets no C++ standard on purpose: it needs C++20, which only
# affjit::affjit supplies.
if "${CXX:-c++}" -std=gnu++17 -fsyntax-only -isystem "$include_dir" \
  "$src/examples/cpp/main.cpp" 2> /dev/null; then
  fail "examples/cpp/main.cpp compiles as C++17; the cxx_std_20 check proves nothing"
fi

# saxpy with a = 2, x[i] = i, y[i] = 2.5, then sum(y): every partial sum is
# a multiple of 0.5 below 2^21, exact in f32 whatever the order.
expected=$(awk 'BEGIN {
  for (i = 0; i < 1024; ++i) { y = 2 * i + 2.5; s += y; if (i == 10) y10 = y }
  printf "y[10] = %g\nsum(y) = %.1f\n", y10, s }')
actual=$("$work/build/app") || fail "app exited with status $?"
if [ "$actual" != "$expected" ]; then
  printf 'FAIL: app printed\n%s\nexpected\n%s\n' "$actual" "$expected" >&2
  exit 1
fi
echo "$actual"
echo "ok: examples/cpp against the $mode package"
[ "$mode" = installed ] && rm -rf "$prefix" # (the tool: 190 MB)
exit 0

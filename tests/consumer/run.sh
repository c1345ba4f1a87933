#!/usr/bin/env bash
# Builds the README's C++ example as an outside CMake project against the
# affjit build tree and runs it. Usage: run.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
work=$build/consumer
mkdir -p "$work"
# The first ```cpp block of the README, exactly as written.
awk '/^```cpp$/{on=1; next} /^```$/{if(on) exit} on' "$src/README.md" > "$work/main.cpp"
test -s "$work/main.cpp" || { echo "no \`\`\`cpp block in README.md" >&2; exit 1; }
cmake -S "$src/tests/consumer" -B "$work/build" -G Ninja \
  -Daffjit_DIR="$build" -DREADME_EXAMPLE="$work/main.cpp" > "$work/configure.log" ||
  { cat "$work/configure.log"; exit 1; }
cmake --build "$work/build" > "$work/build.log" || { cat "$work/build.log"; exit 1; }
"$work/build/readme_example"

#!/usr/bin/env bash
# Installs the Debian bookworm packages affjit needs that are not installed
# yet. Sourced by setup.sh and test.sh; safe to run repeatedly.
set -euo pipefail

AFFJIT_BUILD_PACKAGES=(
  cmake ninja-build g++ llvm-19-dev clang-19 libxsimd-dev libgtest-dev
  libbenchmark-dev libcli11-dev nlohmann-json3-dev libedit-dev
  libmimalloc-dev
  # Parallel loops run on LLVM's OpenMP runtime (libarcher for TSan too).
  libomp-19-dev
  # benchmarks/KernelBench.cpp's peers: OpenBLAS, BLIS and Eigen (built
  # into a module behind the same CBLAS calls), all dlopened, and Polly
  # (`clang-19 -mllvm -polly`); benchmarks/python/numba_bench.py's: numba.
  libopenblas-dev libblis-dev libeigen3-dev libpolly-19-dev python3-numba
  # `affjit bench --plot` and scripts/bench-report.sh draw with gnuplot.
  gnuplot-nox
  # The Python module (`import affjit`, python/): pybind11 and NumPy for
  # the Debian interpreter /usr/bin/python3.
  pybind11-dev python3-dev python3-numpy
)
# MLIR 19 is the test oracle (mlir-opt, mlir-cpu-runner and its runtime
# libraries); affjit never links it.
AFFJIT_TEST_PACKAGES=(mlir-19-tools libmlir-19-dev tmux clang-format-19
  libclang-rt-19-dev
  # The tests validate `affjit bench --json` against its schema.
  python3-jsonschema
  # tests/python: the Python module's tests.
  python3-pytest python3-hypothesis)

affjit_install_missing() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "affjit: installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# Configures (once) and builds the main build (AFFJIT_BUILD_DIR, default
# build) as AFFJIT_BUILD_TYPE (default Release). The compiler is $CXX when
# set, else clang-19 (a build package), which compiles affjit in half the
# time g++ 12 takes; g++ builds it too (scripts/sanitize.sh parallel does).
affjit_build() {
  local dir=${AFFJIT_BUILD_DIR:-build}
  if [ ! -f "$dir/build.ninja" ]; then
    local compiler=()
    if [ -z "${CXX:-}" ] && command -v clang++-19 >/dev/null; then
      compiler=(-DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19)
    fi
    cmake -S . -B "$dir" -G Ninja \
      -DCMAKE_BUILD_TYPE="${AFFJIT_BUILD_TYPE:-Release}" "${compiler[@]}"
  fi
  cmake --build "$dir" -j "$(nproc)"
}

# Configures DIR (once) for a sanitized clang-19 build at -O1 with line
# tables (what the sanitizers' docs advise; reports keep file:line), with
# the sanitizer options given after DIR.
affjit_configure_sanitized() {
  local dir=$1
  shift
  if [ ! -f "$dir/build.ninja" ]; then
    cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
      -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
      -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
      -DAFFJIT_BUILD_BENCHMARKS=OFF "$@"
  fi
}

# The robustness build that scripts/sanitize.sh and scripts/fuzz.sh share
# (AFFJIT_ASAN_BUILD_DIR, default build-asan): every target under
# AddressSanitizer + UndefinedBehaviorSanitizer with libFuzzer's coverage
# instrumentation, so the test suite and the fuzz targets come from one
# build of the libraries. Builds the targets given.
affjit_sanitized_build() {
  local dir=${AFFJIT_ASAN_BUILD_DIR:-build-asan}
  affjit_configure_sanitized "$dir" -DAFFJIT_FUZZ=ON
  cmake --build "$dir" --target "$@"
}

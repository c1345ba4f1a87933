// Differential tests of the runtime's MLIR-compatible printing (runtime/
// MemRefPrinter.cpp, runtime/ScalarPrint.cpp) against MLIR 19 itself:
// libmlir_runner_utils.so and libmlir_c_runner_utils.so are dlopen'ed, both
// implementations print the same descriptors/values, stdout (or stderr) is
// captured through a temporary file and compared byte for byte. Both print
// the same data pointer, so not even the "base@ = 0x..." address is masked.
#include "affjit/Runtime.h"

#include <gtest/gtest.h>

#include <dlfcn.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <functional>
#include <iostream>
#include <limits>
#include <set>
#include <string>
#include <vector>

namespace {

//===-- the oracle
//----------------------------------------------------------===//

/// MLIR 19's runner-utils libraries, loaded RTLD_LOCAL so that they do not
/// interpose on our same-named functions. (Not RTLD_DEEPBIND: it would bind
/// them to libstdc++'s std::cout instead of this executable's copy-relocated,
/// initialized one.)
class MlirRunnerUtils {
public:
  static MlirRunnerUtils &get() {
    static MlirRunnerUtils instance;
    return instance;
  }
  bool loaded() const { return cLib && cppLib; }
  std::string error() const { return loadError; }

  template <typename Fn> Fn lookup(const char *name) const {
    void *sym = dlsym(cppLib, name);
    if (!sym)
      sym = dlsym(cLib, name);
    return reinterpret_cast<Fn>(sym);
  }

private:
  MlirRunnerUtils() {
    std::string dir = AFFJIT_LLVM_BIN "/../lib/";
    cLib = open(dir + "libmlir_c_runner_utils.so");
    cppLib = open(dir + "libmlir_runner_utils.so");
  }
  void *open(const std::string &path) {
    void *h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!h)
      loadError += std::string(dlerror()) + "\n";
    return h;
  }
  void *cLib = nullptr;
  void *cppLib = nullptr;
  std::string loadError;
};

//===-- capturing output
//------------------------------------------------------===//

void flushAll() {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(stdout);
  std::fflush(stderr);
}

/// Runs `body` with file descriptor `fd` (1 or 2) redirected to a temporary
/// file and returns what was written.
std::string capture(int fd, const std::function<void()> &body) {
  flushAll();
  std::FILE *tmp = std::tmpfile();
  if (!tmp)
    return "<tmpfile failed>";
  int saved = dup(fd);
  dup2(fileno(tmp), fd);
  body();
  flushAll();
  dup2(saved, fd);
  close(saved);
  std::string out;
  std::rewind(tmp);
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof(buf), tmp)) > 0;)
    out.append(buf, n);
  std::fclose(tmp);
  return out;
}

std::string captureStdout(const std::function<void()> &body) {
  return capture(1, body);
}

//===-- test descriptors
//----------------------------------------------------===//

/// A shape/layout to print: sizes, strides (in elements) and offset.
struct Layout {
  std::string name;
  std::vector<int64_t> sizes;
  std::vector<int64_t> strides;
  int64_t offset;
};

std::vector<Layout> layouts() {
  return {
      {"rank0", {}, {}, 3},
      {"vector7", {7}, {1}, 0},
      {"vector1", {1}, {1}, 2},
      {"vector0", {0}, {1}, 1},
      {"vectorStrided", {5}, {3}, 2},
      {"matrix2x3", {2, 3}, {3, 1}, 0},
      {"matrix3x1", {3, 1}, {1, 1}, 0},
      {"matrix1x4", {1, 4}, {4, 1}, 0},
      {"transposed", {3, 4}, {1, 3}, 0},
      {"paddedRows", {5, 7}, {9, 1}, 4},
      {"emptyRows", {0, 3}, {3, 1}, 0},
      {"emptyCols", {2, 0}, {1, 1}, 1},
      {"cube", {2, 3, 4}, {12, 4, 1}, 0},
      {"oddCube", {3, 1, 5}, {11, 5, 2}, 1},
      {"rank4", {2, 2, 3, 2}, {12, 6, 2, 1}, 0},
      {"rank4Strided", {1, 3, 1, 2}, {50, 7, 3, 2}, 5},
  };
}

/// One past the largest element index the printers read (MLIR reads element
/// 0 of an empty dimension too).
int64_t bufferLength(const Layout &l) {
  int64_t last = l.offset;
  for (size_t i = 0; i < l.sizes.size(); ++i)
    last += (std::max<int64_t>(l.sizes[i], 1) - 1) * l.strides[i];
  return last + 1;
}

/// Interesting values of each element type, cycled through the buffer.
template <typename T> std::vector<T> specialValues() {
  if constexpr (std::is_floating_point_v<T>) {
    using L = std::numeric_limits<T>;
    return {T(1.5),        T(-0.0),        L::quiet_NaN(),  -L::quiet_NaN(),
            L::infinity(), -L::infinity(), T(1e-7),         T(123456789.0),
            T(0.1),        T(-2.5e20),     L::denorm_min(), L::max(),
            T(42),         T(1) / T(3),    L::lowest(),     T(0)};
  } else {
    using L = std::numeric_limits<T>;
    return {T(0),   T(1),    T(-1),  L::max(), L::min(), T(10),          T(65),
            T(127), T(-128), T(100), T(13),    T(-7),    T(L::max() / 3)};
  }
}

/// A buffer plus a descriptor {base, data, offset, sizes..., strides...}.
template <typename T> struct TestMemRef {
  std::vector<T> buffer;
  std::vector<int64_t> words; // the descriptor, word by word
  int64_t rank;

  explicit TestMemRef(const Layout &l) : rank((int64_t)l.sizes.size()) {
    std::vector<T> values = specialValues<T>();
    buffer.resize((size_t)bufferLength(l));
    for (size_t i = 0; i < buffer.size(); ++i)
      buffer[i] = values[(i * 7 + 3) % values.size()];
    words.push_back((int64_t)(intptr_t)buffer.data());
    words.push_back((int64_t)(intptr_t)buffer.data());
    words.push_back(l.offset);
    words.insert(words.end(), l.sizes.begin(), l.sizes.end());
    words.insert(words.end(), l.strides.begin(), l.strides.end());
  }
  void *descriptor() { return words.data(); }
  affjit::UnrankedMemRef unranked() { return {rank, descriptor()}; }
};

using UnrankedFn = void (*)(affjit::UnrankedMemRef *);
using BareFn = void (*)(int64_t, void *);

/// Compares our printer to MLIR's on every layout; `ours`/`theirs` print one
/// memref of element type T.
template <typename T>
void compareOnAllLayouts(const std::function<void(TestMemRef<T> &)> &ours,
                         const std::function<void(TestMemRef<T> &)> &theirs) {
  for (const Layout &l : layouts()) {
    TestMemRef<T> m(l);
    std::string expected = captureStdout([&] { theirs(m); });
    std::string actual = captureStdout([&] { ours(m); });
    ASSERT_FALSE(expected.empty()) << l.name;
    EXPECT_EQ(actual, expected) << "layout " << l.name;
  }
}

class RuntimePrint : public testing::Test {
protected:
  void SetUp() override {
    ASSERT_TRUE(MlirRunnerUtils::get().loaded())
        << "cannot load MLIR runner utils: " << MlirRunnerUtils::get().error();
  }
  template <typename Fn> Fn mlir(const char *name) {
    Fn fn = MlirRunnerUtils::get().lookup<Fn>(name);
    EXPECT_NE(fn, nullptr) << name << " not found in MLIR 19";
    return fn;
  }

  /// _mlir_ciface_printMemref<S> (unranked) vs MLIR's.
  template <typename T>
  void checkUnranked(const char *mlirName, UnrankedFn ours) {
    UnrankedFn theirs = mlir<UnrankedFn>(mlirName);
    ASSERT_NE(theirs, nullptr);
    compareOnAllLayouts<T>(
        [&](TestMemRef<T> &m) {
          auto u = m.unranked();
          ours(&u);
        },
        [&](TestMemRef<T> &m) {
          auto u = m.unranked();
          theirs(&u);
        });
  }

  /// Our printMemref<S>(rank, ptr) vs MLIR's _mlir_ciface_printMemref<S>:
  /// MLIR's bare form only wraps the ciface one, and calling the latter
  /// directly cannot be diverted to our same-named functions by symbol
  /// interposition (should this executable ever export them).
  template <typename T> void checkBare(BareFn ours, const char *mlirName) {
    UnrankedFn theirs = mlir<UnrankedFn>(mlirName);
    ASSERT_NE(theirs, nullptr);
    compareOnAllLayouts<T>(
        [&](TestMemRef<T> &m) { ours(m.rank, m.descriptor()); },
        [&](TestMemRef<T> &m) {
          auto u = m.unranked();
          theirs(&u);
        });
  }

  /// _mlir_ciface_printMemref<N>d<S> on the layouts of rank N.
  template <typename T, int N>
  void checkRanked(const char *mlirName,
                   void (*ours)(affjit::StridedMemRef<T, N> *)) {
    using Fn = void (*)(void *);
    Fn theirs = mlir<Fn>(mlirName);
    ASSERT_NE(theirs, nullptr);
    int checked = 0;
    for (const Layout &l : layouts()) {
      if ((int)l.sizes.size() != N)
        continue;
      TestMemRef<T> m(l);
      auto *desc = static_cast<affjit::StridedMemRef<T, N> *>(m.descriptor());
      std::string expected = captureStdout([&] { theirs(desc); });
      std::string actual = captureStdout([&] { ours(desc); });
      EXPECT_EQ(actual, expected) << mlirName << " layout " << l.name;
      ++checked;
    }
    EXPECT_GT(checked, 0) << "no layout of rank " << N;
  }
};

//===-- memref printing
//-----------------------------------------------------===//

TEST_F(RuntimePrint, UnrankedCifaceMatchesMlir) {
  checkUnranked<int8_t>("_mlir_ciface_printMemrefI8",
                        _mlir_ciface_printMemrefI8);
  checkUnranked<int16_t>("_mlir_ciface_printMemrefI16",
                         _mlir_ciface_printMemrefI16);
  checkUnranked<int32_t>("_mlir_ciface_printMemrefI32",
                         _mlir_ciface_printMemrefI32);
  checkUnranked<int64_t>("_mlir_ciface_printMemrefI64",
                         _mlir_ciface_printMemrefI64);
  checkUnranked<float>("_mlir_ciface_printMemrefF32",
                       _mlir_ciface_printMemrefF32);
  checkUnranked<double>("_mlir_ciface_printMemrefF64",
                        _mlir_ciface_printMemrefF64);
  checkUnranked<uint64_t>("_mlir_ciface_printMemrefInd",
                          _mlir_ciface_printMemrefInd);
}

TEST_F(RuntimePrint, BarePointerFormMatchesMlir) {
  checkBare<int32_t>(printMemrefI32, "_mlir_ciface_printMemrefI32");
  checkBare<int64_t>(printMemrefI64, "_mlir_ciface_printMemrefI64");
  checkBare<float>(printMemrefF32, "_mlir_ciface_printMemrefF32");
  checkBare<double>(printMemrefF64, "_mlir_ciface_printMemrefF64");
  checkBare<uint64_t>(printMemrefInd, "_mlir_ciface_printMemrefInd");
  // affjit extensions (MLIR 19 has no bare printMemrefI8/I16).
  checkBare<int8_t>(printMemrefI8, "_mlir_ciface_printMemrefI8");
  checkBare<int16_t>(printMemrefI16, "_mlir_ciface_printMemrefI16");
}

TEST_F(RuntimePrint, ShapeMatchesMlir) {
  checkUnranked<int8_t>("_mlir_ciface_printMemrefShapeI8",
                        _mlir_ciface_printMemrefShapeI8);
  checkUnranked<int32_t>("_mlir_ciface_printMemrefShapeI32",
                         _mlir_ciface_printMemrefShapeI32);
  checkUnranked<int64_t>("_mlir_ciface_printMemrefShapeI64",
                         _mlir_ciface_printMemrefShapeI64);
  checkUnranked<float>("_mlir_ciface_printMemrefShapeF32",
                       _mlir_ciface_printMemrefShapeF32);
  checkUnranked<double>("_mlir_ciface_printMemrefShapeF64",
                        _mlir_ciface_printMemrefShapeF64);
  checkUnranked<uint64_t>("_mlir_ciface_printMemrefShapeInd",
                          _mlir_ciface_printMemrefShapeInd);
}

TEST_F(RuntimePrint, RankedCifaceMatchesMlir) {
  checkRanked<float, 0>("_mlir_ciface_printMemref0dF32",
                        _mlir_ciface_printMemref0dF32);
  checkRanked<float, 1>("_mlir_ciface_printMemref1dF32",
                        _mlir_ciface_printMemref1dF32);
  checkRanked<float, 2>("_mlir_ciface_printMemref2dF32",
                        _mlir_ciface_printMemref2dF32);
  checkRanked<float, 3>("_mlir_ciface_printMemref3dF32",
                        _mlir_ciface_printMemref3dF32);
  checkRanked<float, 4>("_mlir_ciface_printMemref4dF32",
                        _mlir_ciface_printMemref4dF32);
  checkRanked<int8_t, 1>("_mlir_ciface_printMemref1dI8",
                         _mlir_ciface_printMemref1dI8);
  checkRanked<int32_t, 1>("_mlir_ciface_printMemref1dI32",
                          _mlir_ciface_printMemref1dI32);
  checkRanked<int64_t, 1>("_mlir_ciface_printMemref1dI64",
                          _mlir_ciface_printMemref1dI64);
  checkRanked<double, 1>("_mlir_ciface_printMemref1dF64",
                         _mlir_ciface_printMemref1dF64);
  checkRanked<uint64_t, 1>("_mlir_ciface_printMemref1dInd",
                           _mlir_ciface_printMemref1dInd);
}

TEST_F(RuntimePrint, NullDataPointerShapeMatchesMlir) {
  // The shape printers never touch the data, so a null pointer is fine and
  // shows how "base@" formats 0 (std::showbase prints no 0x for zero).
  affjit::StridedMemRef<float, 2> desc{nullptr, nullptr, 0, {0, 4}, {4, 1}};
  affjit::UnrankedMemRef u{2, &desc};
  auto theirs = mlir<UnrankedFn>("_mlir_ciface_printMemrefShapeF32");
  ASSERT_NE(theirs, nullptr);
  EXPECT_EQ(captureStdout([&] { _mlir_ciface_printMemrefShapeF32(&u); }),
            captureStdout([&] { theirs(&u); }));
}

//===-- scalar printing
//-----------------------------------------------------===//

TEST_F(RuntimePrint, FloatScalarsMatchMlir) {
  auto theirsF32 = mlir<void (*)(float)>("printF32");
  auto theirsF64 = mlir<void (*)(double)>("printF64");
  ASSERT_TRUE(theirsF32 && theirsF64);
  for (float f : specialValues<float>()) {
    EXPECT_EQ(captureStdout([&] { printF32(f); }),
              captureStdout([&] { theirsF32(f); }));
  }
  for (double d : specialValues<double>()) {
    EXPECT_EQ(captureStdout([&] { printF64(d); }),
              captureStdout([&] { theirsF64(d); }));
  }
}

TEST_F(RuntimePrint, IntegerScalarsMatchMlir) {
  auto theirsI64 = mlir<void (*)(int64_t)>("printI64");
  auto theirsU64 = mlir<void (*)(uint64_t)>("printU64");
  ASSERT_TRUE(theirsI64 && theirsU64);
  for (int64_t v : specialValues<int64_t>()) {
    EXPECT_EQ(captureStdout([&] { printI64(v); }),
              captureStdout([&] { theirsI64(v); }));
    EXPECT_EQ(captureStdout([&] { printU64((uint64_t)v); }),
              captureStdout([&] { theirsU64((uint64_t)v); }));
  }
}

TEST_F(RuntimePrint, PunctuationAndStringsMatchMlir) {
  using Fn = void (*)();
  auto open = mlir<Fn>("printOpen"), close = mlir<Fn>("printClose"),
       comma = mlir<Fn>("printComma"), newline = mlir<Fn>("printNewline");
  auto string = mlir<void (*)(const char *)>("printString");
  auto i64 = mlir<void (*)(int64_t)>("printI64");
  ASSERT_TRUE(open && close && comma && newline && string && i64);
  // A vector.print-like sequence interleaving stdio and std::cout writers.
  std::vector<float> data{1, 2, 3};
  affjit::StridedMemRef<float, 1> desc{data.data(), data.data(), 0, {3}, {1}};
  auto printMemref = mlir<void (*)(affjit::StridedMemRef<float, 1> *)>(
      "_mlir_ciface_printMemref1dF32");
  ASSERT_NE(printMemref, nullptr);
  std::string expected = captureStdout([&] {
    string("v = ");
    open();
    i64(1);
    comma();
    i64(-2);
    close();
    newline();
    printMemref(&desc);
    string("done\n");
  });
  std::string actual = captureStdout([&] {
    printString("v = ");
    printOpen();
    printI64(1);
    printComma();
    printI64(-2);
    printClose();
    printNewline();
    _mlir_ciface_printMemref1dF32(&desc);
    printString("done\n");
  });
  EXPECT_EQ(actual, expected);
}

TEST_F(RuntimePrint, FlopsMatchMlirOnStderr) {
  auto theirs = mlir<void (*)(double)>("printFlops");
  ASSERT_NE(theirs, nullptr);
  for (double flops : {0.0, 1.0, 2.5e9, 123456789012.0, -3e7}) {
    EXPECT_EQ(capture(2, [&] { printFlops(flops); }),
              capture(2, [&] { theirs(flops); }));
  }
}

TEST_F(RuntimePrint, ClocksAgreeWithMlir) {
  // Same clocks as MLIR: ours, read between two MLIR readings, lies between.
  auto theirsClock = mlir<double (*)()>("rtclock");
  auto theirsNano = mlir<int64_t (*)()>("_mlir_ciface_nanoTime");
  ASSERT_TRUE(theirsClock && theirsNano);
  double before = theirsClock();
  double ours = rtclock();
  double after = theirsClock();
  EXPECT_LE(before, ours);
  EXPECT_LE(ours, after);
  int64_t nanoBefore = theirsNano();
  int64_t nano = _mlir_ciface_nanoTime();
  int64_t nanoAfter = theirsNano();
  EXPECT_LE(nanoBefore, nano);
  EXPECT_LE(nano, nanoAfter);
}

//===-- the symbol table
//----------------------------------------------------===//

TEST_F(RuntimePrint, SymbolTableNamesExistInMlirOrAreAffjitOwn) {
  int64_t count = 0;
  const affjit_rt_symbol *symbols = affjit_rt_symbols(&count);
  ASSERT_GT(count, 40);
  std::set<std::string> names;
  for (int64_t i = 0; i < count; ++i) {
    std::string name = symbols[i].name;
    EXPECT_NE(symbols[i].address, nullptr) << name;
    EXPECT_TRUE(names.insert(name).second) << "duplicate " << name;
    bool affjitOwn = name.rfind("affjit_rt_", 0) == 0 ||
                     name == "printMemrefI8" || name == "printMemrefI16";
    bool inMlir = MlirRunnerUtils::get().lookup<void *>(name.c_str());
    EXPECT_NE(affjitOwn, inMlir)
        << name
        << (affjitOwn ? " shadows an MLIR symbol"
                      : " is not an MLIR 19 runner-utils symbol");
  }
  EXPECT_TRUE(names.count("printMemrefF32") && names.count("rtclock") &&
              names.count("affjit_rt_dma_start"));
}

} // namespace

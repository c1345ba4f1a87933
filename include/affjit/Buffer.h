// affjit::MemRef<T, Rank>: a memref a C++ program hands to JIT-compiled code.
// It either owns a 64-byte aligned, row-major buffer or borrows the user's
// memory (optionally with explicit strides), and exposes the descriptor that
// is layout-compatible with MLIR's StridedMemRefType.
#pragma once

#include "affjit/MemRef.h"

#include <array>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <span>
#include <stdexcept>
#include <string>

namespace affjit {

template <typename T, int Rank> class MemRef {
  static_assert(Rank >= 1, "MemRef needs rank >= 1");

public:
  using Sizes = std::array<int64_t, Rank>;

  /// Owning, zero-initialized, row-major.
  explicit MemRef(Sizes sizes) {
    int64_t n = elementCount(sizes);
    size_t bytes = ((size_t)n * sizeof(T) + 63) / 64 * 64;
    owned.reset(static_cast<T *>(std::aligned_alloc(64, bytes ? bytes : 64)));
    if (!owned)
      throw std::bad_alloc();
    std::memset(owned.get(), 0, bytes);
    init(owned.get(), sizes, rowMajor(sizes));
  }

  /// Borrows `data` (not freed), row-major unless `strides` are given.
  MemRef(T *data, Sizes sizes) { init(data, sizes, rowMajor(sizes)); }
  MemRef(T *data, Sizes sizes, Sizes strides) { init(data, sizes, strides); }
  /// Borrows the elements of `data` (a std::vector, array or span), viewed
  /// row-major with `sizes`: `MemRef<float, 2> m(vec, {rows, cols})`.
  /// Throws std::invalid_argument when `data` holds fewer elements than
  /// `sizes` need (the kernel would run past its end).
  MemRef(std::span<T> data, Sizes sizes) {
    if (elementCount(sizes) > (int64_t)data.size())
      throw std::invalid_argument(
          "affjit::MemRef: " + std::to_string(data.size()) +
          " elements cannot hold a view of " +
          std::to_string(elementCount(sizes)));
    init(data.data(), sizes, rowMajor(sizes));
  }

  StridedMemRef<T, Rank> &descriptor() { return desc; }
  const StridedMemRef<T, Rank> &descriptor() const { return desc; }
  T *data() { return desc.data + desc.offset; }
  const T *data() const { return desc.data + desc.offset; }
  int64_t size(int dim) const { return desc.sizes[dim]; }
  int64_t numElements() const {
    int64_t n = 1;
    for (int d = 0; d < Rank; ++d)
      n *= desc.sizes[d];
    return n;
  }
  template <typename... I> T &operator()(I... idx) {
    static_assert(sizeof...(I) == Rank, "one index per dimension");
    return desc.data[at({(int64_t)idx...})];
  }
  template <typename... I> const T &operator()(I... idx) const {
    static_assert(sizeof...(I) == Rank, "one index per dimension");
    return desc.data[at({(int64_t)idx...})];
  }

private:
  int64_t at(const std::array<int64_t, Rank> &i) const {
    int64_t offset = desc.offset;
    for (int d = 0; d < Rank; ++d)
      offset += i[d] * desc.strides[d];
    return offset;
  }
  static int64_t elementCount(const Sizes &sizes) {
    int64_t n = 1;
    for (int64_t s : sizes)
      n *= s;
    return n;
  }
  static Sizes rowMajor(const Sizes &sizes) {
    Sizes strides;
    int64_t running = 1;
    for (int d = Rank - 1; d >= 0; --d) {
      strides[d] = running;
      running *= sizes[d];
    }
    return strides;
  }
  void init(T *data, const Sizes &sizes, const Sizes &strides) {
    desc.basePtr = data;
    desc.data = data;
    desc.offset = 0;
    for (int d = 0; d < Rank; ++d) {
      desc.sizes[d] = sizes[d];
      desc.strides[d] = strides[d];
    }
  }
  struct Free {
    void operator()(T *p) const { std::free(p); }
  };
  std::unique_ptr<T, Free> owned;
  StridedMemRef<T, Rank> desc{};
};

} // namespace affjit

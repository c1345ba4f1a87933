// Memref descriptors as JIT-compiled code passes them: layout-compatible with
// MLIR's C ABI (`StridedMemRefType<T, N>` and `UnrankedMemRefType<T>` in
// mlir/ExecutionEngine/CRunnerUtils.h), i.e. the LLVM struct
// { T *allocated, T *aligned, i64 offset, [N x i64] sizes, [N x i64] strides }
// that the memref dialect (seed 004) lowers to.
//
// Deliberately dependency-free (only <cstdint>/<cstddef>): the owning
// affjit::MemRef<T, Rank> in engine/ builds on top of these plain structs.
#pragma once

#include <cstddef>
#include <cstdint>

namespace affjit {

/// A ranked memref descriptor. `basePtr` is what the allocator returned (and
/// what dealloc frees), `data` the aligned pointer element accesses use;
/// element (i0, ..., iN-1) lives at data[offset + sum(ik * strides[k])].
template <typename T, int Rank> struct StridedMemRef {
  static_assert(Rank > 0, "rank-0 memrefs use the specialization below");
  T *basePtr;
  T *data;
  int64_t offset;
  int64_t sizes[Rank];
  int64_t strides[Rank];
};

/// A rank-0 memref holds exactly one element at data[offset]; the C ABI has no
/// (zero-length) sizes/strides arrays.
template <typename T> struct StridedMemRef<T, 0> {
  T *basePtr;
  T *data;
  int64_t offset;
};

/// An unranked memref: the rank plus a pointer to a ranked descriptor of that
/// rank (as in MLIR's `UnrankedMemRefType<T>`; the element type is implicit).
struct UnrankedMemRef {
  int64_t rank;
  void *descriptor;
};

namespace memref_layout_checks {
// The JIT computes field addresses itself, so any padding or reordering here
// would silently break every call; pin the layout down.
using D0 = StridedMemRef<float, 0>;
using D1 = StridedMemRef<float, 1>;
using D3 = StridedMemRef<double, 3>;
static_assert(sizeof(D0) == 3 * 8, "rank-0 descriptor is {ptr, ptr, i64}");
static_assert(offsetof(D0, basePtr) == 0 && offsetof(D0, data) == 8 &&
              offsetof(D0, offset) == 16);
static_assert(sizeof(D1) == 5 * 8);
static_assert(offsetof(D1, sizes) == 24 && offsetof(D1, strides) == 32);
static_assert(sizeof(D3) == 9 * 8);
static_assert(offsetof(D3, sizes) == 24 && offsetof(D3, strides) == 48);
static_assert(sizeof(UnrankedMemRef) == 16 &&
              offsetof(UnrankedMemRef, rank) == 0 &&
              offsetof(UnrankedMemRef, descriptor) == 8);
static_assert(sizeof(void *) == 8, "affjit targets 64-bit hosts only");
} // namespace memref_layout_checks

} // namespace affjit

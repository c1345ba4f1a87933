// MLIR 19 runner_utils compatible memref printing (printMemrefF32,
// _mlir_ciface_printMemrefI32, printMemrefShape..., ...). The output must be
// byte-identical to libmlir_runner_utils.so because tests and users diff it
// against mlir-cpu-runner, so this mirrors its quirks on purpose:
//   * "base@ = " shows the aligned pointer via std::hex + std::showbase
//     (so a null pointer prints as "0", not "0x0");
//   * elements go through std::cout's operator<< with default formatting,
//     so i8 prints as a character and floats as "%g"-like text;
//   * every dimension prints at least its first element, even when its size
//     is 0 (MLIR reads data[offset] in that case);
//   * nested dimensions are separated by ",\n" and indented by one space per
//     enclosing bracket.
// Tools (the REPL's :print) use the same code through MemRefPrinter.h, with
// long dimensions optionally summarized as "first, ..., last".
#include "runtime/MemRefPrinter.h"

#include "affjit/Runtime.h"

#include <cstdint>
#include <iostream>
#include <type_traits>

namespace {

/// A memref of any rank seen through pointers (like MLIR's DynamicMemRefType).
template <typename T> struct MemRefView {
  int64_t rank;
  T *data;
  int64_t offset;
  const int64_t *sizes;   // nullptr for rank 0
  const int64_t *strides; // nullptr for rank 0
};

/// Reads a ranked descriptor of any rank: {T*, T*, i64, [rank] sizes, [rank]
/// strides}. Rank 1 gives the field offsets, which do not depend on rank.
template <typename T> MemRefView<T> viewOf(int64_t rank, void *descriptor) {
  auto *d = static_cast<affjit::StridedMemRef<T, 1> *>(descriptor);
  const int64_t *sizes = rank == 0 ? nullptr : d->sizes;
  return {rank, d->data, d->offset, sizes, rank == 0 ? nullptr : sizes + rank};
}

template <typename T, int Rank>
MemRefView<T> viewOf(affjit::StridedMemRef<T, Rank> &m) {
  if constexpr (Rank == 0)
    return {0, m.data, m.offset, nullptr, nullptr};
  else
    return {Rank, m.data, m.offset, m.sizes, m.strides};
}

void printInts(std::ostream &os, const int64_t *values, int64_t count) {
  for (int64_t i = 0; i < count; ++i)
    os << (i ? ", " : "") << values[i];
}

/// "base@ = 0x... rank = R offset = O sizes = [...] strides = [...]"
template <typename T>
void printMetaData(std::ostream &os, const MemRefView<T> &v) {
  os << "base@ = " << std::hex << std::showbase
     << reinterpret_cast<std::intptr_t>(v.data) << std::dec << std::noshowbase
     << " rank = " << v.rank << " offset = " << v.offset << " sizes = [";
  printInts(os, v.sizes, v.rank);
  os << "] strides = [";
  printInts(os, v.strides, v.rank);
  os << "]";
}

void printSpaces(std::ostream &os, int64_t count) {
  for (int64_t i = 0; i < count; ++i)
    os << ' ';
}

template <typename T>
void printElement(std::ostream &os, T value,
                  const affjit::rt::MemRefPrintOptions &options) {
  if constexpr (std::is_same_v<T, int8_t>)
    if (options.i8AsNumbers) {
      os << (int)value;
      return;
    }
  os << value;
}

/// Prints the `dim` innermost dimensions starting at `offset`; `sizes` and
/// `strides` point at the outermost of them.
template <typename T>
void printData(std::ostream &os, const MemRefView<T> &v, int64_t dim,
               int64_t offset, const int64_t *sizes, const int64_t *strides,
               const affjit::rt::MemRefPrintOptions &options) {
  if (dim == 0) {
    printElement(os, v.data[offset], options);
    return;
  }
  // MLIR prints element 0 even for an empty (or negative) dimension.
  int64_t count = sizes[0] > 1 ? sizes[0] : 1;
  int64_t edge = options.edgeItems;
  bool summarize = edge > 0 && count > 2 * edge;
  auto separate = [&] {
    os << ", ";
    if (dim > 1)
      os << '\n';
    printSpaces(os, v.rank - dim + 1);
  };
  os << '[';
  for (int64_t i = 0; i < count; ++i) {
    if (summarize && i == edge) {
      separate();
      os << "...";
      i = count - edge;
    }
    if (i > 0)
      separate();
    printData(os, v, dim - 1, offset + i * strides[0], sizes + 1, strides + 1,
              options);
  }
  os << ']';
}

/// The full printMemref output after its "Memref " / "Unranked Memref "
/// prefix.
template <typename T>
void printMemRef(const MemRefView<T> &v,
                 const affjit::rt::MemRefPrintOptions &options = {},
                 std::ostream &os = std::cout) {
  printMetaData(os, v);
  os << " data = \n";
  if (v.rank == 0)
    os << '[';
  printData(os, v, v.rank, v.offset, v.sizes, v.strides, options);
  if (v.rank == 0)
    os << ']';
  os << '\n' << std::flush;
}

/// MLIR's Vector2D<4, 4, float> element of printMemrefVector4x4xf32,
/// printed as runner_utils' VectorDataPrinter does (its spacing included):
/// `((a, b, c, d),   (..),   (..),  (..))`.
struct Vector4x4F32 {
  float rows[4][4];
};
std::ostream &operator<<(std::ostream &os, const Vector4x4F32 &v) {
  auto row = [&](const float *r) {
    os << '(' << r[0] << ", " << r[1] << ", " << r[2] << ", " << r[3] << ')';
  };
  os << '(';
  row(v.rows[0]);
  os << ", ";
  for (int i = 1; i < 3; ++i) {
    os << "  ";
    row(v.rows[i]);
    os << ", ";
  }
  os << ' ';
  row(v.rows[3]);
  return os << ')';
}

template <typename T> void printUnranked(int64_t rank, void *descriptor) {
  std::cout << "Unranked Memref ";
  printMemRef(viewOf<T>(rank, descriptor));
}

template <typename T> void printUnrankedShape(affjit::UnrankedMemRef *m) {
  std::cout << "Unranked Memref ";
  printMetaData(std::cout, viewOf<T>(m->rank, m->descriptor));
  std::cout << "\n";
}

template <typename T, int Rank>
void printRanked(affjit::StridedMemRef<T, Rank> *m) {
  std::cout << "Memref ";
  printMemRef(viewOf(*m));
}

} // namespace

void affjit::rt::printUnrankedMemRef(std::ostream &os, PrintElement element,
                                     int64_t rank, void *descriptor,
                                     const MemRefPrintOptions &options) {
  os << "Unranked Memref ";
  switch (element) {
  case PrintElement::I8:
    return printMemRef(viewOf<int8_t>(rank, descriptor), options, os);
  case PrintElement::I16:
    return printMemRef(viewOf<int16_t>(rank, descriptor), options, os);
  case PrintElement::I32:
    return printMemRef(viewOf<int32_t>(rank, descriptor), options, os);
  case PrintElement::I64:
    return printMemRef(viewOf<int64_t>(rank, descriptor), options, os);
  case PrintElement::Index:
    return printMemRef(viewOf<uint64_t>(rank, descriptor), options, os);
  case PrintElement::F32:
    return printMemRef(viewOf<float>(rank, descriptor), options, os);
  case PrintElement::F64:
    return printMemRef(viewOf<double>(rank, descriptor), options, os);
  }
}

using affjit::StridedMemRef;
using affjit::UnrankedMemRef;

// One line per element type and entry-point flavour.
#define AFFJIT_UNRANKED_PRINTERS(SUFFIX, TYPE)                                 \
  extern "C" void _mlir_ciface_printMemref##SUFFIX(UnrankedMemRef *m) {        \
    printUnranked<TYPE>(m->rank, m->descriptor);                               \
  }                                                                            \
  extern "C" void printMemref##SUFFIX(int64_t rank, void *descriptor) {        \
    printUnranked<TYPE>(rank, descriptor);                                     \
  }
AFFJIT_UNRANKED_PRINTERS(I8, int8_t)
AFFJIT_UNRANKED_PRINTERS(I16, int16_t)
AFFJIT_UNRANKED_PRINTERS(I32, int32_t)
AFFJIT_UNRANKED_PRINTERS(I64, int64_t)
AFFJIT_UNRANKED_PRINTERS(F32, float)
AFFJIT_UNRANKED_PRINTERS(F64, double)
AFFJIT_UNRANKED_PRINTERS(Ind, uint64_t)
#undef AFFJIT_UNRANKED_PRINTERS

#define AFFJIT_SHAPE_PRINTER(SUFFIX, TYPE)                                     \
  extern "C" void _mlir_ciface_printMemrefShape##SUFFIX(UnrankedMemRef *m) {   \
    printUnrankedShape<TYPE>(m);                                               \
  }
AFFJIT_SHAPE_PRINTER(I8, int8_t)
AFFJIT_SHAPE_PRINTER(I32, int32_t)
AFFJIT_SHAPE_PRINTER(I64, int64_t)
AFFJIT_SHAPE_PRINTER(F32, float)
AFFJIT_SHAPE_PRINTER(F64, double)
AFFJIT_SHAPE_PRINTER(Ind, uint64_t)
#undef AFFJIT_SHAPE_PRINTER

#define AFFJIT_RANKED_PRINTER(NAME, TYPE, RANK)                                \
  extern "C" void _mlir_ciface_printMemref##NAME(                              \
      StridedMemRef<TYPE, RANK> *m) {                                          \
    printRanked(m);                                                            \
  }
AFFJIT_RANKED_PRINTER(0dF32, float, 0)
AFFJIT_RANKED_PRINTER(1dF32, float, 1)
AFFJIT_RANKED_PRINTER(2dF32, float, 2)
AFFJIT_RANKED_PRINTER(3dF32, float, 3)
AFFJIT_RANKED_PRINTER(4dF32, float, 4)
AFFJIT_RANKED_PRINTER(1dI8, int8_t, 1)
AFFJIT_RANKED_PRINTER(1dI32, int32_t, 1)
AFFJIT_RANKED_PRINTER(1dI64, int64_t, 1)
AFFJIT_RANKED_PRINTER(1dF64, double, 1)
AFFJIT_RANKED_PRINTER(1dInd, uint64_t, 1)
#undef AFFJIT_RANKED_PRINTER

// A memref<?x?xvector<4x4xf32>>: the vectors are stored as MLIR stores
// them, 16 contiguous floats.
extern "C" void _mlir_ciface_printMemrefVector4x4xf32(void *descriptor) {
  printRanked(static_cast<StridedMemRef<Vector4x4F32, 2> *>(descriptor));
}

// The memref printer behind printMemrefF32 & co. for C++ tools (the REPL's
// :print): the same text as MLIR's printMemref, optionally summarized for
// large buffers and with i8 elements as numbers rather than characters.
#pragma once

#include <cstdint>
#include <ostream>

namespace affjit::rt {

/// The element types the printMemref family covers (Index prints unsigned,
/// like MLIR's printMemrefInd).
enum class PrintElement { I8, I16, I32, I64, Index, F32, F64 };

struct MemRefPrintOptions {
  /// A dimension longer than 2 * edgeItems prints its first and last
  /// edgeItems entries with "..." between them; 0 prints everything.
  int64_t edgeItems = 0;
  /// MLIR streams i8 elements as characters; tools may want numbers.
  bool i8AsNumbers = false;
};

/// Prints "Unranked Memref base@ = ... data = \n[...]\n" for the ranked
/// descriptor `descriptor` of rank `rank`, exactly like printMemref<T>
/// when no option is set.
void printUnrankedMemRef(std::ostream &os, PrintElement element, int64_t rank,
                         void *descriptor,
                         const MemRefPrintOptions &options = {});

} // namespace affjit::rt

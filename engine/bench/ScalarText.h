// Scalars and memref elements as text for benchmark reports: the shortest
// form that reads back to the same value (floats), integers in decimal.
#pragma once

#include "affjit/Engine.h"
#include "runtime/MemRefPrinter.h"

#include <string>

namespace affjit::bench {

/// `value` of kind `kind` as text (`1.5`, `-3`, `true`).
std::string scalarText(ScalarKind kind, detail::ScalarValue value);

/// The element at `p` (of kind `kind`, as memref data stores it) as text.
std::string elementText(ScalarKind kind, const void *p);

/// How runtime/MemRefPrinter.h prints memref elements of kind `kind` (i1
/// as one byte per element, a number, as MLIR's runner does).
rt::PrintElement printElementOf(ScalarKind kind);

} // namespace affjit::bench

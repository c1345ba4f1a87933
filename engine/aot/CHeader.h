// The C header of an object file from `affjit compile`: a declaration per
// exported entry (ExportEntries.h) in C's terms. A memref is a pointer to
// its descriptor (MLIR's StridedMemRefType layout: allocated and aligned
// pointers, offset, sizes, strides), an unranked memref a pointer to
// {rank, descriptor}; one scalar result is returned, a memref result or
// several results are written through a leading pointer to a struct. Each
// descriptor type is defined once however many headers use it.
#pragma once

#include "engine/aot/ExportEntries.h"

#include <optional>
#include <string>
#include <vector>

namespace affjit {

struct CHeaderInfo {
  /// The include guard's macro.
  std::string guard;
  /// Lines for the comment at the top (what was compiled, for which
  /// target, how to link).
  std::vector<std::string> comment;
};

/// The header declaring `entries`; nullopt with `error` for a type C has
/// no spelling for here (bf16, vectors, integers of odd widths).
std::optional<std::string>
writeCHeader(const std::vector<EntryFunction> &entries, const CHeaderInfo &info,
             std::string &error);

} // namespace affjit

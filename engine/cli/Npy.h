// NumPy .npy files for memref arguments of `affjit run`: `--save
// N=FILE.npy` writes one after the call, `--arg NAME=@FILE.npy` reads one
// as an input. The format itself is runtime/Npy.h (shared with the REPL);
// this maps affjit's scalar kinds to its dtypes.
#pragma once

#include "affjit/Engine.h"
#include "runtime/Npy.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace affjit::cli {

using NpyArray = rt::npy::Array;

/// The dtype of `kind`'s elements as .npy headers spell it (`<f4`).
std::string npyDtype(ScalarKind kind);

/// Writes a .npy file of `shape` holding `data` (row-major elements of
/// `kind`, as memrefs store them) to `os`.
void writeNpy(std::ostream &os, ScalarKind kind,
              const std::vector<int64_t> &shape, const void *data);

/// Reads the .npy file `path`; an error (`PATH: WHAT`) when it cannot be
/// read, is not .npy, or is in Fortran order or big-endian.
Expected<NpyArray> readNpy(const std::string &path);

} // namespace affjit::cli

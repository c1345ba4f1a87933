// Checking call arguments against a func.func signature before JIT code
// runs (CallFrame::check, the one call path of the C++ API and the REPL): the
// generated code trusts static sizes and identity-layout strides, so a
// mismatch there would read or write out of bounds rather than fail.
#pragma once

#include "affjit/Engine.h"
#include "frontend/ir/Types.h"

#include <cstdint>
#include <optional>
#include <string>

namespace affjit {

/// The MLIR spelling of a scalar kind (`f32`, `index`, ...).
std::string describe(ScalarKind kind);
/// The scalar kind of an integer, index or float type, if it has one.
std::optional<ScalarKind> scalarKindOfType(Type type);
/// The sizes (then the strides) of a memref argument's ranked descriptor
/// {ptr, ptr, i64 offset, i64 sizes[rank], i64 strides[rank]}.
const int64_t *descriptorSizes(const detail::Argument &arg);
/// Why argument `arg` cannot be passed as a parameter of type `param`;
/// empty when it can. Memrefs must match element type and rank, every
/// static size, and (for identity layouts) row-major strides.
std::string checkArgument(const detail::Argument &arg, Type param);

namespace detail {
struct ParameterCheck;
}
/// What checkArgument compares, read from `param` once.
detail::ParameterCheck parameterCheckOf(Type param);
/// Whether `arg` can be passed as the parameter `check` was made from:
/// exactly when checkArgument finds no problem, without reading the type
/// (a call's fast path; checkArgument then says why not).
bool parameterMatches(const detail::Argument &arg,
                      const detail::ParameterCheck &check);

} // namespace affjit

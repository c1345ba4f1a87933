// The arguments a benchmarked function takes, resolved from its signature
// and the user's inputs (BenchmarkInputs): each parameter's name (its SSA
// name, or argN), every memref's shape with its `?` sizes given by name or
// in order, and each scalar's value parsed for its type. Everything that
// cannot be resolved is one clear error naming the argument.
#pragma once

#include "affjit/Benchmark.h"
#include "frontend/ir/FuncOps.h"

#include <string>
#include <string_view>
#include <vector>

namespace affjit::bench {

struct ParamSpec {
  /// `%x`, or `%arg2` for a parameter without a source name.
  std::string name;
  /// The declared parameter type.
  Type type;
  bool isMemRef = false;
  /// The scalar's kind, or the memref's element kind.
  ScalarKind kind = ScalarKind::F32;
  /// Memrefs: every size static.
  std::vector<int64_t> shape;
  /// Scalars: the value and how it was written.
  detail::ScalarValue value{};
  std::string valueText;

  /// The parameter type with its `?` sizes resolved.
  std::string resolvedType() const;
};

/// The parameter `name` (`x`, `%x`, or `argN` by position) refers to, or
/// null.
ParamSpec *findParameter(std::vector<ParamSpec> &params, std::string_view name);

/// "%x, %y", the parameters' names for error messages ("none").
std::string argumentList(const std::vector<ParamSpec> &params);

/// Edits (insert, delete, substitute, swap neighbours) from `a` to `b`, for
/// "did you mean" suggestions.
size_t editDistance(std::string_view a, std::string_view b);

/// An error unless every parameter of `func` is a scalar (integer, index,
/// f32, f64) or an identity-layout memref of one, and every result a
/// scalar.
Error checkSignature(FuncOp func);

/// The function to benchmark (or run, measure: `purpose`): the module's
/// function named `name`, or its only one when `name` is empty, checked to
/// take memrefs and scalars; an error naming the functions otherwise (with
/// "did you mean" for a misspelt name).
Expected<FuncOp> findFunction(const Module &module, std::string_view name,
                              std::string_view purpose = "benchmark");

/// The parameters of `func` (which passed checkSignature) with the shapes
/// and values `inputs` give them.
Expected<std::vector<ParamSpec>>
resolveParameters(FuncOp func, const BenchmarkInputs &inputs);

/// The parameters of `func` described by the caller's own `args` (already
/// checked against the signature): shapes from their descriptors.
std::vector<ParamSpec>
describeParameters(FuncOp func, std::span<const detail::Argument> args);

} // namespace affjit::bench

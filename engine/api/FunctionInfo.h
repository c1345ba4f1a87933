// A JIT-compiled function as its callers see it: the packed wrapper
// (`void(void **slots)`, see frontend/lower/FunctionLowering.h), the
// func.func type, and where each result lands in the result slot the
// wrapper writes. Built once when the code is added to the JIT and shared by
// the engine's function table, Function handles, Results and the REPL.
#pragma once

#include "affjit/Engine.h"
#include "frontend/ir/Types.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace affjit::detail {

/// One result in the result slot (the LLVM struct of the results on
/// x86-64: natural alignment, i1 in a byte).
struct ResultLayout {
  size_t offset = 0, size = 0;
  Type type;
  /// Its scalar kind; nullopt for memrefs and vectors (not returned).
  std::optional<ScalarKind> kind;
};

/// What an argument for one parameter must be, read from its type once so
/// that checking a call reads no types (parameterMatches).
struct ParameterCheck {
  /// False for types no argument can be passed as (unranked memrefs,
  /// vectors, element types without a scalar kind).
  bool passable = false;
  bool memref = false;
  /// The scalar's kind, or the memref's element kind.
  ScalarKind kind = ScalarKind::I1;
  int64_t rank = 0;
  bool identityLayout = false;
  /// Per dimension, the static size or kDynamic.
  std::vector<int64_t> sizes;
};

/// What EngineOptions::crossCheck needs to run a call again unoptimized:
/// the module's text and the options it was compiled with.
struct CrossCheckSource {
  std::string text, bufferName;
  EngineOptions options;
};

struct FunctionInfo {
  std::string name;
  Type type;
  void (*packed)(void **) = nullptr;
  std::vector<ResultLayout> results;
  /// One per parameter.
  std::vector<ParameterCheck> parameterChecks;
  /// Bytes the result slot needs (at least 16).
  size_t resultBytes = 16;
  /// Per parameter, whether the function as written may write the memory
  /// a memref parameter is passed (ParameterInfo::written); empty when not
  /// computed (taken as written).
  std::vector<bool> writtenParameters;
  /// Set when every call is first cross-checked against --pipeline=none.
  std::shared_ptr<const CrossCheckSource> crossCheck;
  /// Keeps `packed` loaded: the Engine's JIT, shared so that Function
  /// handles and Results outlive the Engine. Empty where the creator keeps
  /// its JIT alive while the function is used (REPL session, benchmarks).
  std::shared_ptr<const void> code;

  static std::shared_ptr<const FunctionInfo> create(std::string name, Type type,
                                                    void (*packed)(void **));
};

/// The result slot's alignment: vector results are stored with their
/// natural (up to 64-byte) alignment.
inline constexpr size_t kResultAlignment = 64;

} // namespace affjit::detail

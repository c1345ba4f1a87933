// affjit's C++ API: compile MLIR text for the host CPU and call its
// functions with scalars and memrefs.
//
//   affjit::Engine engine;                          // host CPU, -O3
//   if (auto err = engine.compile(text)) { ... }    // diagnostics, no abort
//   affjit::MemRef<float, 2> a({128, 384});         // owning, 64B-aligned
//   if (auto err = engine.call("kernel", a, 2.0f)) { ... }
//
// Arguments are checked against the function's signature (count, scalar
// types, memref element type and rank) before the call.
#pragma once

#include "affjit/Buffer.h"
#include "affjit/MemRef.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace affjit {

/// An error with a message; empty means success. Converts to true when it
/// holds an error, so `if (auto err = ...)` reads naturally.
class Error {
public:
  Error() = default;
  explicit Error(std::string message) : msg(std::move(message)) {}
  explicit operator bool() const { return msg.has_value(); }
  const std::string &message() const { return *msg; }

private:
  std::optional<std::string> msg;
};

/// The scalar kinds an argument can have.
enum class ScalarKind { I1, I8, I16, I32, I64, Index, F32, F64 };

/// One call argument: a scalar by value or a memref descriptor by pointer.
struct Argument {
  enum class Kind { Scalar, MemRef } kind;
  ScalarKind scalar; // scalar kind, or the memref's element kind
  int64_t rank = 0;  // memrefs
  void *descriptor = nullptr;
  union {
    int64_t i;
    float f32;
    double f64;
  } value{};
};

template <typename T> constexpr ScalarKind scalarKindOf() {
  if constexpr (std::is_same_v<T, bool>)
    return ScalarKind::I1;
  else if constexpr (std::is_same_v<T, int8_t>)
    return ScalarKind::I8;
  else if constexpr (std::is_same_v<T, int16_t>)
    return ScalarKind::I16;
  else if constexpr (std::is_same_v<T, int32_t>)
    return ScalarKind::I32;
  else if constexpr (std::is_same_v<T, int64_t>)
    return ScalarKind::I64;
  else if constexpr (std::is_same_v<T, float>)
    return ScalarKind::F32;
  else {
    static_assert(std::is_same_v<T, double>, "unsupported scalar type");
    return ScalarKind::F64;
  }
}

/// An `index` argument (distinct from int64_t, which is `i64`).
struct Index {
  int64_t value;
};

inline Argument makeArgument(Index v) {
  Argument a{Argument::Kind::Scalar, ScalarKind::Index};
  a.value.i = v.value;
  return a;
}

template <typename T>
std::enable_if_t<std::is_arithmetic_v<T>, Argument> makeArgument(T v) {
  Argument a{Argument::Kind::Scalar, scalarKindOf<T>()};
  if constexpr (std::is_same_v<T, float>)
    a.value.f32 = v;
  else if constexpr (std::is_same_v<T, double>)
    a.value.f64 = v;
  else
    a.value.i = (int64_t)v;
  return a;
}

template <typename T, int Rank>
Argument makeArgument(StridedMemRef<T, Rank> &m) {
  Argument a{Argument::Kind::MemRef, scalarKindOf<T>(), Rank, &m};
  return a;
}

template <typename T, int Rank> Argument makeArgument(MemRef<T, Rank> &m) {
  return makeArgument(m.descriptor());
}

struct EngineOptions {
  /// LLVM optimization level 0..3.
  unsigned optLevel = 3;
  /// Check every memref access against its descriptor's sizes at run time.
  bool checked = false;
};

class Engine {
public:
  explicit Engine(EngineOptions options = {});
  ~Engine();
  Engine(const Engine &) = delete;
  Engine &operator=(const Engine &) = delete;

  /// Parses, verifies, lowers and JIT-compiles `mlirText`. Errors carry the
  /// diagnostics (`name:line:col: error: ...`).
  Error compile(std::string_view mlirText,
                std::string_view bufferName = "<input>");
  /// Calls `function` with `args`, checked against its signature.
  Error invoke(std::string_view function, std::vector<Argument> args);
  template <typename... Args>
  Error call(std::string_view function, Args &&...args) {
    return invoke(function, {makeArgument(args)...});
  }
  /// Host CPU name and features the code is compiled for.
  std::string hostCpu() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace affjit

// A buffer the REPL session owns (`%A = alloc memref<128x384xf32> iota`): a
// 64-byte aligned, row-major memref with a descriptor in MLIR's C ABI
// layout, so kernels take it like any memref argument, filled with a pattern
// a user can predict or reproduce.
#pragma once

#include "affjit/Engine.h"
#include "frontend/ir/Types.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace affjit::repl {

/// How a buffer is filled. Random fills are reproducible from the
/// seed: floats uniform in [0, 1), integers uniform in [0, 100) (i1: 0/1).
/// A constant fill holds its value as typed: an integer literal (also
/// `true`/`false`) or a float literal.
struct BufferFill {
  enum class Kind { Zeros, Ones, Iota, Random, Constant } kind = Kind::Zeros;
  uint64_t seed = 0;
  /// Kind::Constant: the literal, and its value as an integer (when it is
  /// one) and as a double.
  std::string literal;
  bool isInteger = false;
  int64_t intValue = 0;
  double floatValue = 0;
  /// "zeros", "random 7", "fill 1.5", ...
  std::string str() const;
};

/// A constant fill for `literal` (`1.5`, `-3`, `0x10`, `true`); nullopt
/// with `error` set when it is no number.
std::optional<BufferFill> constantFill(std::string_view literal,
                                       std::string &error);

class SessionBuffer {
public:
  /// Allocates and fills a buffer of memref type `type` (static shape,
  /// identity layout, element f32/f64/i1/i8/i16/i32/i64/index). Returns
  /// null with `error` set when the type is not allowed or memory runs out.
  static std::unique_ptr<SessionBuffer> create(Type type, BufferFill fill,
                                               std::string &error);
  ~SessionBuffer();
  SessionBuffer(const SessionBuffer &) = delete;
  SessionBuffer &operator=(const SessionBuffer &) = delete;

  Type getType() const { return type; }
  int64_t getNumElements() const { return numElements; }
  int64_t getSizeInBytes() const { return numElements * elementBytes; }
  ScalarKind getElementKind() const;
  /// Where the contents come from: the fill ("zeros", "fill 1.5"), "loaded
  /// from a.npy" or "written by @k", which the session keeps up to date.
  const std::string &getOrigin() const { return origin; }
  void setOrigin(std::string o) { origin = std::move(o); }
  /// Refills every element; an error (and nothing changed) when a constant
  /// does not fit the element type.
  std::string refill(const BufferFill &f);
  /// The elements, row-major.
  void *getData() { return data; }
  const void *getData() const { return data; }
  /// The argument passing this buffer to a kernel.
  detail::Argument asArgument();
  /// Prints like printMemref (i8 and i1 as numbers); dimensions longer than
  /// 2 * edgeItems are elided in the middle (0: print everything).
  void print(std::ostream &os, int64_t edgeItems) const;

private:
  SessionBuffer() = default;
  void fillWith(const BufferFill &f);
  Type type;
  std::string origin;
  int64_t numElements = 0, elementBytes = 0;
  void *data = nullptr;
  /// {basePtr, data, offset, sizes[rank], strides[rank]}.
  std::vector<int64_t> descriptor;
};

} // namespace affjit::repl

// A buffer the REPL session owns (`%A = alloc memref<128x384xf32> iota`): a
// 64-byte aligned, row-major memref with a descriptor in MLIR's C ABI
// layout, so kernels take it like any memref argument, filled with a pattern
// a user can predict or reproduce.
#pragma once

#include "affjit/Engine.h"
#include "frontend/ir/Types.h"

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace affjit::repl {

/// How a new buffer is filled. Random fills are reproducible from the
/// seed: floats uniform in [0, 1), integers uniform in [0, 100) (i1: 0/1).
struct BufferFill {
  enum class Kind { Zeros, Ones, Iota, Random } kind = Kind::Zeros;
  uint64_t seed = 0;
  std::string str() const;
};

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
  const BufferFill &getFill() const { return fill; }
  /// The argument passing this buffer to a kernel.
  detail::Argument asArgument();
  /// Prints like printMemref (i8 and i1 as numbers); dimensions longer than
  /// 2 * edgeItems are elided in the middle (0: print everything).
  void print(std::ostream &os, int64_t edgeItems) const;

private:
  SessionBuffer() = default;
  void fillWith(const BufferFill &f);
  Type type;
  BufferFill fill;
  int64_t numElements = 0, elementBytes = 0;
  void *data = nullptr;
  /// {basePtr, data, offset, sizes[rank], strides[rank]}.
  std::vector<int64_t> descriptor;
};

} // namespace affjit::repl

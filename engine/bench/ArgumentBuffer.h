// The storage of one memref argument of a benchmarked call: a 64-byte
// aligned, row-major buffer with its descriptor in MLIR's C ABI layout
// ({ptr, ptr, offset, sizes[rank], strides[rank]}), so JIT code takes it
// like any memref. Buffers are copied from one another (each variant runs
// on its own copy of the inputs) and can be flushed from the caches.
#pragma once

#include "affjit/Engine.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace affjit::bench {

/// Bytes per element as lowered code stores them (i1 takes a byte).
size_t elementBytes(ScalarKind kind);

class ArgumentBuffer {
public:
  /// A zeroed buffer of `shape`; an error naming `name` when it does not
  /// fit in this machine's memory.
  static Expected<std::unique_ptr<ArgumentBuffer>>
  create(std::string name, ScalarKind element, std::vector<int64_t> shape);
  ~ArgumentBuffer();
  ArgumentBuffer(const ArgumentBuffer &) = delete;
  ArgumentBuffer &operator=(const ArgumentBuffer &) = delete;

  const std::string &getName() const { return name; }
  ScalarKind getElement() const { return element; }
  const std::vector<int64_t> &getShape() const { return shape; }
  int64_t getNumElements() const { return numElements; }
  size_t getBytes() const { return bytes; }
  void *getData() { return data; }
  const void *getData() const { return data; }

  /// The call argument passing this buffer.
  detail::Argument asArgument();
  /// Copies the elements of `other`, which has the same type and shape.
  void copyFrom(const ArgumentBuffer &other);
  /// Evicts the buffer's cache lines from every cache level.
  void flushFromCaches() const;
  /// Replaces every float element by its magnitude (other elements stay).
  void takeMagnitudes();

private:
  ArgumentBuffer() = default;
  std::string name;
  ScalarKind element = ScalarKind::F32;
  std::vector<int64_t> shape;
  int64_t numElements = 0;
  size_t bytes = 0;
  void *data = nullptr;
  std::vector<int64_t> descriptor;
};

} // namespace affjit::bench

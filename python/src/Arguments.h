// Python objects as call arguments of a compiled function (see
// Arguments.cpp): NumPy arrays and other buffer-protocol objects become
// memref descriptors over their memory (zero-copy), Python and NumPy
// scalars become scalars. Everything is checked against the function's
// parameters first, because the generated code trusts static sizes,
// layouts and element types and would otherwise read or write out of
// bounds.
#pragma once

#include "affjit/Engine.h"

#include <pybind11/pybind11.h>

#include <cstddef>
#include <memory>
#include <memory_resource>
#include <string>
#include <vector>

namespace affjit::python {

/// A buffer obtained from a Python object, released (with the GIL held)
/// when the pack that holds it goes away.
class HeldBuffer {
public:
  HeldBuffer() = default;
  HeldBuffer(const HeldBuffer &) = delete;
  HeldBuffer &operator=(const HeldBuffer &) = delete;
  ~HeldBuffer();
  Py_buffer view{};
  bool held = false;
  /// The NumPy array a DLPack producer was imported as (else empty).
  pybind11::object imported;
};

/// The arguments of one call: what the C++ API takes, plus the buffers and
/// descriptors they point into (alive until the pack is destroyed).
class ArgumentPack {
public:
  /// Checks and converts `args` for `function`, whose parameters are
  /// `params`; throws TypeError / ValueError / OverflowError naming the
  /// argument and its expected type.
  ArgumentPack(const std::string &function,
               const std::vector<ParameterInfo> &params,
               const pybind11::tuple &args);
  std::span<const detail::Argument> arguments() const { return packed; }

private:
  void addScalar(size_t i, pybind11::handle arg, const ParameterInfo &param);
  void addMemRef(size_t i, pybind11::handle arg, const ParameterInfo &param);
  /// `arg`'s memory through the buffer protocol (DLPack producers through
  /// NumPy), held until the pack goes away.
  const Py_buffer &exportBuffer(size_t i, pybind11::handle arg,
                                const ParameterInfo &param);
  /// "argument #i of @f (memref<?xf32>)", the prefix of every error.
  std::string which(size_t i, const ParameterInfo &param) const;

  const std::string &function;
  /// Storage for the vectors below: a call with a few arguments allocates
  /// nothing.
  alignas(std::max_align_t) std::byte arena[1024];
  std::pmr::monotonic_buffer_resource memory{arena, sizeof arena};
  std::pmr::vector<detail::Argument> packed{&memory};
  /// Descriptors {base, data, offset, sizes[rank], strides[rank]}, reserved
  /// up front so that pointers into it stay valid.
  std::pmr::vector<int64_t> descriptors{&memory};
  std::vector<std::unique_ptr<HeldBuffer>> buffers;
};

/// The NumPy dtype name of a scalar kind (`float32`, `int64` for index).
std::string dtypeName(ScalarKind kind);

} // namespace affjit::python

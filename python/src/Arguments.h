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

#include <array>
#include <cstddef>
#include <memory>
#include <memory_resource>
#include <new>
#include <string>
#include <vector>

namespace affjit::python {

/// NumPy's scalar types, imported once (never destroyed: Python may be
/// finalizing when static destructors run). Arguments and results of the
/// parameter's exact type are read and made in place (as NumPy's
/// PyArrayScalar_VAL and PyArrayScalar_New do), without a Python call.
struct NumpyScalars {
  pybind11::object f32, f64, i8, i16, i32, i64, bool_, generic;
  /// The exact type of kind k's scalars (int64 for index), indexed by
  /// ScalarKind; null when its layout is not the one expected (`value`
  /// after the object's header), which sends every scalar the slow way.
  std::array<PyTypeObject *, 8> byKind{};
  static const NumpyScalars &get();
  PyTypeObject *type(ScalarKind k) const { return byKind[(size_t)k]; }
};

/// The layout of a NumPy scalar object holding a `T` (PyFloatScalarObject
/// etc. in numpy/arrayscalars.h).
template <typename T> struct NumpyScalarObject {
  PyObject_HEAD T value;
};

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
  /// Checks and converts the `nargs` objects at `args` for `function`,
  /// whose parameters are `params`; throws TypeError / ValueError /
  /// OverflowError naming the argument and its expected type.
  ArgumentPack(const std::string &function,
               const std::vector<ParameterInfo> &params, PyObject *const *args,
               size_t nargs);
  std::span<const detail::Argument> arguments() const {
    return {packed, count};
  }

private:
  void addScalar(size_t i, pybind11::handle arg, const ParameterInfo &param);
  void addMemRef(size_t i, pybind11::handle arg, const ParameterInfo &param);
  /// `arg`'s memory through the buffer protocol (DLPack producers through
  /// NumPy), held until the pack goes away.
  const Py_buffer &exportBuffer(size_t i, pybind11::handle arg,
                                const ParameterInfo &param);
  /// Appends a converted argument (there is room: see the constructor).
  void push(const detail::Argument &a) {
    new (packed + count++) detail::Argument(a);
  }
  /// "argument #i of @f (memref<?xf32>)", the prefix of every error.
  std::string which(size_t i, const ParameterInfo &param) const;

  const std::string &function;
  /// Storage for the arrays below: a call with up to 8 arguments of rank up
  /// to 6 fits in the arena; more goes to the heap, freed with the pack.
  alignas(std::max_align_t) std::byte arena[2048];
  std::pmr::monotonic_buffer_resource memory{arena, sizeof arena};
  /// The arguments converted so far (`count`), room for all of them.
  detail::Argument *packed = nullptr;
  size_t count = 0;
  /// Descriptors {base, data, offset, sizes[rank], strides[rank]}, one
  /// after the other (`used` words), room for every memref argument.
  int64_t *descriptors = nullptr;
  size_t used = 0;
  std::vector<std::unique_ptr<HeldBuffer>> buffers;
};

/// The NumPy dtype name of a scalar kind (`float32`, `int64` for index).
std::string dtypeName(ScalarKind kind);

} // namespace affjit::python

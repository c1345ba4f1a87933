// Converting and checking call arguments (Arguments.h).
#include "Arguments.h"

#include <pybind11/numpy.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

namespace py = pybind11;

namespace affjit::python {

namespace {

/// The element kind a buffer-protocol format stands for: signed integers
/// by size, bool, float32 and float64, native byte order only. Unsigned
/// integers, float16, complex and structured formats have none.
std::optional<ScalarKind> kindOfFormat(std::string_view format,
                                       Py_ssize_t itemsize) {
  if (!format.empty() && (format[0] == '@' || format[0] == '=' ||
                          format[0] == '<' || format[0] == '|'))
    format.remove_prefix(1);
  if (format.size() != 1)
    return std::nullopt;
  switch (format[0]) {
  case '?':
    return itemsize == 1 ? std::optional(ScalarKind::I1) : std::nullopt;
  case 'f':
    return itemsize == 4 ? std::optional(ScalarKind::F32) : std::nullopt;
  case 'd':
    return itemsize == 8 ? std::optional(ScalarKind::F64) : std::nullopt;
  case 'b':
  case 'h':
  case 'i':
  case 'l':
  case 'q':
    switch (itemsize) {
    case 1:
      return ScalarKind::I8;
    case 2:
      return ScalarKind::I16;
    case 4:
      return ScalarKind::I32;
    case 8:
      return ScalarKind::I64;
    }
  }
  return std::nullopt;
}

/// A buffer's element type as NumPy names it, for error messages.
std::string describeFormat(std::string_view format, Py_ssize_t itemsize) {
  if (auto kind = kindOfFormat(format, itemsize))
    return dtypeName(*kind);
  std::string_view f = format;
  if (!f.empty() && std::string_view("@=<>!|").find(f[0]) != f.npos)
    f.remove_prefix(1);
  std::string bits = std::to_string(itemsize * 8);
  if (f.size() == 1 && std::string_view("BHILQ").find(f[0]) != f.npos)
    return "uint" + bits;
  if (f == "e")
    return "float16";
  if (f.size() == 2 && f[0] == 'Z')
    return "complex" + bits;
  return "format '" + std::string(format) + "'";
}

/// Whether a parameter of kind `want` takes elements of kind `have`: exact,
/// except that index memrefs hold int64 (what `index` is on 64-bit hosts).
bool elementMatches(ScalarKind want, ScalarKind have) {
  return want == have || (want == ScalarKind::Index && have == ScalarKind::I64);
}

std::string shapeText(const Py_buffer &view) {
  std::string text = "(";
  for (int d = 0; d < view.ndim; ++d)
    text += (d ? ", " : "") + std::to_string(view.shape[d]) +
            (view.ndim == 1 ? "," : "");
  return text + ")";
}

/// The buffer-protocol format of a NumPy dtype kind and size, for the
/// element types kindOfFormat knows; null for the others.
const char *formatOfNumpy(char kind, int size) {
  switch (kind) {
  case 'b':
    return size == 1 ? "?" : nullptr;
  case 'f':
    return size == 4 ? "f" : size == 8 ? "d" : nullptr;
  case 'i':
    return size == 1   ? "b"
           : size == 2 ? "h"
           : size == 4 ? "i"
           : size == 8 ? "q"
                       : nullptr;
  }
  return nullptr;
}

/// Fills `view` with what the buffer protocol would give for a NumPy array
/// of a native-order element type without fields, reading the array
/// directly: a call then costs no buffer export and release. `rowMajor`
/// says whether the array is C-contiguous (NumPy's flag: sizes 0 and 1
/// allow any stride), whose strides NumPy's export would give as row-major
/// (the caller computes them). False for anything else, which takes the
/// buffer protocol (and its errors).
bool numpyView(py::handle arg, Py_buffer &view, bool &rowMajor) {
  namespace npd = py::detail;
  if (!npd::npy_api::get().PyArray_Check_(arg.ptr()))
    return false;
  const npd::PyArray_Proxy *array = npd::array_proxy(arg.ptr());
  const npd::PyArrayDescr_Proxy *descr =
      npd::array_descriptor_proxy(array->descr);
  const char *format = formatOfNumpy(descr->kind, descr->elsize);
  if (!format || descr->byteorder == '>' || descr->names || descr->subarray)
    return false;
  view.buf = array->data;
  view.obj = nullptr;
  view.itemsize = descr->elsize;
  view.readonly = !(array->flags & npd::npy_api::NPY_ARRAY_WRITEABLE_);
  view.ndim = array->nd;
  view.format = const_cast<char *>(format);
  view.shape = array->dimensions;
  view.strides = array->strides;
  view.suboffsets = nullptr;
  rowMajor = array->flags & npd::npy_api::NPY_ARRAY_C_CONTIGUOUS_;
  return true;
}

[[noreturn]] void raise(PyObject *type, const std::string &message) {
  PyErr_SetString(type, message.c_str());
  throw py::error_already_set();
}

bool isFloat(ScalarKind k) {
  return k == ScalarKind::F32 || k == ScalarKind::F64;
}

/// The range of an integer kind as a signed value; signless integers are
/// taken as signed, as arith's constants print them.
std::pair<int64_t, int64_t> integerRange(ScalarKind k) {
  switch (k) {
  case ScalarKind::I1:
    return {0, 1};
  case ScalarKind::I8:
    return {INT8_MIN, INT8_MAX};
  case ScalarKind::I16:
    return {INT16_MIN, INT16_MAX};
  case ScalarKind::I32:
    return {INT32_MIN, INT32_MAX};
  default:
    return {INT64_MIN, INT64_MAX};
  }
}

/// `type` when NumPy's scalars of it hold a `T` right after the object's
/// header, else null.
template <typename T> PyTypeObject *laidOutAs(const py::object &type) {
  auto *t = reinterpret_cast<PyTypeObject *>(type.ptr());
  return t->tp_basicsize == (Py_ssize_t)sizeof(NumpyScalarObject<T>) &&
                 t->tp_itemsize == 0
             ? t
             : nullptr;
}

/// The value of a NumPy scalar whose type is exactly
/// NumpyScalars::type(k), read in place.
detail::ScalarValue numpyValue(PyObject *arg, ScalarKind k) {
  detail::ScalarValue v{};
  switch (k) {
  case ScalarKind::I1:
    v.i = reinterpret_cast<NumpyScalarObject<unsigned char> *>(arg)->value != 0;
    break;
  case ScalarKind::I8:
    v.i = reinterpret_cast<NumpyScalarObject<int8_t> *>(arg)->value;
    break;
  case ScalarKind::I16:
    v.i = reinterpret_cast<NumpyScalarObject<int16_t> *>(arg)->value;
    break;
  case ScalarKind::I32:
    v.i = reinterpret_cast<NumpyScalarObject<int32_t> *>(arg)->value;
    break;
  case ScalarKind::I64:
  case ScalarKind::Index:
    v.i = reinterpret_cast<NumpyScalarObject<int64_t> *>(arg)->value;
    break;
  case ScalarKind::F32:
    v.f32 = reinterpret_cast<NumpyScalarObject<float> *>(arg)->value;
    break;
  case ScalarKind::F64:
    v.f64 = reinterpret_cast<NumpyScalarObject<double> *>(arg)->value;
    break;
  }
  return v;
}

/// The name of `arg`'s type, for error messages.
std::string typeName(py::handle arg) {
  return py::str(py::type::handle_of(arg).attr("__name__"));
}

/// `value` stored as a parameter of float kind `k`, refused when it would
/// be rounded: a Python number converts only when it is exact.
detail::ScalarValue exactFloat(double value, ScalarKind k, bool &exact) {
  detail::ScalarValue v{};
  if (k == ScalarKind::F32) {
    v.f32 = (float)value;
    exact = std::isnan(value) || (double)v.f32 == value;
  } else {
    v.f64 = value;
    exact = true;
  }
  return v;
}

} // namespace

std::string dtypeName(ScalarKind kind) {
  switch (kind) {
  case ScalarKind::I1:
    return "bool";
  case ScalarKind::I8:
    return "int8";
  case ScalarKind::I16:
    return "int16";
  case ScalarKind::I32:
    return "int32";
  case ScalarKind::I64:
  case ScalarKind::Index:
    return "int64";
  case ScalarKind::F32:
    return "float32";
  case ScalarKind::F64:
    return "float64";
  }
  return "?";
}

const NumpyScalars &NumpyScalars::get() {
  static NumpyScalars *types = [] {
    py::module_ np = py::module_::import("numpy");
    auto *t = new NumpyScalars{np.attr("float32"), np.attr("float64"),
                               np.attr("int8"),    np.attr("int16"),
                               np.attr("int32"),   np.attr("int64"),
                               np.attr("bool_"),   np.attr("generic")};
    auto at = [&](ScalarKind k) -> PyTypeObject *& {
      return t->byKind[(size_t)k];
    };
    at(ScalarKind::I1) = laidOutAs<unsigned char>(t->bool_);
    at(ScalarKind::I8) = laidOutAs<int8_t>(t->i8);
    at(ScalarKind::I16) = laidOutAs<int16_t>(t->i16);
    at(ScalarKind::I32) = laidOutAs<int32_t>(t->i32);
    at(ScalarKind::I64) = at(ScalarKind::Index) = laidOutAs<int64_t>(t->i64);
    at(ScalarKind::F32) = laidOutAs<float>(t->f32);
    at(ScalarKind::F64) = laidOutAs<double>(t->f64);
    return t;
  }();
  return *types;
}

HeldBuffer::~HeldBuffer() {
  if (held)
    PyBuffer_Release(&view);
}

ArgumentPack::ArgumentPack(const std::string &fn,
                           const std::vector<ParameterInfo> &params,
                           PyObject *const *args, size_t nargs)
    : function(fn) {
  if (nargs != params.size()) {
    std::string signature;
    for (size_t i = 0; i < params.size(); ++i)
      signature += (i ? ", " : "") + params[i].type;
    raise(PyExc_TypeError, "@" + function + " takes " +
                               std::to_string(params.size()) + " arguments (" +
                               signature + "), got " + std::to_string(nargs));
  }
  size_t words = 0;
  for (const ParameterInfo &p : params)
    if (p.isMemRef)
      words += 3 + 2 * p.sizes.size();
  std::pmr::polymorphic_allocator<> allocator(&memory);
  descriptors = allocator.allocate_object<int64_t>(words);
  packed = allocator.allocate_object<detail::Argument>(params.size());
  for (size_t i = 0; i < params.size(); ++i) {
    py::handle arg = args[i];
    if (params[i].isMemRef)
      addMemRef(i, arg, params[i]);
    else
      addScalar(i, arg, params[i]);
  }
}

std::string ArgumentPack::which(size_t i, const ParameterInfo &param) const {
  return "argument #" + std::to_string(i) + " of @" + function + " (" +
         param.type + ")";
}

void ArgumentPack::addScalar(size_t i, py::handle arg,
                             const ParameterInfo &param) {
  if (!param.kind)
    raise(PyExc_TypeError,
          which(i, param) + ": this type cannot be passed from Python");
  ScalarKind k = *param.kind;
  detail::Argument a{detail::Argument::Kind::Scalar, k};
  PyObject *o = arg.ptr();
  const NumpyScalars &np = NumpyScalars::get();
  // A NumPy scalar of exactly the parameter's type (the usual case): read
  // in place.
  if (Py_TYPE(o) == np.type(k)) {
    a.value = numpyValue(o, k);
    push(a);
    return;
  }
  // Other NumPy scalars carry a dtype: it must be exactly the parameter's
  // (a subclass, or another type of the same dtype, e.g. numpy.longlong
  // for int64, is read through Python).
  bool exactNumber =
      PyFloat_CheckExact(o) || PyLong_CheckExact(o) || PyBool_Check(o);
  if (!exactNumber && PyObject_IsInstance(o, np.generic.ptr()) == 1) {
    std::string dtype = py::str(arg.attr("dtype").attr("name"));
    if (dtype != dtypeName(k))
      raise(PyExc_TypeError, which(i, param) + ": expected a " + dtypeName(k) +
                                 " scalar, got numpy." + dtype +
                                 " (affjit never casts; pass numpy." +
                                 dtypeName(k) + "(x))");
    if (isFloat(k)) {
      bool exact;
      a.value = exactFloat(PyFloat_AsDouble(o), k, exact);
    } else {
      a.value.i =
          py::int_(py::reinterpret_borrow<py::object>(arg)).cast<int64_t>();
    }
    push(a);
    return;
  }
  bool isBool = PyBool_Check(o);
  if (k == ScalarKind::I1
          ? !isBool
          : isBool || !(PyLong_Check(o) || (PyFloat_Check(o) && isFloat(k))))
    raise(PyExc_TypeError, which(i, param) + ": expected " +
                               (k == ScalarKind::I1 ? "a bool" : "a number") +
                               " for " + param.type + ", got " + typeName(arg));
  if (isFloat(k)) {
    // Python numbers convert only when exact: a float to f32 must be a
    // float32, an int must be a float (int(float(x)) == x).
    double value;
    bool intExact = true;
    int overflow = 0;
    long long small = 0;
    if (PyFloat_CheckExact(o)) {
      value = PyFloat_AS_DOUBLE(o);
    } else if (PyLong_CheckExact(o) &&
               (small = PyLong_AsLongLongAndOverflow(o, &overflow),
                !overflow)) {
      // Rounded to nearest, as int -> float does (2**63 would not convert
      // back).
      value = (double)small;
      intExact = value < 0x1p63 && (long long)value == small;
    } else {
      value = PyFloat_AsDouble(o);
      if (PyErr_Occurred())
        throw py::error_already_set();
      intExact = !PyLong_Check(o) ||
                 py::int_(py::float_(value))
                     .equal(py::reinterpret_borrow<py::object>(arg));
    }
    bool exact;
    a.value = exactFloat(value, k, exact);
    if (!exact || !intExact)
      raise(PyExc_TypeError,
            which(i, param) + ": " + std::string(py::repr(arg)) +
                " is not exactly representable as " + param.type +
                " (affjit never rounds silently; pass numpy." + dtypeName(k) +
                "(x))");
    push(a);
    return;
  }
  int overflow = 0;
  long long value = PyLong_AsLongLongAndOverflow(o, &overflow);
  auto [lo, hi] = integerRange(k);
  if (overflow || value < lo || value > hi)
    raise(PyExc_OverflowError, which(i, param) + ": " +
                                   std::string(py::repr(arg)) +
                                   " does not fit in " + param.type);
  a.value.i = value;
  push(a);
}

void ArgumentPack::addMemRef(size_t i, py::handle arg,
                             const ParameterInfo &param) {
  if (!param.kind)
    raise(PyExc_TypeError, which(i, param) +
                               ": memrefs of this element type cannot be "
                               "passed from Python");
  if (param.layout == ParameterInfo::Layout::AffineMap)
    raise(PyExc_TypeError, which(i, param) +
                               ": memrefs with an affine-map layout cannot be "
                               "passed from Python");
  // NumPy arrays are read directly; they stay alive as call arguments.
  Py_buffer direct{};
  bool rowMajor = false;
  const Py_buffer &view =
      numpyView(arg, direct, rowMajor) ? direct : exportBuffer(i, arg, param);
  std::string_view format = view.format ? view.format : "B";
  std::optional<ScalarKind> have = kindOfFormat(format, view.itemsize);
  if (!have || !elementMatches(*param.kind, *have))
    raise(PyExc_TypeError,
          which(i, param) + ": expected " + dtypeName(*param.kind) +
              " elements, got an array of " +
              describeFormat(format, view.itemsize) +
              " (affjit never casts; convert with .astype(numpy." +
              dtypeName(*param.kind) + "))");
  size_t rank = param.sizes.size();
  if ((size_t)view.ndim != rank)
    raise(PyExc_ValueError, which(i, param) + ": expected " +
                                std::to_string(rank) + " dimensions, got " +
                                std::to_string(view.ndim) + ", shape " +
                                shapeText(view));
  for (size_t d = 0; d < rank; ++d)
    if (param.sizes[d] != kDynamicSize && param.sizes[d] != view.shape[d])
      raise(PyExc_ValueError, which(i, param) + ": shape " + shapeText(view) +
                                  " does not match: dimension " +
                                  std::to_string(d) + " must be " +
                                  std::to_string(param.sizes[d]));
  if (view.readonly && param.written)
    raise(PyExc_ValueError,
          which(i, param) + ": the array is read-only, and @" + function +
              " writes this argument (pass a writable array, e.g. a.copy())");
  // Element strides: what NumPy gives in bytes, which must be whole
  // elements (a view into a structured array or a byte-offset slice is
  // not).
  // The descriptor {base, data, offset, sizes, strides}, in place (the
  // words were reserved): strides are converted into it as they are
  // checked. A C-contiguous NumPy array's strides are row-major (as NumPy
  // exports them), which pass these checks.
  int64_t *descriptor = descriptors + used;
  used += 3 + 2 * rank;
  int64_t *strides = descriptor + 3 + rank;
  if (rowMajor) {
    int64_t stride = 1;
    for (size_t d = rank; d-- > 0;) {
      strides[d] = stride;
      stride *= view.shape[d];
    }
  }
  for (size_t d = 0; d < rank && !rowMajor; ++d) {
    Py_ssize_t bytes = view.strides[d];
    if (bytes % view.itemsize != 0)
      raise(PyExc_ValueError, which(i, param) + ": stride of " +
                                  std::to_string(bytes) +
                                  " bytes in dimension " + std::to_string(d) +
                                  " is not a multiple of the element size " +
                                  std::to_string(view.itemsize) +
                                  " (copy with numpy.ascontiguousarray)");
    strides[d] = bytes / view.itemsize;
    if (strides[d] < 0 && view.shape[d] > 1)
      raise(PyExc_ValueError, which(i, param) +
                                  ": negative stride in dimension " +
                                  std::to_string(d) +
                                  " (reversed views are not passed; copy with "
                                  "numpy.ascontiguousarray)");
  }
  int64_t offset = 0;
  if (param.layout == ParameterInfo::Layout::Identity) {
    // Generated code computes addresses from the sizes alone.
    int64_t expected = 1;
    for (size_t d = rank; d-- > 0;) {
      if (view.shape[d] > 1 && strides[d] != expected)
        raise(PyExc_ValueError,
              which(i, param) + ": the array is not C-contiguous (strides " +
                  "in elements must be row-major); pass "
                  "numpy.ascontiguousarray(a), or declare the parameter "
                  "with a strided<[...]> layout");
      expected *= view.shape[d];
    }
  } else {
    // Static strides in the type are compiled in: the array must have them.
    for (size_t d = 0; d < rank; ++d)
      if (param.strides[d] != kDynamicSize && param.strides[d] != strides[d] &&
          view.shape[d] > 1)
        raise(PyExc_ValueError,
              which(i, param) + ": stride " + std::to_string(strides[d]) +
                  " (elements) in dimension " + std::to_string(d) +
                  " does not match the layout's " +
                  std::to_string(param.strides[d]));
    if (param.offset != kDynamicSize)
      offset = param.offset;
  }
  // data + offset is the array's first element, whatever the layout says
  // the offset is.
  char *first = static_cast<char *>(view.buf);
  auto data = (int64_t)(intptr_t)(first - offset * view.itemsize);
  descriptor[0] = descriptor[1] = data;
  descriptor[2] = offset;
  std::copy(view.shape, view.shape + rank, descriptor + 3);
  detail::Argument a{detail::Argument::Kind::MemRef, *param.kind, (int64_t)rank,
                     descriptor};
  push(a);
}

const Py_buffer &ArgumentPack::exportBuffer(size_t i, py::handle arg,
                                            const ParameterInfo &param) {
  auto buffer = std::make_unique<HeldBuffer>();
  // DLPack producers without the buffer protocol go through NumPy's
  // zero-copy import; the array it makes is kept for the call.
  if (!PyObject_CheckBuffer(arg.ptr()) && py::hasattr(arg, "__dlpack__")) {
    buffer->imported = py::module_::import("numpy").attr("from_dlpack")(arg);
    arg = buffer->imported;
  }
  if (PyObject_GetBuffer(arg.ptr(), &buffer->view, PyBUF_RECORDS_RO) != 0) {
    PyErr_Clear();
    raise(PyExc_TypeError,
          which(i, param) + ": expected a NumPy array (or a buffer) of " +
              dtypeName(*param.kind) + ", got " + typeName(arg));
  }
  buffer->held = true;
  buffers.push_back(std::move(buffer));
  return buffers.back()->view;
}

} // namespace affjit::python

// The `affjit._affjit` extension: the C++ API (include/affjit/Engine.h) for
// the Python package in python/affjit/, which adds the Pythonic surface
// (compile(), modules with functions as attributes, CompileError). Compiles
// and calls release the GIL; arguments are checked and converted with it
// held (Arguments.h), runtime errors of the call come back as exceptions
// (GuardedCall.h).
#include "Arguments.h"
#include "Bench.h"
#include "GuardedCall.h"

#include "affjit/Engine.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace py = pybind11;

namespace affjit::python {

namespace {

/// The remarks of an engine's compiles, kept for `Module.opt_report`.
struct RemarkLog {
  std::mutex mutex;
  std::vector<Remark> remarks;
};

/// An engine and the remarks its compiles made.
struct PyEngine {
  std::shared_ptr<Engine> engine;
  std::shared_ptr<RemarkLog> log;
};

PyEngine makeEngine(const std::string &pipeline, bool fastMath,
                    unsigned threads, bool checked, unsigned optLevel,
                    const std::string &optReport, const std::string &target) {
  EngineOptions options;
  options.target.cpu = target;
  options.pipeline = pipeline;
  options.fastMath = fastMath;
  options.threads = threads;
  options.checked = checked;
  options.optLevel = optLevel;
  auto log = std::make_shared<RemarkLog>();
  options.optReport = optReport;
  // Collected rather than printed: Python asks for them.
  options.onRemark = [log](const Remark &r) {
    std::lock_guard<std::mutex> lock(log->mutex);
    log->remarks.push_back(r);
  };
  return PyEngine{std::make_shared<Engine>(options), log};
}

/// A Results for a function's calls to reuse, so that a call does not
/// allocate its values again: one call has it at a time (a call from
/// another thread meanwhile makes its own).
struct SpareResults {
  std::atomic<bool> taken{false};
  Results results;
};

/// A compiled function with its parameters, looked up once, and the
/// source it was compiled from (to name the memref of an out-of-bounds
/// access).
struct PyFunction {
  Function fn;
  std::string name;
  std::vector<ParameterInfo> params;
  std::string source;
  std::unique_ptr<SpareResults> spare = std::make_unique<SpareResults>();
};

/// A NumPy scalar of `type` (numpy.float32, ...) holding `value`: made in
/// place as PyArrayScalar_New does when NumpyScalars knows the type's
/// layout, else by calling the type.
template <typename T>
py::object numpyScalar(const py::object &type, PyTypeObject *laidOut, T value) {
  if (!laidOut)
    return type(value);
  PyObject *o = laidOut->tp_alloc(laidOut, 0);
  if (!o)
    throw py::error_already_set();
  reinterpret_cast<NumpyScalarObject<T> *>(o)->value = value;
  return py::reinterpret_steal<py::object>(o);
}

/// Result `i` as a Python object: NumPy scalars of the result's exact type
/// (float32 stays float32), bool for i1, int for index; None for memref and
/// vector results, which are not returned.
py::object resultObject(const Results &results, size_t i) {
  std::optional<ScalarKind> kind = results.kind(i);
  if (!kind)
    return py::none();
  const NumpyScalars &np = NumpyScalars::get();
  PyTypeObject *type = np.type(*kind);
  switch (*kind) {
  case ScalarKind::I1:
    return py::bool_(*results.get<bool>(i));
  case ScalarKind::I8:
    return numpyScalar(np.i8, type, *results.get<int8_t>(i));
  case ScalarKind::I16:
    return numpyScalar(np.i16, type, *results.get<int16_t>(i));
  case ScalarKind::I32:
    return numpyScalar(np.i32, type, *results.get<int32_t>(i));
  case ScalarKind::I64:
    return numpyScalar(np.i64, type, *results.get<int64_t>(i));
  case ScalarKind::Index:
    return py::int_(results.get<Index>(i)->value);
  case ScalarKind::F32:
    return numpyScalar(np.f32, type, *results.get<float>(i));
  case ScalarKind::F64:
    return numpyScalar(np.f64, type, *results.get<double>(i));
  }
  return py::none();
}

/// None, the one result, or a tuple of them.
py::object resultsObject(const Results &results) {
  if (results.size() == 0)
    return py::none();
  if (results.size() == 1)
    return resultObject(results, 0);
  py::tuple out(results.size());
  for (size_t i = 0; i < results.size(); ++i)
    out[i] = resultObject(results, i);
  return out;
}

/// Runtime errors as exceptions: out-of-bounds accesses of checked code
/// are IndexErrors naming the memref (python/affjit finds it in the
/// source), the rest RuntimeErrors.
[[noreturn]] void raiseRuntimeError(const PyFunction &f,
                                    const std::string &message) {
  if (message.find("out-of-bounds access") == std::string::npos) {
    PyErr_SetString(PyExc_RuntimeError, message.c_str());
    throw py::error_already_set();
  }
  std::string explained = py::str(py::module_::import("affjit").attr(
      "_explain_out_of_bounds")(message, f.source));
  PyErr_SetString(PyExc_IndexError, explained.c_str());
  throw py::error_already_set();
}

py::object callFunction(const PyFunction &f, PyObject *const *args,
                        size_t nargs) {
  ArgumentPack pack(f.name, f.params, args, nargs);
  // The function's spare Results, unless another call has it.
  std::atomic<bool> &taken = f.spare->taken;
  bool spare = !taken.exchange(true, std::memory_order_acquire);
  struct Return {
    std::atomic<bool> *taken;
    ~Return() {
      if (taken)
        taken->store(false, std::memory_order_release);
    }
  } giveBack{spare ? &taken : nullptr};
  std::optional<Results> own;
  Results &results = spare ? f.spare->results : own.emplace();
  Error error;
  std::optional<std::string> stopped = [&] {
    py::gil_scoped_release released;
    return guardedInvoke(f.fn, pack.arguments(), results, error);
  }();
  if (stopped)
    raiseRuntimeError(f, *stopped);
  if (error)
    throw py::value_error(error.message());
  return resultsObject(results);
}

/// A parameter as a dict, for introspection and the Python layer.
py::dict parameterDict(const ParameterInfo &p) {
  static const char *const layouts[] = {"identity", "strided", "affine_map"};
  py::dict d;
  d["type"] = p.type;
  d["is_memref"] = p.isMemRef;
  d["dtype"] = p.kind ? py::object(py::str(dtypeName(*p.kind))) : py::none();
  if (p.isMemRef) {
    auto sizeObject = [](int64_t s) {
      return s == kDynamicSize ? py::object(py::none()) : py::int_(s);
    };
    py::list sizes, strides;
    for (int64_t s : p.sizes)
      sizes.append(sizeObject(s));
    for (int64_t s : p.strides)
      strides.append(sizeObject(s));
    d["shape"] = py::tuple(sizes);
    d["layout"] = layouts[(int)p.layout];
    d["strides"] = py::tuple(strides);
    d["offset"] = sizeObject(p.offset);
    d["written"] = p.written;
  }
  return d;
}

/// The C++ object of a Function, without pybind11's type lookup (the call
/// slots are only on this type and Python subclasses of it); null with a
/// TypeError set when it has none.
const PyFunction *functionOf(PyObject *self) {
  auto *instance = reinterpret_cast<py::detail::instance *>(self);
  py::detail::value_and_holder v = instance->get_value_and_holder();
  if (!v.holder_constructed()) {
    PyErr_SetString(PyExc_TypeError, "affjit.Function is not initialized");
    return nullptr;
  }
  return v.value_ptr<PyFunction>();
}

/// Calls `self` with `nargs` positional arguments, as a PyObject result
/// (null with the exception set).
PyObject *callWith(PyObject *self, PyObject *const *args, size_t nargs) {
  try {
    const PyFunction *f = functionOf(self);
    if (!f)
      return nullptr;
    return callFunction(*f, args, nargs).release().ptr();
  } catch (py::error_already_set &e) {
    e.restore();
  } catch (py::builtin_exception &e) {
    e.set_error();
  } catch (const std::exception &e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

void refuseKeywords() {
  PyErr_SetString(PyExc_TypeError,
                  "compiled functions take no keyword arguments");
}

/// `Function.__call__` as the type's call slot: calls skip pybind11's
/// overload dispatch, which would cost as much as the rest of the call.
PyObject *callSlot(PyObject *self, PyObject *args, PyObject *kwargs) {
  if (kwargs && PyDict_Size(kwargs) != 0) {
    refuseKeywords();
    return nullptr;
  }
  return callWith(self, PySequence_Fast_ITEMS(args),
                  (size_t)PyTuple_GET_SIZE(args));
}

#if PY_VERSION_HEX >= 0x03090000
/// The same through the vectorcall protocol, which Python uses when the
/// instance's pointer to it is set (enableVectorcall): the arguments are
/// not packed into a tuple first.
PyObject *vectorcallSlot(PyObject *self, PyObject *const *args, size_t nargsf,
                         PyObject *kwnames) {
  if (kwnames && PyTuple_GET_SIZE(kwnames) != 0) {
    refuseKeywords();
    return nullptr;
  }
  return callWith(self, args, (size_t)PyVectorcall_NARGS(nargsf));
}

/// Where a Function instance keeps its vectorcall pointer: after pybind11's
/// instance (the type is made that much larger).
constexpr Py_ssize_t kVectorcallOffset = sizeof(py::detail::instance);

/// The type setup: call slots, and room for the vectorcall pointer.
void setUpFunctionType(PyHeapTypeObject *heap) {
  PyTypeObject &type = heap->ht_type;
  type.tp_call = callSlot;
  if (type.tp_basicsize == kVectorcallOffset) {
    type.tp_basicsize += sizeof(vectorcallfunc);
    type.tp_vectorcall_offset = kVectorcallOffset;
    type.tp_flags |= Py_TPFLAGS_HAVE_VECTORCALL;
  }
}

/// Lets Python call the Function `f` (a new instance of the type itself,
/// which has the room) through vectorcallSlot.
void enableVectorcall(PyObject *f) {
  if (PyType_HasFeature(Py_TYPE(f), Py_TPFLAGS_HAVE_VECTORCALL) &&
      Py_TYPE(f)->tp_vectorcall_offset == kVectorcallOffset)
    *reinterpret_cast<vectorcallfunc *>(reinterpret_cast<char *>(f) +
                                        kVectorcallOffset) = vectorcallSlot;
}
#else
void setUpFunctionType(PyHeapTypeObject *heap) {
  heap->ht_type.tp_call = callSlot;
}
void enableVectorcall(PyObject *) {}
#endif

std::string functionRepr(const PyFunction &f) {
  return "<affjit.Function @" + f.name + " : " + f.fn.signature() + ">";
}

py::tuple remarkTuple(const Remark &r) {
  return py::make_tuple(r.pass, r.file, r.line, r.column, r.message, r.text);
}

} // namespace

} // namespace affjit::python

using namespace affjit::python;

PYBIND11_MODULE(_affjit, m) {
  m.doc() = "affjit's C++ API for the affjit package (use `import affjit`)";
  installRuntimeErrorHandler();
  // NumPy's scalar types and C API, looked up now: a first lookup during a
  // call could release the GIL inside a static's initialization (importing
  // NumPy) and deadlock with a second thread's first call. Without NumPy
  // they are looked up (and fail) when a call needs them.
  try {
    NumpyScalars::get();
    py::detail::npy_api::get();
  } catch (py::error_already_set &) {
  }
  m.attr("__version__") = AFFJIT_VERSION;
  m.def("benchmark", &benchmarkFunction, py::arg("text"), py::arg("function"),
        py::arg("options"));
  m.def("target_model", &targetModel, py::arg("cpu") = "host",
        py::arg("mattr") = "", py::arg("caches") = "");

  py::class_<PyEngine>(m, "Engine")
      .def(py::init(&makeEngine), py::arg("pipeline") = "default",
           py::arg("fast_math") = false, py::arg("threads") = 0u,
           py::arg("checked") = false, py::arg("opt_level") = 3u,
           py::arg("opt_report") = "", py::arg("target") = "host")
      // Returns the diagnostics text, or None on success.
      .def(
          "compile",
          [](PyEngine &e, std::string text,
             std::string name) -> std::optional<std::string> {
            affjit::Error err;
            {
              py::gil_scoped_release released;
              err = e.engine->compile(text, name);
            }
            if (err)
              return err.message();
            return std::nullopt;
          },
          py::arg("text"), py::arg("name"))
      .def("lookup",
           [](const PyEngine &e, const std::string &name,
              const std::string &source) {
             affjit::Expected<affjit::Function> fn = e.engine->lookup(name);
             if (!fn)
               throw py::key_error(fn.error().message());
             py::object f =
                 py::cast(PyFunction{*fn, name, fn->parameters(), source});
             enableVectorcall(f.ptr());
             return f;
           })
      // (True, IR) or (False, diagnostics).
      .def(
          "llvm_ir",
          [](const PyEngine &e, std::string text, std::string name,
             bool optimized) {
            affjit::Expected<std::string> ir = std::string();
            {
              py::gil_scoped_release released;
              ir = e.engine->llvmIR(text, optimized, name);
            }
            if (!ir)
              return py::make_tuple(false, ir.error().message());
            return py::make_tuple(true, *ir);
          },
          py::arg("text"), py::arg("name"), py::arg("optimized"))
      .def("remarks",
           [](const PyEngine &e) {
             std::lock_guard<std::mutex> lock(e.log->mutex);
             py::list out;
             for (const affjit::Remark &r : e.log->remarks)
               out.append(remarkTuple(r));
             return out;
           })
      .def("host_cpu", [](const PyEngine &e) { return e.engine->hostCpu(); });

  py::class_<PyFunction>(m, "Function",
                         "A compiled function: call it with NumPy arrays (or "
                         "buffers) for memrefs and numbers for scalars; it "
                         "returns None, a scalar, or a tuple.",
                         py::custom_type_setup(setUpFunctionType))
      .def("__repr__", &functionRepr)
      .def_property_readonly("name", [](const PyFunction &f) { return f.name; })
      .def_property_readonly(
          "signature", [](const PyFunction &f) { return f.fn.signature(); })
      .def_property_readonly("parameters", [](const PyFunction &f) {
        py::list out;
        for (const affjit::ParameterInfo &p : f.params)
          out.append(parameterDict(p));
        return out;
      });
}

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

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

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

/// A compiled function with its parameters, looked up once, and the
/// source it was compiled from (to name the memref of an out-of-bounds
/// access).
struct PyFunction {
  Function fn;
  std::string name;
  std::vector<ParameterInfo> params;
  std::string source;
};

/// NumPy's scalar types for results, imported once (never destroyed:
/// Python may be finalizing when static destructors run).
struct NumpyScalars {
  py::object f32, f64, i8, i16, i32, i64;
  static const NumpyScalars &get() {
    static NumpyScalars *types = [] {
      py::module_ np = py::module_::import("numpy");
      return new NumpyScalars{np.attr("float32"), np.attr("float64"),
                              np.attr("int8"),    np.attr("int16"),
                              np.attr("int32"),   np.attr("int64")};
    }();
    return *types;
  }
};

/// Result `i` as a Python object: NumPy scalars of the result's exact type
/// (float32 stays float32), bool for i1, int for index; None for memref and
/// vector results, which are not returned.
py::object resultObject(const Results &results, size_t i) {
  const NumpyScalars &np = NumpyScalars::get();
  std::optional<ScalarKind> kind = results.kind(i);
  if (!kind)
    return py::none();
  switch (*kind) {
  case ScalarKind::I1:
    return py::bool_(*results.get<bool>(i));
  case ScalarKind::I8:
    return np.i8(*results.get<int8_t>(i));
  case ScalarKind::I16:
    return np.i16(*results.get<int16_t>(i));
  case ScalarKind::I32:
    return np.i32(*results.get<int32_t>(i));
  case ScalarKind::I64:
    return np.i64(*results.get<int64_t>(i));
  case ScalarKind::Index:
    return py::int_(results.get<Index>(i)->value);
  case ScalarKind::F32:
    return np.f32((double)*results.get<float>(i));
  case ScalarKind::F64:
    return np.f64(*results.get<double>(i));
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

py::object callFunction(const PyFunction &f, const py::tuple &args) {
  ArgumentPack pack(f.name, f.params, args);
  Results results;
  Error error;
  std::optional<std::string> stopped;
  {
    py::gil_scoped_release released;
    stopped = guardedInvoke(f.fn, pack.arguments(), results, error);
  }
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

/// `Function.__call__` as the type's call slot: calls skip pybind11's
/// overload dispatch, which would cost as much as the rest of the call.
PyObject *callSlot(PyObject *self, PyObject *args, PyObject *kwargs) {
  try {
    if (kwargs && PyDict_Size(kwargs) != 0) {
      PyErr_SetString(PyExc_TypeError,
                      "compiled functions take no keyword arguments");
      return nullptr;
    }
    // The instance's C++ object, without pybind11's type lookup (the slot
    // is only on this type and Python subclasses of it).
    auto *instance = reinterpret_cast<py::detail::instance *>(self);
    py::detail::value_and_holder v = instance->get_value_and_holder();
    if (!v.holder_constructed()) {
      PyErr_SetString(PyExc_TypeError, "affjit.Function is not initialized");
      return nullptr;
    }
    const PyFunction &f = *v.value_ptr<PyFunction>();
    return callFunction(f, py::reinterpret_borrow<py::tuple>(args))
        .release()
        .ptr();
  } catch (py::error_already_set &e) {
    e.restore();
  } catch (py::builtin_exception &e) {
    e.set_error();
  } catch (const std::exception &e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

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
             return PyFunction{*fn, name, fn->parameters(), source};
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
                         py::custom_type_setup([](PyHeapTypeObject *type) {
                           type->ht_type.tp_call = callSlot;
                         }))
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

// affjit.bench's C++ half: affjit::benchmark (include/affjit/Benchmark.h)
// with its result as plain Python values; python/affjit/_bench.py shapes
// them into the `affjit bench --json` report.
#include "Bench.h"

#include "GuardedCall.h"

#include "affjit/Benchmark.h"
#include "affjit/Engine.h"

#include <algorithm>

#include <pybind11/stl.h>

namespace py = pybind11;

namespace affjit::python {

namespace {

template <typename T> py::object orNone(const std::optional<T> &v) {
  return v ? py::cast(*v) : py::none();
}

py::dict argumentDict(const BenchmarkArgument &a) {
  py::dict d;
  d["name"] = a.name;
  d["type"] = a.type;
  d["is_memref"] = a.isMemRef;
  d["shape"] = a.shape;
  d["bytes"] = a.bytes;
  d["value"] = a.value;
  return d;
}

py::dict timingDict(const BenchmarkTiming &t) {
  py::dict d;
  d["repetitions"] = t.repetitions;
  d["calls_per_repetition"] = t.callsPerRepetition;
  d["samples"] = t.seconds;
  d["median"] = t.median;
  d["min"] = t.min;
  d["max"] = t.max;
  d["spread"] = t.spread;
  return d;
}

py::object mismatchDict(const BenchmarkVariant &v,
                        const std::string &reference) {
  if (!v.mismatch)
    return py::none();
  const BenchmarkMismatch &m = *v.mismatch;
  py::dict d;
  d["argument"] = m.argument;
  d["indices"] = m.indices;
  d["expected"] = m.expected;
  d["actual"] = m.actual;
  d["ulps"] = orNone(m.ulps);
  d["message"] = m.message(v.pipeline, reference);
  d["first_differing_pass"] = v.firstDifferingPass;
  d["differing_pipeline"] = v.differingPrefix;
  return d;
}

py::list compilePhasesList(const CompileTimes &times) {
  py::list phases;
  for (const CompilePhaseTime &p : times.phases) {
    py::dict phase;
    phase["name"] = p.name;
    phase["depth"] = p.depth;
    phase["seconds"] = p.seconds;
    phase["count"] = p.count;
    phases.append(phase);
  }
  return phases;
}

py::dict variantDict(const BenchmarkVariant &v, const std::string &reference) {
  py::dict d;
  d["pipeline"] = v.pipeline;
  d["compile_s"] = v.compileSeconds;
  d["compile_phases"] = compilePhasesList(v.compileTimes);
  d["time"] = timingDict(v.time);
  d["gflops"] = orNone(v.gflops);
  d["gbytes_per_s"] = orNone(v.gbytesPerSecond);
  d["speedup"] = v.speedup;
  d["max_ulps"] = v.maxUlps;
  d["mismatch"] = mismatchDict(v, reference);
  return d;
}

py::dict resultDict(const BenchmarkResult &r) {
  py::dict d;
  d["function"] = r.function;
  py::list arguments, variants;
  for (const BenchmarkArgument &a : r.arguments)
    arguments.append(argumentDict(a));
  for (const BenchmarkVariant &v : r.variants)
    variants.append(variantDict(v, r.variants.front().pipeline));
  d["arguments"] = arguments;
  d["flops"] = orNone(r.flops);
  d["bytes"] = orNone(r.bytes);
  d["flops_unknown_reason"] = r.flopsUnknownReason;
  d["bytes_unknown_reason"] = r.bytesUnknownReason;
  d["variants"] = variants;
  d["host_cpu"] = r.hostCpu;
  d["pinned_cpu"] = r.pinnedCpu;
  d["agree"] = r.agree();
  return d;
}

/// The options `kwargs` (as _bench.py passes them) stand for.
BenchmarkOptions benchOptions(const py::dict &o) {
  BenchmarkOptions options;
  options.pipelines = o["pipelines"].cast<std::vector<std::string>>();
  options.inputs.dims =
      o["dims"].cast<std::vector<std::pair<std::string, int64_t>>>();
  options.inputs.dynamicSizes = o["sizes"].cast<std::vector<int64_t>>();
  options.inputs.scalars = o["scalars"].cast<std::vector<std::string>>();
  options.inputs.seed = o["seed"].cast<uint64_t>();
  auto range = o["float_range"].cast<std::pair<double, double>>();
  options.inputs.floatMin = range.first;
  options.inputs.floatMax = range.second;
  options.compile.optLevel = o["opt_level"].cast<unsigned>();
  options.compile.checked = o["checked"].cast<bool>();
  options.compile.fastMath = o["fast_math"].cast<bool>();
  options.maxUlps = o["max_ulps"].cast<uint64_t>();
  options.compile.threads = o["threads"].cast<unsigned>();
  options.minTime = o["min_time"].cast<double>();
  options.repetitions = o["repetitions"].cast<int64_t>();
  options.warmup = o["warmup"].cast<int64_t>();
  options.cold = o["cold"].cast<bool>();
  options.pinThread = o["pin"].cast<bool>();
  options.compile.target.cpu = o["target"].cast<std::string>();
  options.bufferName = o["name"].cast<std::string>();
  // Runtime errors (checked code) come back as errors, not an exit.
  options.runGuarded = runGuarded;
  return options;
}

} // namespace

py::tuple benchmarkFunction(const std::string &text,
                            const std::string &function,
                            const py::dict &optionsDict) {
  BenchmarkOptions options = benchOptions(optionsDict);
  Expected<BenchmarkResult> result = Error("not run");
  {
    py::gil_scoped_release released;
    result = benchmark(text, function, options);
  }
  if (!result)
    return py::make_tuple(false, result.error().message());
  return py::make_tuple(true, resultDict(*result));
}

py::dict targetModel(const std::string &cpu, const std::string &mattr,
                     const std::string &caches) {
  Expected<TargetDescription> target =
      Engine::describeTarget(TargetOptions{cpu, mattr, caches});
  if (!target)
    throw py::value_error(target.error().message());
  py::dict d;
  d["cpu"] = target->cpu;
  d["vector_features"] = target->vectorFeatures;
  for (auto [name, value] : target->numbers) {
    std::replace(name.begin(), name.end(), '-', '_');
    d[py::str(name)] = value;
  }
  return d;
}

} // namespace affjit::python

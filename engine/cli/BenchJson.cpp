// JSON reports of `affjit bench` (BenchJson.h).
#include "engine/cli/BenchJson.h"

#include <fstream>
#include <iostream>

namespace affjit::cli {

using json = nlohmann::ordered_json;

namespace {

/// The format's name and version; a change that breaks readers bumps it.
constexpr const char *kSchemaId = "affjit-bench/1";

template <typename T> json orNull(const std::optional<T> &v) {
  return v ? json(*v) : json(nullptr);
}

json settingsJson(const BenchmarkOptions &o) {
  return {{"opt_level", o.optLevel},
          {"checked", o.checked},
          {"seed", o.inputs.seed},
          {"float_range", {o.inputs.floatMin, o.inputs.floatMax}},
          {"fast_math", o.fastMath},
          {"max_ulps", o.fastMath ? json(o.maxUlps) : json(0)},
          {"min_time_s", o.minTime},
          {"repetitions", o.repetitions > 0 ? json(o.repetitions) : json()},
          {"warmup", o.warmup},
          {"cold", o.cold}};
}

json argumentJson(const BenchmarkArgument &a) {
  json j = {{"name", a.name},
            {"type", a.type},
            {"kind", a.isMemRef ? "memref" : "scalar"}};
  if (a.isMemRef) {
    j["shape"] = a.shape;
    j["bytes"] = a.bytes;
  } else {
    j["value"] = a.value;
  }
  return j;
}

json workJson(const BenchmarkResult &r) {
  json j = {{"flops", orNull(r.flops)}, {"bytes", orNull(r.bytes)}};
  if (!r.flops)
    j["flops_unknown_reason"] = r.flopsUnknownReason;
  if (!r.bytes)
    j["bytes_unknown_reason"] = r.bytesUnknownReason;
  return j;
}

json timingJson(const BenchmarkTiming &t) {
  if (t.repetitions == 0)
    return nullptr;
  return {{"median", t.median},
          {"min", t.min},
          {"max", t.max},
          {"spread", t.spread},
          {"repetitions", t.repetitions},
          {"calls_per_repetition", t.callsPerRepetition},
          {"samples", t.seconds}};
}

json mismatchJson(const BenchmarkVariant &v, const std::string &reference) {
  if (!v.mismatch)
    return nullptr;
  const BenchmarkMismatch &m = *v.mismatch;
  return {{"argument", m.argument},
          {"indices", m.indices},
          {"expected", m.expected},
          {"actual", m.actual},
          {"ulps", orNull(m.ulps)},
          {"message", m.message(v.pipeline, reference)},
          {"first_differing_pass",
           v.firstDifferingPass.empty() ? json() : json(v.firstDifferingPass)},
          {"differing_pipeline",
           v.differingPrefix.empty() ? json() : json(v.differingPrefix)}};
}

json variantJson(const BenchmarkVariant &v, const std::string &reference) {
  bool timed = v.time.repetitions > 0;
  return {{"pipeline", v.pipeline},
          {"compile_s", v.compileSeconds},
          {"time_s", timingJson(v.time)},
          {"gflops", orNull(v.gflops)},
          {"gbytes_per_s", orNull(v.gbytesPerSecond)},
          {"speedup", timed ? json(v.speedup) : json()},
          {"max_ulps", v.maxUlps},
          {"mismatch", mismatchJson(v, reference)}};
}

} // namespace

json benchJson(const BenchmarkResult &r, const BenchmarkOptions &options,
               const std::string &file) {
  json variants = json::array();
  for (const BenchmarkVariant &v : r.variants)
    variants.push_back(variantJson(v, r.variants.front().pipeline));
  json arguments = json::array();
  for (const BenchmarkArgument &a : r.arguments)
    arguments.push_back(argumentJson(a));
  return {{"schema", kSchemaId},
          {"file", file},
          {"function", r.function},
          {"host_cpu", r.hostCpu},
          {"pinned_cpu", r.pinnedCpu >= 0 ? json(r.pinnedCpu) : json()},
          {"settings", settingsJson(options)},
          {"arguments", arguments},
          {"work", workJson(r)},
          {"agree", r.agree()},
          {"variants", variants}};
}

bool writeJson(const json &report, const std::string &path) {
  std::ofstream out(path);
  if (out)
    out << report.dump(2) << '\n';
  if (!out) {
    std::cerr << "affjit: error: could not write '" << path << "'\n";
    return false;
  }
  return true;
}

} // namespace affjit::cli

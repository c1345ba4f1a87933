// JSON reports of `affjit bench` (BenchJson.h).
#include "engine/cli/BenchJson.h"

#include "engine/cli/Output.h"

#include "engine/bench/BenchTable.h"
#include "engine/bench/CallTimer.h"

#include <algorithm>
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

json settingsJson(const BenchmarkOptions &o, const BenchFacts &facts) {
  return {{"opt_level", o.compile.optLevel},
          {"threads", facts.threads},
          {"checked", o.compile.checked},
          {"seed", o.inputs.seed},
          {"float_range", {o.inputs.floatMin, o.inputs.floatMax}},
          {"fast_math", o.compile.fastMath},
          {"max_ulps", o.compile.fastMath ? json(o.maxUlps) : json(0)},
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
          {"q1", bench::quantileOf(t.seconds, 0.25)},
          {"q3", bench::quantileOf(t.seconds, 0.75)},
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

json bandwidthJson(const BenchmarkResult &r, const BenchFacts &facts) {
  if (!facts.bandwidth)
    return nullptr;
  const bench::MeasuredBandwidth &b = *facts.bandwidth;
  return {{"copy_gbytes_per_s", b.copy},
          {"triad_gbytes_per_s", b.triad},
          {"array_bytes", b.arrayBytes},
          {"threads", b.threads},
          {"bytes_lower_bound", bench::bytesMoved(r).lowerBound}};
}

json compilePhasesJson(const CompileTimes &times) {
  json phases = json::array();
  for (const CompilePhaseTime &p : times.phases)
    phases.push_back({{"name", p.name},
                      {"depth", p.depth},
                      {"seconds", p.seconds},
                      {"count", p.count}});
  return phases;
}

json variantJson(const BenchmarkResult &r, const BenchmarkVariant &v,
                 const BenchFacts &facts) {
  const std::string &reference = r.variants.front().pipeline;
  bool timed = v.time.repetitions > 0;
  std::optional<double> fraction;
  if (facts.bandwidth)
    fraction = bench::bandwidthFraction(r, v, *facts.bandwidth);
  return {{"pipeline", v.pipeline},
          {"compile_s", v.compileSeconds},
          {"compile_phases", compilePhasesJson(v.compileTimes)},
          {"time_s", timingJson(v.time)},
          {"gflops", orNull(v.gflops)},
          {"gbytes_per_s", orNull(v.gbytesPerSecond)},
          {"bandwidth_fraction", orNull(fraction)},
          {"speedup", timed ? json(v.speedup) : json()},
          {"max_ulps", v.maxUlps},
          {"mismatch", mismatchJson(v, reference)}};
}

} // namespace

/// The target model: its CPU, SIMD features and numbers (TargetModel.h),
/// with `_` for `-` in the names.
static json targetJson(const TargetModel &target) {
  json out = {{"cpu", target.cpu},
              {"vector_features", target.vectorFeatures()}};
  for (auto [name, value] : target.numbers()) {
    std::replace(name.begin(), name.end(), '-', '_');
    out[name] = value;
  }
  return out;
}

json benchJson(const BenchmarkResult &r, const BenchmarkOptions &options,
               const std::string &file, const BenchFacts &facts) {
  json variants = json::array();
  for (const BenchmarkVariant &v : r.variants)
    variants.push_back(variantJson(r, v, facts));
  json arguments = json::array();
  for (const BenchmarkArgument &a : r.arguments)
    arguments.push_back(argumentJson(a));
  json load = facts.loadAverage ? json(*facts.loadAverage) : json();
  return {{"schema", kSchemaId},
          {"affjit_version", facts.version},
          {"timestamp", facts.timestamp},
          {"file", file},
          {"function", r.function},
          {"host_cpu", r.hostCpu},
          {"cpu_model", facts.cpuModel},
          {"online_cpus", facts.onlineCpus},
          {"load_average", load},
          {"pinned_cpu", r.pinnedCpu >= 0 ? json(r.pinnedCpu) : json()},
          {"target", targetJson(facts.target)},
          {"settings", settingsJson(options, facts)},
          {"arguments", arguments},
          {"work", workJson(r)},
          {"bandwidth", bandwidthJson(r, facts)},
          {"agree", r.agree()},
          {"variants", variants},
          {"warnings", facts.warnings}};
}

bool writeJson(const json &report, const std::string &path) {
  std::unique_ptr<OutputFile> out = OutputFile::open(path);
  if (!out)
    return false;
  out->stream() << report.dump(2) << '\n';
  return out->close();
}

} // namespace affjit::cli

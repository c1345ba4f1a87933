// The C++ API's engine: modules go through the compile pipeline
// (engine/Pipeline.h) into one JIT; the table of compiled functions is
// shared-locked for lookups so calls proceed while another thread compiles.
#include "affjit/Engine.h"

#include "engine/Pipeline.h"
#include "engine/api/FunctionInfo.h"
#include "frontend/analysis/FusionCost.h"
#include "runtime/TrafficTrace.h"

#include <llvm/Support/Error.h>

#include <map>
#include <mutex>
#include <shared_mutex>
#include <sstream>

namespace affjit {

struct Engine::Impl {
  explicit Impl(const EngineOptions &o)
      : options(o), pipeline(CompilePipeline::create(compileOptionsOf(o))) {}

  EngineOptions options;
  /// Fails (on every compile) if the options name unknown passes.
  Expected<CompilePipeline> pipeline;
  /// Serializes compiles: the JIT's creation and module numbering.
  std::mutex compileMutex;
  std::unique_ptr<Jit> jit;
  unsigned moduleCount = 0;
  /// Guards `functions`: compile writes, lookups read.
  mutable std::shared_mutex functionsMutex;
  std::map<std::string, std::shared_ptr<const detail::FunctionInfo>,
           std::less<>>
      functions;
  /// The nests compiled to measure their traffic, with their runtime ids
  /// (guarded by compileMutex).
  std::vector<std::pair<int64_t, TracedNest>> tracedNests;
};

Engine::Engine(EngineOptions options) : impl(std::make_unique<Impl>(options)) {}

Engine::~Engine() = default;

std::string Engine::hostCpu() const {
  std::lock_guard<std::mutex> lock(impl->compileMutex);
  if (!impl->jit)
    return "";
  return impl->jit->getCpuName();
}

static std::string formatted(const DiagnosticEngine &diag) {
  std::ostringstream os;
  diag.print(os);
  return os.str();
}

Error Engine::compile(std::string_view text, std::string_view bufferName) {
  if (!impl->pipeline)
    return impl->pipeline.error();
  const CompilePipeline &pipeline = *impl->pipeline;
  std::lock_guard<std::mutex> lock(impl->compileMutex);
  if (!impl->jit) {
    auto jit = pipeline.createJit();
    if (!jit)
      return Error("failed to create the JIT: " +
                   llvm::toString(jit.takeError()));
    impl->jit = std::move(*jit);
  }
  SourceBuffer source{std::make_shared<const std::string>(bufferName),
                      std::string(text)};
  DiagnosticEngine diag;
  std::optional<LoweredProgram> program = pipeline.lower(source, diag);
  if (!program)
    return Error(formatted(diag));
  program->module->setModuleIdentifier("affjit." +
                                       std::to_string(impl->moduleCount++));
  for (size_t i = 0; i < program->tracedNests.size(); ++i)
    impl->tracedNests.push_back(
        {program->firstTracedNest + (int64_t)i, program->tracedNests[i]});
  Expected<CompiledFunctions> compiled = pipeline.addToJit(
      *impl->jit, std::move(*program), source.text + "\n" + *source.name);
  if (!compiled)
    return compiled.error();
  std::shared_ptr<const detail::CrossCheckSource> crossCheck;
  if (impl->options.crossCheck)
    crossCheck = std::make_shared<detail::CrossCheckSource>(
        detail::CrossCheckSource{source.text, *source.name, impl->options});
  std::unique_lock<std::shared_mutex> write(impl->functionsMutex);
  for (auto &fn : *compiled) {
    if (!crossCheck) {
      impl->functions[fn->name] = fn;
      continue;
    }
    auto checked = std::make_shared<detail::FunctionInfo>(*fn);
    checked->crossCheck = crossCheck;
    impl->functions[fn->name] = checked;
  }
  return Error();
}

std::vector<NestTrafficMeasurement> Engine::measuredTraffic() const {
  std::lock_guard<std::mutex> lock(impl->compileMutex);
  std::vector<NestTrafficMeasurement> out;
  int64_t line = simulatedCaches().lineBytes;
  for (const auto &[id, nest] : impl->tracedNests) {
    rt::NestTrafficCounters counts = rt::nestTraffic(id);
    NestTrafficMeasurement m;
    m.function = nest.function;
    m.file = nest.loc.file ? *nest.loc.file : "";
    m.line = nest.loc.line;
    m.column = nest.loc.col;
    m.runs = counts.runs;
    m.accesses = counts.accesses;
    m.compulsoryBytes = counts.distinctLines * line;
    m.l1Bytes = counts.l1Misses * line;
    m.l2Bytes = counts.l2Misses * line;
    out.push_back(std::move(m));
  }
  return out;
}

SimulatedCaches Engine::simulatedCaches() {
  CacheSizes host = CacheSizes::host();
  return {host.l1, host.l1Ways, host.l2, host.l2Ways, host.lineBytes};
}

Expected<Function> Engine::lookup(std::string_view function) const {
  std::shared_lock<std::shared_mutex> read(impl->functionsMutex);
  auto it = impl->functions.find(function);
  if (it == impl->functions.end())
    return Error("no compiled function named @" + std::string(function));
  return Function(it->second);
}

Error Engine::invoke(std::string_view function,
                     std::vector<detail::Argument> args) {
  Expected<Function> fn = lookup(function);
  if (!fn)
    return fn.error();
  return fn->invoke(args);
}

Error Engine::invoke(std::string_view function,
                     std::vector<detail::Argument> args, Results &results) {
  Expected<Function> fn = lookup(function);
  if (!fn)
    return fn.error();
  return fn->invoke(args, results);
}

} // namespace affjit

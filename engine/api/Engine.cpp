// The C++ API's engine: modules go through the compile pipeline
// (engine/Pipeline.h) into one JIT, each into a library of its own so that a
// later module may redefine a function; the table of compiled functions
// (newest definitions) is shared-locked for lookups so calls proceed while
// another thread compiles. Every function shares ownership of the JIT, so
// handles outlive the engine.
#include "affjit/Engine.h"

#include "engine/Pipeline.h"
#include "engine/api/FunctionInfo.h"
#include "engine/jit/Jit.h"
#include "frontend/ir/FuncOps.h"
#include "frontend/ir/MemoryEffects.h"
#include "frontend/target/TargetModel.h"
#include "runtime/TrafficTrace.h"

#include <llvm/Support/Error.h>
#include <llvm/Support/raw_ostream.h>

#include <map>
#include <mutex>
#include <shared_mutex>
#include <sstream>

namespace affjit {

struct Engine::Impl {
  explicit Impl(const EngineOptions &o)
      : options(o), pipeline(CompilePipeline::create(o)) {}

  EngineOptions options;
  /// Fails (on every compile) if the options name unknown passes.
  Expected<CompilePipeline> pipeline;
  /// Serializes compiles: the JIT's creation and module numbering.
  std::mutex compileMutex;
  /// Shared with every compiled function (FunctionInfo::code).
  std::shared_ptr<Jit> jit;
  unsigned moduleCount = 0;
  /// Guards `functions`: compile writes, lookups read.
  mutable std::shared_mutex functionsMutex;
  std::map<std::string, std::shared_ptr<const detail::FunctionInfo>,
           std::less<>>
      functions;
  /// The nests compiled to measure their traffic, with their runtime ids
  /// (guarded by compileMutex).
  std::vector<std::pair<int64_t, TracedNest>> tracedNests;
  /// The last compile's phases, with EngineOptions::timePasses (guarded by
  /// compileMutex).
  CompileTimes lastCompileTimes;

  /// compile() with compileMutex held, timing its phases in `timing`.
  Error compileLocked(std::string_view text, std::string_view bufferName,
                      TimingTree *timing);
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

/// Marks in `written` the parameters of `func` (its entry block
/// `params`) that a write effect may reach: through a view rooted at the
/// parameter, or through memory the effect does not name.
static void markWrite(const MemoryEffect &effect,
                      const std::vector<Value *> &params,
                      std::vector<bool> &written) {
  if (effect.kind != EffectKind::Write && effect.kind != EffectKind::Free)
    return;
  Value *root =
      effect.isOnUnknownMemory() ? nullptr : getViewRoot(effect.memref);
  BufferOrigin origin = root ? getBufferOrigin(root) : BufferOrigin::Unknown;
  if (origin == BufferOrigin::Allocation || origin == BufferOrigin::Global)
    return;
  for (size_t i = 0; i < params.size(); ++i)
    if (origin == BufferOrigin::Unknown || params[i] == root)
      written[i] = true;
}

/// For each function `module` defines, which parameters it may write
/// (ParameterInfo::written). Computed on the module as written, before
/// the passes: the alias guard they add calls versions of the function,
/// and a call counts as a write of anything.
static std::map<std::string, std::vector<bool>, std::less<>>
writtenParameters(Module &module) {
  std::map<std::string, std::vector<bool>, std::less<>> out;
  for (auto &op : module.getBody().getOperations()) {
    if (!op->isa("func.func") || op->getRegion(0).empty())
      continue;
    std::vector<Value *> params = op->getRegion(0).front().getArguments();
    std::vector<bool> written(params.size(), false);
    for (const MemoryEffect &effect : getMemoryEffectsRecursive(op.get()))
      markWrite(effect, params, written);
    out[FuncOp(op.get()).getName()] = std::move(written);
  }
  return out;
}

Error Engine::compile(std::string_view text, std::string_view bufferName) {
  if (!impl->pipeline)
    return impl->pipeline.error();
  std::lock_guard<std::mutex> lock(impl->compileMutex);
  if (!impl->options.timePasses)
    return impl->compileLocked(text, bufferName, nullptr);
  TimingTree timing;
  Error err = impl->compileLocked(text, bufferName, &timing);
  impl->lastCompileTimes = timing.times();
  return err;
}

CompileTimes Engine::compileTimes() const {
  std::lock_guard<std::mutex> lock(impl->compileMutex);
  return impl->lastCompileTimes;
}

Error Engine::Impl::compileLocked(std::string_view text,
                                  std::string_view bufferName,
                                  TimingTree *timing) {
  const CompilePipeline &pipeline = *this->pipeline;
  if (!jit) {
    TimingTree::Scope timed = timePhase(timing, "JIT set-up");
    auto created = pipeline.createJit();
    if (!created)
      return Error("failed to create the JIT: " +
                   llvm::toString(created.takeError()));
    jit = std::move(*created);
  }
  SourceBuffer source{std::make_shared<const std::string>(bufferName),
                      std::string(text)};
  DiagnosticEngine diag;
  TimingTree::Scope parsing = timePhase(timing, "parse");
  std::unique_ptr<Module> module = parseSource(source, diag);
  if (!module)
    return Error(formatted(diag));
  parsing.stop();
  auto written = writtenParameters(*module);
  std::optional<LoweredProgram> program = pipeline.lower(*module, diag, timing);
  if (!program)
    return Error(formatted(diag));
  program->module->setModuleIdentifier("affjit." +
                                       std::to_string(moduleCount++));
  for (size_t i = 0; i < program->tracedNests.size(); ++i)
    tracedNests.push_back(
        {program->firstTracedNest + (int64_t)i, program->tracedNests[i]});
  // A library per module: its functions may replace earlier ones while
  // handles to those keep calling them.
  llvm::Expected<llvm::orc::ResourceTrackerSP> library =
      jit->createModuleLibrary();
  if (!library)
    return Error("failed to create a JIT library: " +
                 llvm::toString(library.takeError()));
  Expected<CompiledFunctions> compiled =
      pipeline.addToJit(*jit, std::move(*program),
                        source.text + "\n" + *source.name, *library, timing);
  if (!compiled) {
    jit->removeModuleLibrary(std::move(*library));
    return compiled.error();
  }
  std::shared_ptr<const detail::CrossCheckSource> crossCheck;
  if (options.crossCheck)
    crossCheck = std::make_shared<detail::CrossCheckSource>(
        detail::CrossCheckSource{source.text, *source.name, options});
  std::unique_lock<std::shared_mutex> write(functionsMutex);
  for (auto &fn : *compiled) {
    auto owned = std::make_shared<detail::FunctionInfo>(*fn);
    owned->code = jit;
    owned->crossCheck = crossCheck;
    if (auto it = written.find(fn->name); it != written.end())
      owned->writtenParameters = it->second;
    functions[fn->name] = std::move(owned);
  }
  return Error();
}

Expected<std::string> Engine::llvmIR(std::string_view text, bool optimized,
                                     std::string_view bufferName) const {
  // The engine's options without remarks or dumps: this is an inspection,
  // not a compile the caller asked to hear about.
  CompileOptions options = impl->options;
  options.optReport.clear();
  options.dumpAfter.clear();
  Expected<CompilePipeline> pipeline = CompilePipeline::create(options);
  if (!pipeline)
    return pipeline.error();
  SourceBuffer source{std::make_shared<const std::string>(bufferName),
                      std::string(text)};
  DiagnosticEngine diag;
  std::optional<LoweredProgram> program = pipeline->lower(source, diag);
  if (!program)
    return Error(formatted(diag));
  if (optimized) {
    auto jit = pipeline->createCodeGenerator();
    if (!jit)
      return Error("failed to create the JIT: " +
                   llvm::toString(jit.takeError()));
    if (auto err = (*jit)->optimize(*program->module, program->llvmPasses))
      return Error(llvm::toString(std::move(err)));
  }
  std::string ir;
  llvm::raw_string_ostream os(ir);
  program->module->print(os, nullptr);
  os.flush();
  return ir;
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
  const CacheSizes &host = TargetModel::host().caches;
  return {host.l1, host.l1Ways, host.l2, host.l2Ways, host.lineBytes};
}

Expected<TargetDescription>
Engine::describeTarget(const TargetOptions &options) {
  std::string error;
  std::optional<TargetModel> target = TargetModel::resolve(
      options.cpu, options.features, options.caches, error);
  if (!target)
    return Error(error);
  return TargetDescription{target->cpu, target->vectorFeatures(),
                           target->numbers(), target->summary()};
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

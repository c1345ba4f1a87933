// The compile pipeline's stages (Pipeline.h).
#include "engine/Pipeline.h"

#include "engine/jit/Jit.h"
#include "frontend/ir/FuncOps.h"
#include "frontend/lower/FunctionLowering.h"
#include "frontend/lower/LowerToLLVM.h"
#include "frontend/verify/Verifier.h"

#include "affjit/Runtime.h"
#include "runtime/TrafficTrace.h"

#include <cstdlib>
#include <iostream>

namespace affjit {

std::unique_ptr<Module> parseSource(const SourceBuffer &source,
                                    DiagnosticEngine &diag,
                                    AliasTable *aliases) {
  std::unique_ptr<Module> module =
      aliases ? parseModule(source, diag, *aliases) : parseModule(source, diag);
  if (diag.hadError())
    return nullptr;
  return module;
}

std::unique_ptr<Module> parseAndVerify(const SourceBuffer &source,
                                       DiagnosticEngine &diag) {
  std::unique_ptr<Module> module = parseSource(source, diag);
  if (!module || !verifyModule(*module, diag))
    return nullptr;
  return module;
}

unsigned resolveThreadCount(unsigned requested) {
  if (requested)
    return requested;
  if (const char *env = std::getenv("AFFJIT_NUM_THREADS")) {
    char *end = nullptr;
    unsigned long n = std::strtoul(env, &end, 10);
    if (end != env && *end == '\0' && n > 0 && n <= 4096)
      return (unsigned)n;
  }
  return (unsigned)affjit_rt_available_cores();
}

Expected<CompilePipeline> CompilePipeline::create(CompileOptions options) {
  std::string error;
  // The simulated caches are one core's: measured code runs on one thread.
  options.threads =
      options.measureTraffic ? 1 : resolveThreadCount(options.threads);
  std::optional<PassPipeline> passes = parsePassPipeline(
      options.pipeline, error, passRegistry(), options.threads);
  if (!passes)
    return Error(error);
  std::optional<PassSelection> report =
      parsePassSelection(options.optReport, "--opt-report", error);
  if (!report)
    return Error(error);
  std::optional<PassSelection> dumpAfter =
      parsePassSelection(options.dumpAfter, "--dump-after", error);
  if (!dumpAfter)
    return Error(error);
  std::optional<TargetModel> target =
      TargetModel::resolve(options.target.cpu, options.target.features,
                           options.target.caches, error);
  if (!target)
    return Error(error);
  return CompilePipeline(std::move(options), std::move(*passes),
                         std::move(*report), std::move(*dumpAfter),
                         std::move(*target));
}

void CompilePipeline::deliver(const PassRemark &remark,
                              const DiagnosticEngine &diag) const {
  Remark out;
  out.pass = std::string(remark.pass);
  out.file = remark.loc.file ? *remark.loc.file : "";
  out.line = remark.loc.line;
  out.column = remark.loc.col;
  out.message = remark.message;
  out.text = diag.format(
      Diagnostic{Severity::Remark, remark.loc,
                 "[" + std::string(remark.pass) + "] " + remark.message});
  if (options.onRemark) {
    options.onRemark(out);
    return;
  }
  std::cerr << out.text;
  std::cerr.flush();
}

bool CompilePipeline::transform(Module &module, DiagnosticEngine &diag,
                                TimingTree *timing) const {
  TimingTree::Scope verifying = timePhase(timing, "verify");
  if (!verifyModule(module, diag))
    return false;
  verifying.stop();
  PassRunOptions runOptions;
  runOptions.verifyEach = options.verifyEach;
  runOptions.fastMath = options.fastMath;
  runOptions.assumeDistinctArgs = options.assumeDistinctArgs;
  runOptions.threads = options.threads;
  runOptions.target = &target;
  runOptions.report = report;
  if (!report.empty())
    runOptions.onRemark = [&](const PassRemark &remark) {
      deliver(remark, diag);
    };
  runOptions.dumpAfter = dumpAfter;
  runOptions.dumpStream = &std::cerr;
  runOptions.timing = timing;
  TimingTree::Scope timed = timePhase(timing, "passes");
  return runPassPipeline(module, passes, diag, runOptions);
}

/// parseSource, timed.
static std::unique_ptr<Module> parseTimed(const SourceBuffer &source,
                                          DiagnosticEngine &diag,
                                          TimingTree *timing) {
  TimingTree::Scope timed = timePhase(timing, "parse");
  return parseSource(source, diag);
}

std::unique_ptr<Module> CompilePipeline::load(const SourceBuffer &source,
                                              DiagnosticEngine &diag,
                                              TimingTree *timing) const {
  std::unique_ptr<Module> module = parseTimed(source, diag, timing);
  if (!module || !transform(*module, diag, timing))
    return nullptr;
  return module;
}

/// The func.func definitions of `module` the user wrote: what the JIT
/// exports (the alias guard's versions are reached through their guard).
static std::vector<std::pair<std::string, Type>>
definedFunctions(const Module &module) {
  std::vector<std::pair<std::string, Type>> defined;
  for (auto &op : module.getBody().getOperations())
    if (FuncOp fn = dyn_cast<FuncOp>(op.get());
        fn && !fn.isDeclaration() && !isAliasGuardVersion(op.get()))
      defined.push_back({fn.getName(), fn.getFunctionType()});
  return defined;
}

std::optional<LoweredProgram> CompilePipeline::lower(Module &module,
                                                     DiagnosticEngine &diag,
                                                     TimingTree *timing) const {
  if (!transform(module, diag, timing))
    return std::nullopt;
  TimingTree::Scope timed = timePhase(timing, "lower to LLVM IR");
  LoweredProgram program;
  program.context = std::make_unique<llvm::LLVMContext>();
  LowerOptions lowerOptions;
  lowerOptions.checked = options.checked;
  lowerOptions.threads = options.threads;
  lowerOptions.fastMath = options.fastMath;
  lowerOptions.target = &target;
  if (options.measureTraffic) {
    program.tracedNests = tracedNests(module);
    program.firstTracedNest =
        rt::reserveTracedNests((int64_t)program.tracedNests.size());
    lowerOptions.firstTracedNest = program.firstTracedNest;
    SimulatedCaches caches = Engine::simulatedCaches();
    rt::configureSimulatedCaches(
        {caches.l1Bytes, caches.l1Ways, caches.lineBytes},
        {caches.l2Bytes, caches.l2Ways, caches.lineBytes});
  }
  program.module = lowerToLLVM(module, *program.context, diag, lowerOptions);
  if (!program.module || diag.hadError())
    return std::nullopt;
  program.functions = definedFunctions(module);
  program.llvmPasses = LlvmPasses(llvmPipeline(), options.measureTraffic);
  return program;
}

LlvmPipeline CompilePipeline::llvmPipeline() const {
  for (const PassInfo *pass : passes.passes)
    if (pass->doesLlvmLoopWork)
      return LlvmPipeline::Finishing;
  return LlvmPipeline::Default;
}

std::optional<LoweredProgram> CompilePipeline::lower(const SourceBuffer &source,
                                                     DiagnosticEngine &diag,
                                                     TimingTree *timing) const {
  std::unique_ptr<Module> module = parseTimed(source, diag, timing);
  if (!module)
    return std::nullopt;
  return lower(*module, diag, timing);
}

llvm::Expected<std::unique_ptr<Jit>> CompilePipeline::createJit() const {
  if (std::optional<std::string> why = target.whyHostCannotRun())
    return llvm::createStringError(*why);
  return createCodeGenerator();
}

llvm::Expected<std::unique_ptr<Jit>>
CompilePipeline::createCodeGenerator() const {
  return Jit::create(target, options.optLevel);
}

std::string CompilePipeline::cacheKey(const std::string &sourceKey) const {
  // The resolved pass list, not the spec: `default` means different passes
  // in different affjit versions, and an on-disk cache outlives a version.
  // The machine the passes planned for too: the same pass list makes other
  // code for other vector widths and cache sizes.
  return sourceKey + "\nchecked=" + std::to_string(options.checked) +
         "\npipeline=" + describePassPipeline(passes) +
         "\nfast-math=" + std::to_string(options.fastMath) +
         "\nassume-distinct-args=" +
         std::to_string(options.assumeDistinctArgs) +
         "\nthreads=" + std::to_string(options.threads) +
         "\nmeasure-traffic=" + std::to_string(options.measureTraffic) +
         "\ntarget=" + target.describe();
}

Expected<CompiledFunctions> CompilePipeline::addToJit(
    Jit &jit, LoweredProgram program, const std::string &sourceKey,
    llvm::orc::ResourceTrackerSP tracker, TimingTree *timing) const {
  if (auto err = jit.addModule(
          llvm::orc::ThreadSafeModule(std::move(program.module),
                                      std::move(program.context)),
          cacheKey(sourceKey), program.llvmPasses, std::move(tracker), timing))
    return Error(llvm::toString(std::move(err)));
  // ORC links an object when its first symbol is looked up.
  TimingTree::Scope linking = timePhase(timing, "link");
  CompiledFunctions compiled;
  for (auto &[name, type] : program.functions) {
    auto addr = jit.lookup(packedInterfaceName(name));
    if (!addr)
      return Error("failed to compile @" + name + ": " +
                   llvm::toString(addr.takeError()));
    compiled.push_back(detail::FunctionInfo::create(
        name, type, reinterpret_cast<void (*)(void **)>(*addr)));
  }
  return compiled;
}

} // namespace affjit

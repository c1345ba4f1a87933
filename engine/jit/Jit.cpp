// ORC LLJIT set-up for the host, the optimization pipeline, and code
// generation to object files (cached, see ObjectCache.h) that the JIT links.
#include "engine/jit/Jit.h"

#include "affjit/Runtime.h"
#include "engine/jit/LlvmPassTiming.h"
#include "engine/jit/ObjectCache.h"
#include "engine/jit/TraceMemoryAccesses.h"

#include <llvm/Bitcode/BitcodeReader.h>

#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Target/TargetMachine.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

// In a ThreadSanitizer build the JIT instruments the code it generates as
// well, so `scripts/sanitize.sh parallel` checks the parallel kernels
// themselves, not only the engine around them.
#if defined(__SANITIZE_THREAD__)
#define AFFJIT_JIT_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define AFFJIT_JIT_TSAN 1
#endif
#endif

namespace affjit {

/// True when generated code is instrumented for ThreadSanitizer.
static constexpr bool instrumentsForTsan() {
#ifdef AFFJIT_JIT_TSAN
  return true;
#else
  return false;
#endif
}

static void initializeNativeTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser();
  });
}

static llvm::OptimizationLevel toLevel(unsigned level) {
  switch (level) {
  case 0:
    return llvm::OptimizationLevel::O0;
  case 1:
    return llvm::OptimizationLevel::O1;
  case 2:
    return llvm::OptimizationLevel::O2;
  default:
    return llvm::OptimizationLevel::O3;
  }
}

/// Defines the runtime's functions in the JIT from its own table, so they
/// resolve whether or not the executable exports them.
static llvm::Error defineRuntimeSymbols(llvm::orc::LLJIT &lljit) {
  int64_t count = 0;
  const affjit_rt_symbol *table = affjit_rt_symbols(&count);
  llvm::orc::SymbolMap map;
  for (int64_t i = 0; i < count; ++i)
    map[lljit.mangleAndIntern(table[i].name)] = {
        llvm::orc::ExecutorAddr::fromPtr(table[i].address),
        llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable};
  return lljit.getMainJITDylib().define(
      llvm::orc::absoluteSymbols(std::move(map)));
}

llvm::Expected<std::unique_ptr<Jit>> Jit::create(const TargetModel &target,
                                                 unsigned optLevel,
                                                 LargeModuleTuning tuning) {
  initializeNativeTarget();
  std::unique_ptr<Jit> jit(new Jit());
  jit->tuning = tuning;
  jit->optLevel = optLevel > 3 ? 3 : optLevel;
  jit->cpuName = target.cpu;
  jit->cpuFeatures = target.featureString();

  auto jtmb = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!jtmb)
    return jtmb.takeError();
  jtmb->setCPU(jit->cpuName);
  jtmb->getFeatures() = llvm::SubtargetFeatures(jit->cpuFeatures);
  jtmb->setCodeGenOptLevel(jit->optLevel == 0
                               ? llvm::CodeGenOptLevel::None
                               : llvm::CodeGenOptLevel::Aggressive);
  auto tm = jtmb->createTargetMachine();
  if (!tm)
    return tm.takeError();
  jit->targetMachine = std::move(*tm);
  jit->machineBuilder =
      std::make_unique<llvm::orc::JITTargetMachineBuilder>(*jtmb);
  jit->compileThreads =
      (unsigned)std::max<int64_t>(1, affjit_rt_available_cores());

  auto lljit =
      llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(*jtmb).create();
  if (!lljit)
    return lljit.takeError();
  jit->lljit = std::move(*lljit);

  if (auto err = defineRuntimeSymbols(*jit->lljit))
    return err;
  // Anything else (libm, libc) resolves from this process.
  auto gen = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      jit->lljit->getDataLayout().getGlobalPrefix());
  if (!gen)
    return gen.takeError();
  jit->lljit->getMainJITDylib().addGenerator(std::move(*gen));

  return jit;
}

/// Seconds since `start`.
static double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

/// Outlines the loop nests of `module`'s large functions (OutlineNests.h).
static void outlineLargeFunctions(llvm::Module &module,
                                  const OutlineThresholds &thresholds,
                                  TimingTree *timing) {
  TimingTree::Scope timed = timePhase(timing, "outline loop nests");
  outlineLoopNests(module, thresholds);
}

llvm::Error Jit::optimize(llvm::Module &module, LlvmPasses passes,
                          TimingTree *timing) const {
  outlineLargeFunctions(module, tuning.outline, timing);
  return optimizeTimed(module, passes, timing);
}

llvm::Error Jit::optimizeTimed(llvm::Module &module, LlvmPasses passes,
                               TimingTree *timing) const {
  LlvmPassTiming passTiming;
  TimingTree::Scope timed = timePhase(timing, "optimization");
  if (auto err = optimizeWith(*targetMachine, module, passes,
                              timing ? &passTiming : nullptr))
    return err;
  if (timing)
    passTiming.addTo(*timing);
  return llvm::Error::success();
}

llvm::Error Jit::optimizeWith(llvm::TargetMachine &machine,
                              llvm::Module &module, LlvmPasses passes,
                              LlvmPassTiming *passTiming) const {
  module.setDataLayout(machine.createDataLayout());
  module.setTargetTriple(machine.getTargetTriple().str());
  for (llvm::Function &f : module) {
    if (f.isDeclaration())
      continue;
    f.addFnAttr("target-cpu", cpuName);
    f.addFnAttr("target-features", cpuFeatures);
    if (instrumentsForTsan())
      f.addFnAttr(llvm::Attribute::SanitizeThread);
  }
  if (auto err = runPipeline(machine, module, passes.pipeline, passTiming))
    return err;
  if (passes.traceMemory)
    traceMemoryAccesses(module);
  return llvm::Error::success();
}

llvm::Error Jit::runPipeline(llvm::TargetMachine &machine, llvm::Module &module,
                             LlvmPipeline pipeline,
                             LlvmPassTiming *passTiming) const {
  if (optLevel == 0)
    return llvm::Error::success();
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassInstrumentationCallbacks pic;
  llvm::PassBuilder pb(&machine, llvm::PipelineTuningOptions(), std::nullopt,
                       &pic);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager mpm;
  if (auto err = pb.parsePassPipeline(mpm, pipelineText(pb, pic, pipeline)))
    return err;
  if (passTiming)
    passTiming->registerCallbacks(pic);
  mpm.run(module, mam);
  return llvm::Error::success();
}

/// The LLVM pipeline for code affjit's loop passes already transformed.
/// Their output needs LLVM for what follows lowering: scalar clean-up
/// (sroa, early-cse, instcombine, gvn), loops in do-while form with their
/// invariant address arithmetic hoisted (loop-rotate, licm), short loops
/// unrolled fully, stores forwarded to the next iteration's loads
/// (loop-load-elim: a stencil's row reused), SLP for lanes across jammed
/// rows (layernorm's row sums: 2.4 -> 1.6 ms), the loop vectorizer for loops
/// affjit left scalar, and the inliner for calls between the module's
/// functions. O3's repeats of these passes and its other ones (indvars,
/// dse, jump threading, loop unswitching, ...) changed no kernel's speed
/// by more than noise in benchmarks/KernelBench.cpp except seidel-2d's,
/// 7% slower here (SLP packs its 8 skewed rows' sums; 5x faster than the
/// best peer either way), and took half of the optimization time: seed
/// 002's kernel optimizes in 12 ms instead of 22.
static constexpr const char *kFinishingPipeline =
    "function(lower-expect,simplifycfg,sroa<modify-cfg>,early-cse<>),"
    "cgscc(inline),"
    "function("
    "instcombine<max-iterations=1;no-verify-fixpoint>,simplifycfg,"
    "loop-mssa(loop-rotate<header-duplication>,licm<allowspeculation>),"
    "loop(loop-idiom,loop-deletion,loop-unroll-full),"
    "sroa,gvn,instcombine<max-iterations=1;no-verify-fixpoint>,"
    "loop-mssa(licm),"
    "loop-simplify,lcssa,loop-vectorize,loop-load-elim,"
    "instcombine<max-iterations=1;no-verify-fixpoint>,"
    "slp-vectorizer,loop-unroll<O2>,"
    "instcombine<max-iterations=1;no-verify-fixpoint>,"
    "loop-mssa(licm),simplifycfg),"
    "globaldce";

std::string Jit::pipelineText(llvm::PassBuilder &pb,
                              llvm::PassInstrumentationCallbacks &pic,
                              LlvmPipeline pipeline) const {
  std::string text = pipeline == LlvmPipeline::Finishing && optLevel >= 2
                         ? std::string(kFinishingPipeline)
                         : defaultPipelineText(pb, pic);
  // Last, so the optimized code is what gets instrumented (as clang does).
  if (instrumentsForTsan())
    text += ",tsan-module,function(tsan)";
  return text;
}

/// LLVM's default pipeline for the level, except that O3 unrolls loops
/// like O2: on affine kernels O3's unroller multiplied code size by six,
/// doubled compile time and ran slower (seed 002: 1.05 s vs 0.78 s).
std::string
Jit::defaultPipelineText(llvm::PassBuilder &pb,
                         llvm::PassInstrumentationCallbacks &pic) const {
  std::lock_guard<std::mutex> lock(pipelineMutex);
  if (!defaultPipeline.empty())
    return defaultPipeline;
  llvm::ModulePassManager mpm =
      pb.buildPerModuleDefaultPipeline(toLevel(optLevel));
  llvm::raw_string_ostream os(defaultPipeline);
  mpm.printPipeline(os, [&pic](llvm::StringRef className) {
    llvm::StringRef name = pic.getPassNameForClassName(className);
    return name.empty() ? className : name;
  });
  os.flush();
  size_t at = defaultPipeline.find("loop-unroll<O3>");
  if (at != std::string::npos)
    defaultPipeline.replace(at, std::string("loop-unroll<O3>").size(),
                            "loop-unroll<O2>");
  return defaultPipeline;
}

static llvm::Expected<std::string> emitFile(llvm::TargetMachine &machine,
                                            llvm::Module &module,
                                            llvm::CodeGenFileType type) {
  llvm::SmallVector<char, 0> buffer;
  llvm::raw_svector_ostream os(buffer);
  llvm::legacy::PassManager codegen;
  if (machine.addPassesToEmitFile(codegen, os, nullptr, type))
    return llvm::make_error<llvm::StringError>(
        "the target cannot emit this kind of file",
        llvm::inconvertibleErrorCode());
  codegen.run(module);
  return std::string(buffer.begin(), buffer.end());
}

llvm::Expected<std::string> Jit::emitAssembly(llvm::Module &module) const {
  return emitFile(*targetMachine, module, llvm::CodeGenFileType::AssemblyFile);
}

llvm::Expected<std::string> Jit::emitObject(llvm::Module &module) const {
  // Position-independent: the object may be linked into a PIE or a shared
  // library (the JIT's own code needs no such care).
  llvm::orc::JITTargetMachineBuilder builder = *machineBuilder;
  builder.setRelocationModel(llvm::Reloc::PIC_);
  auto machine = builder.createTargetMachine();
  if (!machine)
    return machine.takeError();
  return emitFile(**machine, module, llvm::CodeGenFileType::ObjectFile);
}

/// What one compile thread did: its parts' objects (by part number) and
/// where its time went.
struct PartWork {
  LlvmPassTiming passTiming;
  double optimizeSeconds = 0, codegenSeconds = 0;
  llvm::Error error = llvm::Error::success();
};

/// The compile threads' time: summed, so it may exceed the wall time.
static void addPartTimes(TimingTree &timing,
                         const std::vector<PartWork> &work) {
  double optimizeSeconds = 0, codegenSeconds = 0;
  LlvmPassTiming passTiming;
  for (const PartWork &w : work) {
    optimizeSeconds += w.optimizeSeconds;
    codegenSeconds += w.codegenSeconds;
    passTiming.merge(w.passTiming);
  }
  {
    TimingTree::Scope optimizing =
        timing.scope("optimization (all threads)", optimizeSeconds);
    passTiming.addTo(timing);
  }
  timing.add("code generation (all threads)", codegenSeconds);
}

llvm::Expected<std::vector<std::string>>
Jit::compileParts(const std::vector<std::string> &parts, LlvmPasses passes,
                  TimingTree *timing) const {
  std::vector<std::string> objects(parts.size());
  std::atomic<size_t> next{0};
  unsigned threads = std::min<unsigned>(compileThreads, (unsigned)parts.size());
  std::vector<PartWork> work(threads);
  auto compileSome = [&](PartWork &w) {
    auto machine = machineBuilder->createTargetMachine();
    if (!machine) {
      w.error = machine.takeError();
      return;
    }
    for (size_t i; (i = next++) < parts.size();) {
      llvm::LLVMContext context;
      auto module = llvm::parseBitcodeFile(
          llvm::MemoryBufferRef(parts[i], "part"), context);
      if (!module) {
        w.error = module.takeError();
        return;
      }
      auto start = std::chrono::steady_clock::now();
      if ((w.error = optimizeWith(**machine, **module, passes,
                                  timing ? &w.passTiming : nullptr)))
        return;
      w.optimizeSeconds += secondsSince(start);
      start = std::chrono::steady_clock::now();
      auto object =
          emitFile(**machine, **module, llvm::CodeGenFileType::ObjectFile);
      if (!object) {
        w.error = object.takeError();
        return;
      }
      objects[i] = std::move(*object);
      w.codegenSeconds += secondsSince(start);
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t)
    pool.emplace_back(compileSome, std::ref(work[t]));
  compileSome(work[0]);
  for (std::thread &thread : pool)
    thread.join();
  llvm::Error errors = llvm::Error::success();
  for (PartWork &w : work)
    errors = llvm::joinErrors(std::move(errors), std::move(w.error));
  if (errors)
    return errors;
  if (timing)
    addPartTimes(*timing, work);
  return objects;
}

llvm::orc::ResourceTrackerSP Jit::createResourceTracker() {
  return lljit->getMainJITDylib().createResourceTracker();
}

/// The large-module tuning, for the cache key: it decides what is outlined
/// and how the objects are split.
static std::string describeTuning(const LargeModuleTuning &t) {
  return "\noutline=" + std::to_string(t.outline.minInstructions) + "," +
         std::to_string(t.outline.minLoops) + "," +
         std::to_string(t.outline.chunkInstructions) +
         "\nsplit=" + std::to_string(t.split.instructionsPerPart) + "," +
         std::to_string(t.split.maxParts);
}

llvm::Error Jit::addModule(llvm::orc::ThreadSafeModule module,
                           const std::string &sourceKey, LlvmPasses passes,
                           llvm::orc::ResourceTrackerSP tracker,
                           TimingTree *timing) {
  TimingTree::Scope llvmTime = timePhase(timing, "LLVM");
  // The object depends on the source, the options, the target and the
  // LLVM pipeline (its text, so a later affjit's differs).
  std::string key =
      cacheKey(sourceKey + "\n" + cpuName + "\n" + cpuFeatures + "\nO" +
               std::to_string(optLevel) +
               (passes.pipeline == LlvmPipeline::Finishing
                    ? std::string("\n") + kFinishingPipeline
                    : "") +
               (instrumentsForTsan() ? "\ntsan" : "") + describeTuning(tuning));
  TimingTree::Scope cacheTime = timePhase(timing, "object cache lookup");
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects;
  if (!passes.traceMemory)
    objects = lookupCachedObjects(key);
  cacheTime.stop();
  if (objects.empty()) {
    auto compiled = module.withModuleDo([&](llvm::Module &m) {
      return compileObjects(m, passes, key, timing);
    });
    if (!compiled)
      return compiled.takeError();
    if (!passes.traceMemory)
      storeCachedObjects(key, *compiled);
    for (const std::string &bytes : *compiled)
      objects.push_back(llvm::MemoryBuffer::getMemBufferCopy(bytes, key));
  }
  for (auto &object : objects) {
    llvm::Error err = tracker ? lljit->addObjectFile(tracker, std::move(object))
                              : lljit->addObjectFile(std::move(object));
    if (err)
      return err;
  }
  return llvm::Error::success();
}

llvm::Expected<std::vector<std::string>>
Jit::compileObjects(llvm::Module &module, LlvmPasses passes,
                    const std::string &key, TimingTree *timing) const {
  outlineLargeFunctions(module, tuning.outline, timing);
  unsigned parts =
      passes.traceMemory ? 1 : splitPartCount(module, tuning.split);
  if (parts == 1) {
    if (auto err = optimizeTimed(module, passes, timing))
      return err;
    TimingTree::Scope codegen = timePhase(timing, "code generation");
    auto object =
        emitFile(*targetMachine, module, llvm::CodeGenFileType::ObjectFile);
    if (!object)
      return object.takeError();
    return std::vector<std::string>{std::move(*object)};
  }
  TimingTree::Scope splitting =
      timePhase(timing, "split into " + std::to_string(parts) + " parts");
  // Names unique to the module, so that two modules' parts never clash.
  std::vector<std::string> bitcode =
      splitModule(module, parts, "affjit." + key.substr(0, 16) + ".");
  splitting.stop();
  TimingTree::Scope compiling = timePhase(
      timing, "compile the parts on " +
                  std::to_string(std::min<size_t>(compileThreads, parts)) +
                  " threads");
  return compileParts(bitcode, passes, timing);
}

llvm::orc::JITDylibSearchOrder Jit::searchOrder() const {
  llvm::orc::JITDylibSearchOrder order;
  std::lock_guard<std::mutex> lock(librariesMutex);
  for (auto it = moduleLibraries.rbegin(); it != moduleLibraries.rend(); ++it)
    order.push_back({*it, llvm::orc::JITDylibLookupFlags::MatchAllSymbols});
  order.push_back({&lljit->getMainJITDylib(),
                   llvm::orc::JITDylibLookupFlags::MatchAllSymbols});
  return order;
}

llvm::Expected<llvm::orc::ResourceTrackerSP> Jit::createModuleLibrary() {
  std::string name;
  {
    // Unique in the session, also after a removal.
    std::lock_guard<std::mutex> lock(librariesMutex);
    name = "affjit.module." + std::to_string(librariesCreated++);
  }
  auto library = lljit->getExecutionSession().createJITDylib(name);
  if (!library)
    return library.takeError();
  // Its own definitions first (setLinkOrder's default), then the newest
  // earlier definition of anything it declares, then the runtime.
  llvm::orc::JITDylibSearchOrder order = searchOrder();
  for (const auto &link : lljit->defaultLinkOrder())
    order.push_back(link);
  library->setLinkOrder(std::move(order));
  std::lock_guard<std::mutex> lock(librariesMutex);
  moduleLibraries.push_back(&*library);
  return library->getDefaultResourceTracker();
}

void Jit::removeModuleLibrary(llvm::orc::ResourceTrackerSP tracker) {
  llvm::orc::JITDylib &library = tracker->getJITDylib();
  {
    std::lock_guard<std::mutex> lock(librariesMutex);
    std::erase(moduleLibraries, &library);
  }
  tracker.reset();
  llvm::consumeError(lljit->getExecutionSession().removeJITDylib(library));
}

llvm::Expected<void *> Jit::lookup(llvm::StringRef name) {
  auto symbol = lljit->getExecutionSession().lookup(
      searchOrder(), lljit->mangleAndIntern(name));
  if (!symbol)
    return symbol.takeError();
  return symbol->getAddress().toPtr<void *>();
}

const llvm::DataLayout &Jit::getDataLayout() const {
  return lljit->getDataLayout();
}

const llvm::Triple &Jit::getTargetTriple() const {
  return lljit->getTargetTriple();
}

} // namespace affjit

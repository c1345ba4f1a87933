// A small ORC LLJIT wrapper in the spirit of LLVM's KaleidoscopeJIT: one JIT
// per engine, generating code for the CPU and features of a TargetModel (the
// host's by default, with AVX-512 where present), optimizing each module
// with LLVM's new pass manager at a chosen level, and resolving runtime
// symbols (printMemrefF32, rtclock, DMA emulation, ...) from this process.
// A JIT for a target the host cannot execute still optimizes and emits
// assembly; whoever runs code checks first (CompilePipeline::createJit).
#pragma once

#include "engine/jit/LlvmPasses.h"
#include "engine/jit/ModuleSplit.h"
#include "engine/jit/OutlineNests.h"
#include "frontend/ir/Timing.h"
#include "frontend/target/TargetModel.h"

#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/ExecutionEngine/Orc/ThreadSafeModule.h>
#include <llvm/Support/CodeGen.h>
#include <llvm/Support/Error.h>

#include <llvm/Passes/PassBuilder.h>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace affjit {

class LlvmPassTiming;

/// How the JIT handles large modules: which functions get their loop nests
/// outlined, and how large a part of a module compiled concurrently is.
struct LargeModuleTuning {
  OutlineThresholds outline;
  SplitThresholds split;
};

class Jit {
public:
  /// Code for `target`; `optLevel` 0..3 selects the LLVM pipeline (O0
  /// skips optimization).
  static llvm::Expected<std::unique_ptr<Jit>>
  create(const TargetModel &target, unsigned optLevel = 3,
         LargeModuleTuning tuning = {});

  /// Optimizes, compiles and links `module`; its functions become callable.
  /// `sourceKey` names everything the module was generated from (source
  /// text and lowering options): a module with a key seen before reuses the
  /// cached object code.
  /// With a `tracker` (from createResourceTracker) the module's code can be
  /// removed again, so that a new version may define the same symbols.
  /// `passes` chooses the LLVM pipeline. Instrumented code is never cached
  /// (its nest ids belong to one compile). The object cache, optimization
  /// and code generation are timed in `timing` when given.
  llvm::Error addModule(llvm::orc::ThreadSafeModule module,
                        const std::string &sourceKey, LlvmPasses passes,
                        llvm::orc::ResourceTrackerSP tracker = nullptr,
                        TimingTree *timing = nullptr);
  /// A tracker for addModule; `tracker->remove()` unloads what it added.
  llvm::orc::ResourceTrackerSP createResourceTracker();
  /// A tracker for addModule on a library of its own (a JITDylib), so that
  /// the module may define symbols that modules added before defined: the
  /// C++ API replacing a function while handles to the old one still call
  /// it. The library links against the module libraries before it, newest
  /// first, then the main one (runtime and process symbols), and lookup()
  /// searches it first.
  llvm::Expected<llvm::orc::ResourceTrackerSP> createModuleLibrary();
  /// Unloads the newest module library (its module failed), so that later
  /// modules and lookups never see its half-defined symbols.
  void removeModuleLibrary(llvm::orc::ResourceTrackerSP tracker);
  /// Address of a JIT-compiled (or runtime) symbol: the newest module
  /// library's definition, else the main library's.
  llvm::Expected<void *> lookup(llvm::StringRef name);

  const llvm::DataLayout &getDataLayout() const;
  const llvm::Triple &getTargetTriple() const;
  /// The CPU name and features the code is compiled for.
  const std::string &getCpuName() const { return cpuName; }
  const std::string &getCpuFeatures() const { return cpuFeatures; }
  unsigned getOptLevel() const { return optLevel; }

  /// Runs the optimization pipeline the JIT uses for `passes` on `module`,
  /// then the instrumentation they ask for (also for printing the
  /// optimized IR); each LLVM pass timed in `timing` when given.
  llvm::Error optimize(llvm::Module &module, LlvmPasses passes,
                       TimingTree *timing = nullptr) const;
  /// The machine code the JIT would generate for an optimized `module`, as
  /// assembly text.
  llvm::Expected<std::string> emitAssembly(llvm::Module &module) const;
  /// The same as an ELF object file's bytes (`affjit compile`).
  llvm::Expected<std::string> emitObject(llvm::Module &module) const;

private:
  Jit() = default;
  /// optimize() without outlining.
  llvm::Error optimizeTimed(llvm::Module &module, LlvmPasses passes,
                            TimingTree *timing) const;
  /// optimize() with `machine`, without outlining or timing the whole;
  /// each LLVM pass timed in `passTiming` when given.
  llvm::Error optimizeWith(llvm::TargetMachine &machine, llvm::Module &module,
                           LlvmPasses passes, LlvmPassTiming *passTiming) const;
  /// The LLVM pipeline alone (nothing at level 0).
  llvm::Error runPipeline(llvm::TargetMachine &machine, llvm::Module &module,
                          LlvmPipeline pipeline,
                          LlvmPassTiming *passTiming) const;
  /// Optimizes `module` and generates its object files: one, or for a
  /// large module one per part (ModuleSplit.h), compiled concurrently.
  llvm::Expected<std::vector<std::string>>
  compileObjects(llvm::Module &module, LlvmPasses passes,
                 const std::string &key, TimingTree *timing) const;
  /// Compiles the bitcode `parts` on up to compileThreads threads.
  llvm::Expected<std::vector<std::string>>
  compileParts(const std::vector<std::string> &parts, LlvmPasses passes,
               TimingTree *timing) const;
  std::string pipelineText(llvm::PassBuilder &pb,
                           llvm::PassInstrumentationCallbacks &pic,
                           LlvmPipeline pipeline) const;
  std::string
  defaultPipelineText(llvm::PassBuilder &pb,
                      llvm::PassInstrumentationCallbacks &pic) const;
  /// Where lookup() and new module libraries look, newest first, ending
  /// with the main library.
  llvm::orc::JITDylibSearchOrder searchOrder() const;
  std::unique_ptr<llvm::orc::LLJIT> lljit;
  /// The module libraries, oldest first (guarded by librariesMutex).
  std::vector<llvm::orc::JITDylib *> moduleLibraries;
  /// Module libraries created so far (guarded by librariesMutex).
  unsigned librariesCreated = 0;
  mutable std::mutex librariesMutex;
  std::unique_ptr<llvm::TargetMachine> targetMachine;
  /// Makes a target machine per compile thread (one is single-threaded).
  std::unique_ptr<llvm::orc::JITTargetMachineBuilder> machineBuilder;
  /// Threads that compile the parts of a large module.
  unsigned compileThreads = 1;
  LargeModuleTuning tuning;
  std::string cpuName, cpuFeatures;
  unsigned optLevel = 3;
  /// The textual default pipeline for optLevel, built once.
  mutable std::string defaultPipeline;
  mutable std::mutex pipelineMutex;
};

} // namespace affjit

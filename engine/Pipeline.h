// The one compile pipeline behind every entry point (the C++ API, the REPL
// and the command line): MLIR text, parsed exactly once, or an already
// parsed module → verify → pass pipeline → LLVM IR → JIT, each caller
// stopping where it needs to (`affjit deps` after verifying, `affjit opt`
// after the passes, `affjit llvm` after lowering). One options struct
// drives it, and the object cache key of JIT code covers every option that
// changes the code.
#pragma once

#include "affjit/Engine.h"
#include "engine/api/FunctionInfo.h"
#include "engine/jit/LlvmPasses.h"
#include "frontend/ir/Diagnostics.h"
#include "frontend/ir/IR.h"
#include "frontend/ir/Timing.h"
#include "frontend/lower/NestTracing.h"
#include "frontend/parse/Parser.h"
#include "frontend/target/TargetModel.h"
#include "frontend/transform/PassPipeline.h"

#include <llvm/ADT/IntrusiveRefCntPtr.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace llvm::orc {
class ResourceTracker;
using ResourceTrackerSP = IntrusiveRefCntPtr<ResourceTracker>;
} // namespace llvm::orc

namespace affjit {

class Jit;

/// The thread count `requested` stands for: itself when not 0, else
/// AFFJIT_NUM_THREADS when it holds a positive number, else the cores this
/// process may run on.
unsigned resolveThreadCount(unsigned requested);

/// A program lowered to LLVM IR, with the functions it defines.
struct LoweredProgram {
  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<llvm::Module> module;
  /// The functions with bodies (after the passes): name and func type.
  std::vector<std::pair<std::string, Type>> functions;
  /// How LLVM optimizes the module: what affjit's passes left it to do.
  LlvmPasses llvmPasses;
  /// When measuring traffic: the traced nests, with ids from
  /// firstTracedNest on.
  std::vector<TracedNest> tracedNests;
  int64_t firstTracedNest = 0;
};

/// Functions compiled by the JIT, ready to call.
using CompiledFunctions =
    std::vector<std::shared_ptr<const detail::FunctionInfo>>;

/// Parses `source`, the only place text becomes a module (reporting into
/// `diag`, whose caret lines then come from `source`). `aliases`, when given,
/// are defined before the text and get its own definitions (the REPL's chunks).
std::unique_ptr<Module> parseSource(const SourceBuffer &source,
                                    DiagnosticEngine &diag,
                                    AliasTable *aliases = nullptr);
/// parseSource, then verify: what the analyses (`affjit deps`, `check`)
/// work on.
std::unique_ptr<Module> parseAndVerify(const SourceBuffer &source,
                                       DiagnosticEngine &diag);

class CompilePipeline {
public:
  /// The pipeline for `options`; an error if its spec names unknown passes
  /// or its target is unknown.
  static Expected<CompilePipeline> create(CompileOptions options);

  const CompileOptions &getOptions() const { return options; }
  /// The machine the passes plan for and the code is generated for.
  const TargetModel &getTarget() const { return target; }
  const PassPipeline &getPasses() const { return passes; }
  const PassSelection &getReport() const { return report; }
  /// The LLVM pipeline for modules these passes transformed: the finishing
  /// one once a pass that does LLVM's loop work ran
  /// (PassInfo::doesLlvmLoopWork: `vectorize`), else LLVM's default.
  LlvmPipeline llvmPipeline() const;

  /// Verifies `module`, then runs the passes on it. Each stage below is
  /// timed in `timing` when given (`--time-passes`).
  bool transform(Module &module, DiagnosticEngine &diag,
                 TimingTree *timing = nullptr) const;
  /// Parses `source` once, verifies it and runs the passes.
  std::unique_ptr<Module> load(const SourceBuffer &source,
                               DiagnosticEngine &diag,
                               TimingTree *timing = nullptr) const;
  /// transform(), then lowers `module` to LLVM IR.
  std::optional<LoweredProgram> lower(Module &module, DiagnosticEngine &diag,
                                      TimingTree *timing = nullptr) const;
  /// load(), then lowers the module to LLVM IR.
  std::optional<LoweredProgram> lower(const SourceBuffer &source,
                                      DiagnosticEngine &diag,
                                      TimingTree *timing = nullptr) const;

  /// A JIT for these options (their optimization level and target); an
  /// error if the code it makes could not run on this host.
  llvm::Expected<std::unique_ptr<Jit>> createJit() const;
  /// A JIT that generates code for the target without running it
  /// (`affjit llvm --optimized`, `asm`, `compile`): any x86 target.
  llvm::Expected<std::unique_ptr<Jit>> createCodeGenerator() const;
  /// Compiles `program` into `jit` (removable through `tracker` when
  /// given) and resolves its functions. `sourceKey` names what the program
  /// was built from (texts and buffer names); the options that change the
  /// code are added to it for the object cache.
  Expected<CompiledFunctions>
  addToJit(Jit &jit, LoweredProgram program, const std::string &sourceKey,
           llvm::orc::ResourceTrackerSP tracker = nullptr,
           TimingTree *timing = nullptr) const;
  /// The object cache key for code built from `sourceKey` with these
  /// options (Jit::addModule adds the target and optimization level).
  std::string cacheKey(const std::string &sourceKey) const;

private:
  CompilePipeline(CompileOptions options, PassPipeline passes,
                  PassSelection report, PassSelection dumpAfter,
                  TargetModel target)
      : options(std::move(options)), passes(std::move(passes)),
        report(std::move(report)), dumpAfter(std::move(dumpAfter)),
        target(std::move(target)) {}
  /// Hands `remark` to the options' handler (or stderr), formatted with
  /// the source line from `diag`'s buffers.
  void deliver(const PassRemark &remark, const DiagnosticEngine &diag) const;
  CompileOptions options;
  PassPipeline passes;
  PassSelection report, dumpAfter;
  TargetModel target;
};

} // namespace affjit

// `affjit llvm [FILE.mlir] [-o OUT] [--optimized | --asm] [-O3] [--checked]
// [--pipeline=LIST] [--verify-each] [--opt-report[=PASS,...]]
// [--dump-after=PASS|all]`: prints the LLVM IR affjit generates for a
// module (after its pass pipeline), before or after LLVM's optimization
// pipeline, or the assembly the JIT makes of it for the host or any x86
// `--target`. `affjit asm FILE`
// is `affjit llvm --asm FILE`.
#include "engine/cli/Commands.h"
#include "engine/cli/Contract.h"
#include "engine/cli/Input.h"
#include "engine/cli/Output.h"
#include "engine/cli/PipelineOption.h"
#include "engine/jit/Jit.h"

#include <llvm/Support/raw_ostream.h>

#include <iostream>
#include <memory>

namespace affjit::cli {

namespace {
struct LlvmOptions {
  std::string input;
  std::string output = "-";
  bool optimized = false;
  bool assembly = false;
  unsigned optLevel = 3;
  bool checked = false;
  PipelineFlags pipeline;
};
} // namespace

/// Optimizes `program` for the target as the JIT does and prints its
/// assembly (`assembly`) or its IR.
static int printOptimized(const CompilePipeline &pipeline,
                          LoweredProgram &program, bool assembly,
                          TimingTree *timing) {
  TimingTree::Scope llvmTime = timePhase(timing, "LLVM");
  auto jit = pipeline.createCodeGenerator();
  if (!jit)
    return usageError(llvm::toString(jit.takeError()));
  if (auto err = (*jit)->optimize(*program.module, program.llvmPasses, timing))
    return usageError(llvm::toString(std::move(err)));
  if (!assembly) {
    program.module->print(llvm::outs(), nullptr);
    return 0;
  }
  TimingTree::Scope codegen = timePhase(timing, "code generation");
  llvm::Expected<std::string> text = (*jit)->emitAssembly(*program.module);
  if (!text)
    return usageError(llvm::toString(text.takeError()));
  llvm::outs() << *text;
  return 0;
}

static int runLlvm(const LlvmOptions &o) {
  std::optional<CompilePipeline> pipeline =
      makePipeline(o.pipeline.compileOptions(o.optLevel, o.checked));
  if (!pipeline)
    return kExitFailure;
  TimingTree tree;
  TimingTree *timing = o.pipeline.timePasses ? &tree : nullptr;
  std::optional<LoweredProgram> program =
      lowerInput(o.input, *pipeline, timing);
  if (!program || !redirectStdout(o.output)) {
    if (timing)
      printTimeReport(tree.times());
    return kExitFailure;
  }
  int rc = 0;
  if (o.optimized || o.assembly)
    rc = printOptimized(*pipeline, *program, o.assembly, timing);
  else
    program->module->print(llvm::outs(), nullptr);
  llvm::outs().flush();
  if (timing)
    printTimeReport(tree.times());
  if (llvm::outs().has_error()) {
    llvm::outs().clear_error();
    return usageError("cannot write '" + o.output + "'");
  }
  return rc;
}

/// The options `llvm` and `asm` share.
static void addCodeOptions(CLI::App *cmd, LlvmOptions &o) {
  addInputOption(cmd, o.input);
  cmd->add_option("-o,--output", o.output, "Output file ('-': stdout)")
      ->capture_default_str();
  cmd->add_option("-O", o.optLevel, "LLVM optimization level 0..3")
      ->check(integerIn(0, 3))
      ->capture_default_str();
  cmd->add_flag("--checked", o.checked, "Emit memref bounds checks");
  addPipelineOptions(cmd, o.pipeline);
  addTimePassesFlag(cmd, o.pipeline.timePasses);
}

CommandFn addLlvmCommand(CLI::App &app) {
  auto opts = std::make_shared<LlvmOptions>();
  CLI::App *cmd =
      app.add_subcommand("llvm", "Print the LLVM IR generated for a module");
  CLI::Option *optimized =
      cmd->add_flag("--optimized", opts->optimized,
                    "Print after LLVM's optimization pipeline for the target");
  cmd->add_flag("--asm", opts->assembly,
                "Print the assembly the JIT generates for the target (as "
                "`affjit asm`)")
      ->excludes(optimized);
  addCodeOptions(cmd, *opts);
  return [cmd, opts]() -> int { return cmd->parsed() ? runLlvm(*opts) : -1; };
}

CommandFn addAsmCommand(CLI::App &app) {
  auto opts = std::make_shared<LlvmOptions>();
  opts->assembly = true;
  CLI::App *cmd =
      app.add_subcommand("asm", "Print the assembly the JIT generates for a "
                                "module (for the host, or --target)");
  addCodeOptions(cmd, *opts);
  return [cmd, opts]() -> int { return cmd->parsed() ? runLlvm(*opts) : -1; };
}

} // namespace affjit::cli

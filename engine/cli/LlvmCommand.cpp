// `affjit llvm FILE.mlir [--optimized] [-O3] [--checked] [--pipeline=LIST]
// [--verify-each] [--opt-report[=PASS,...]] [--dump-after=PASS|all]`:
// prints the LLVM IR affjit generates for a module (after its pass
// pipeline), before or after LLVM's optimization pipeline.
#include "engine/cli/Commands.h"
#include "engine/cli/Input.h"
#include "engine/cli/PipelineOption.h"
#include "engine/jit/Jit.h"

#include <llvm/Support/raw_ostream.h>

#include <iostream>
#include <memory>

namespace affjit::cli {

namespace {
struct LlvmOptions {
  std::string input = "-";
  bool optimized = false;
  unsigned optLevel = 3;
  bool checked = false;
  PipelineFlags pipeline;
};
} // namespace

static int runLlvm(const LlvmOptions &o) {
  CompileOptions compile;
  compile.optLevel = o.optLevel;
  compile.checked = o.checked;
  o.pipeline.applyTo(compile);
  std::optional<CompilePipeline> pipeline = makePipeline(compile);
  if (!pipeline)
    return 1;
  std::optional<LoweredProgram> program = lowerInput(o.input, *pipeline);
  if (!program)
    return 1;
  if (o.optimized) {
    auto jit = pipeline->createJit();
    if (!jit) {
      std::cerr << "affjit: error: " << llvm::toString(jit.takeError()) << '\n';
      return 1;
    }
    if (auto err = (*jit)->optimize(*program->module, program->llvmPasses)) {
      std::cerr << "affjit: error: " << llvm::toString(std::move(err)) << '\n';
      return 1;
    }
  }
  program->module->print(llvm::outs(), nullptr);
  return 0;
}

CommandFn addLlvmCommand(CLI::App &app) {
  auto opts = std::make_shared<LlvmOptions>();
  CLI::App *cmd =
      app.add_subcommand("llvm", "Print the LLVM IR generated for a module");
  cmd->add_option("input", opts->input, "Input .mlir file ('-' for stdin)");
  cmd->add_flag("--optimized", opts->optimized,
                "Print after LLVM's optimization pipeline for the host");
  cmd->add_option("-O", opts->optLevel, "LLVM optimization level 0..3")
      ->check(CLI::Range(0, 3))
      ->capture_default_str();
  cmd->add_flag("--checked", opts->checked, "Emit memref bounds checks");
  addPipelineOptions(cmd, opts->pipeline);
  return [cmd, opts]() -> int { return cmd->parsed() ? runLlvm(*opts) : -1; };
}

} // namespace affjit::cli

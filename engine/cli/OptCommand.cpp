// `affjit opt FILE.mlir [-o OUT] [--generic] [--no-verify] [--pipeline=LIST]
// [--verify-each] [--opt-report[=PASS,...]] [--dump-after=PASS|all]`:
// parses, verifies, runs the pass pipeline and prints the module in MLIR
// syntax.
#include "engine/cli/Commands.h"
#include "engine/cli/Input.h"
#include "engine/cli/PipelineOption.h"
#include "frontend/print/Printer.h"

#include <fstream>
#include <iostream>
#include <memory>

namespace affjit::cli {

namespace {
struct OptOptions {
  std::string input = "-";
  std::string output = "-";
  bool generic = false;
  bool noVerify = false;
  PipelineFlags pipeline;
};
} // namespace

static int runOpt(const OptOptions &o) {
  CompileOptions compile;
  o.pipeline.applyTo(compile);
  std::optional<CompilePipeline> pipeline = makePipeline(compile);
  if (!pipeline)
    return 1;
  auto loaded = loadModule(o.input, *pipeline, !o.noVerify);
  if (!loaded)
    return 1;
  PrintOptions printOptions;
  printOptions.generic = o.generic;
  if (o.output == "-") {
    printModule(*loaded->module, std::cout, printOptions);
    return 0;
  }
  std::ofstream out(o.output);
  if (!out) {
    std::cerr << "affjit: error: could not open output file '" << o.output
              << "'\n";
    return 1;
  }
  printModule(*loaded->module, out, printOptions);
  return out.good() ? 0 : 1;
}

CommandFn addOptCommand(CLI::App &app) {
  auto opts = std::make_shared<OptOptions>();
  CLI::App *cmd =
      app.add_subcommand("opt", "Parse, verify, transform and print an MLIR "
                                "module");
  cmd->add_option("input", opts->input, "Input .mlir file ('-' for stdin)");
  cmd->add_option("-o,--output", opts->output, "Output file");
  cmd->add_flag("--generic", opts->generic, "Print ops in the generic form");
  cmd->add_flag("--no-verify", opts->noVerify, "Skip the verifier");
  addPipelineOptions(cmd, opts->pipeline);
  return [cmd, opts]() -> int { return cmd->parsed() ? runOpt(*opts) : -1; };
}

} // namespace affjit::cli

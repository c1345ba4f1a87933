// `affjit deps FILE.mlir [-o OUT] [--exact]`: the memory dependence report of
// every pair of affine loads and stores, in mlir-opt's
// -test-memref-dependence-check wording, on stdout.
#include "engine/cli/Commands.h"
#include "engine/cli/Input.h"
#include "engine/cli/Output.h"
#include "frontend/analysis/DependenceReport.h"

#include <iostream>
#include <memory>

namespace affjit::cli {

namespace {
struct DepsOptions {
  std::string input;
  std::string output = "-";
  bool exact = false;
};
} // namespace

static int runDeps(const DepsOptions &o) {
  auto loaded = loadModule(o.input);
  if (!loaded || !redirectStdout(o.output))
    return 1;
  DependenceReportOptions options;
  options.exact = o.exact;
  unsigned failures = printDependenceReport(loaded->module->getOperation(),
                                            std::cout, std::cerr, options);
  std::cout.flush();
  return failures ? 1 : 0;
}

CommandFn addDepsCommand(CLI::App &app) {
  auto opts = std::make_shared<DepsOptions>();
  CLI::App *cmd = app.add_subcommand(
      "deps", "Report memory dependences between affine loads and stores");
  addInputOption(cmd, opts->input);
  cmd->add_option("-o,--output", opts->output, "Output file ('-': stdout)")
      ->capture_default_str();
  cmd->add_flag("--exact", opts->exact,
                "Exact integer answers (Omega test) instead of MLIR's "
                "Fourier-Motzkin ones");
  return [cmd, opts]() -> int { return cmd->parsed() ? runDeps(*opts) : -1; };
}

} // namespace affjit::cli

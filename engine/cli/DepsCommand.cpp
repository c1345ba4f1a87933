// `affjit deps FILE.mlir [--exact]`: the memory dependence report of every
// pair of affine loads and stores, in mlir-opt's
// -test-memref-dependence-check wording, on stdout.
#include "engine/cli/Commands.h"
#include "engine/cli/Input.h"
#include "frontend/analysis/DependenceReport.h"

#include <iostream>
#include <memory>

namespace affjit::cli {

namespace {
struct DepsOptions {
  std::string input = "-";
  bool exact = false;
};
} // namespace

static int runDeps(const DepsOptions &o) {
  auto loaded = loadModule(o.input);
  if (!loaded)
    return 1;
  DependenceReportOptions options;
  options.exact = o.exact;
  unsigned failures = printDependenceReport(loaded->module->getOperation(),
                                            std::cout, std::cerr, options);
  return failures ? 1 : 0;
}

CommandFn addDepsCommand(CLI::App &app) {
  auto opts = std::make_shared<DepsOptions>();
  CLI::App *cmd = app.add_subcommand(
      "deps", "Report memory dependences between affine loads and stores");
  cmd->add_option("input", opts->input, "Input .mlir file ('-' for stdin)");
  cmd->add_flag("--exact", opts->exact,
                "Exact integer answers (Omega test) instead of MLIR's "
                "Fourier-Motzkin ones");
  return [cmd, opts]() -> int { return cmd->parsed() ? runDeps(*opts) : -1; };
}

} // namespace affjit::cli

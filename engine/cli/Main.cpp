// The `affjit` command line: one tool, one subcommand per pipeline entry
// point: opt, run, llvm, asm, compile, deps, check, bench, repl, ops, and
// completion for the shell. Parse errors and exit statuses follow one contract
// (Contract.h).
#include "engine/cli/Commands.h"
#include "engine/cli/Contract.h"
#include "frontend/target/TargetModel.h"

#include <iostream>

#include <vector>

int main(int argc, char **argv) {
  CLI::App app{"affjit: a JIT execution engine for MLIR affine programs"};
  app.require_subcommand(1);
  app.set_version_flag("--version", affjit::cli::versionText(),
                       "Print affjit's version and the LLVM it uses");
  app.footer(affjit::cli::exitStatusText());
  app.add_flag_callback(
      "--print-target",
      [] {
        std::cout << affjit::TargetModel::host().summary();
        throw CLI::Success();
      },
      "Print the machine the passes plan for (this host, with the "
      "AFFJIT_VECTOR_BITS, AFFJIT_L2_BYTES, AFFJIT_LLC_BYTES and "
      "AFFJIT_PARALLEL_MIN_WORK overrides) and exit");
  std::vector<affjit::cli::CommandFn> commands;
  commands.push_back(affjit::cli::addOptCommand(app));
  commands.push_back(affjit::cli::addRunCommand(app));
  commands.push_back(affjit::cli::addLlvmCommand(app));
  commands.push_back(affjit::cli::addAsmCommand(app));
  commands.push_back(affjit::cli::addCompileCommand(app));
  commands.push_back(affjit::cli::addDepsCommand(app));
  commands.push_back(affjit::cli::addCheckCommand(app));
  commands.push_back(affjit::cli::addBenchCommand(app));
  commands.push_back(affjit::cli::addReplCommand(app));
  commands.push_back(affjit::cli::addOpsCommand(app));
  commands.push_back(affjit::cli::addCompletionCommand(app));
  if (int rc = affjit::cli::parseCommandLine(app, argc, argv); rc >= 0)
    return rc;
  for (auto &run : commands) {
    int rc = run();
    if (rc >= 0)
      return rc;
  }
  return affjit::cli::kExitFailure;
}

// The `affjit` command line: one tool, one subcommand per pipeline entry
// point: opt, run, llvm, deps, check, bench and repl.
#include "engine/cli/Commands.h"

#include <iostream>
#include <vector>

int main(int argc, char **argv) {
  CLI::App app{"affjit: a JIT execution engine for MLIR affine programs"};
  app.require_subcommand(1);
  std::vector<affjit::cli::CommandFn> commands;
  commands.push_back(affjit::cli::addOptCommand(app));
  commands.push_back(affjit::cli::addRunCommand(app));
  commands.push_back(affjit::cli::addLlvmCommand(app));
  commands.push_back(affjit::cli::addDepsCommand(app));
  commands.push_back(affjit::cli::addCheckCommand(app));
  commands.push_back(affjit::cli::addBenchCommand(app));
  commands.push_back(affjit::cli::addReplCommand(app));
  commands.push_back(affjit::cli::addOpsCommand(app));
  CLI11_PARSE(app, argc, argv);
  for (auto &run : commands) {
    int rc = run();
    if (rc >= 0)
      return rc;
  }
  return 1;
}

// `affjit check FILE.mlir`: the static bounds check of every affine access
// (frontend/analysis/BoundsCheck.h), reported on stderr in mlir-opt's
// -test-memref-bound-check wording with the source line and a caret. Exit
// status 1 if an access is out of bounds (an error), 0 otherwise: accesses
// that only may be out of bounds, depending on memref sizes known at run
// time, and accesses that could not be checked are warnings.
#include "engine/cli/Commands.h"
#include "engine/cli/Input.h"
#include "frontend/analysis/BoundsCheck.h"

#include <iostream>
#include <memory>

namespace affjit::cli {

namespace {
struct CheckOptions {
  std::string input;
};
} // namespace

static int runCheck(const CheckOptions &o) {
  auto loaded = loadModule(o.input);
  if (!loaded)
    return 1;
  DiagnosticEngine diag;
  diag.setSource(&loaded->source);
  for (const BoundsDiagnostic &d :
       checkMemRefBounds(loaded->module->getOperation()))
    diag.emit(d.severity, d.op->getLoc(), d.message);
  diag.print(std::cerr);
  return diag.hadError() ? 1 : 0;
}

CommandFn addCheckCommand(CLI::App &app) {
  auto opts = std::make_shared<CheckOptions>();
  CLI::App *cmd = app.add_subcommand(
      "check", "Statically check that affine memref accesses stay in bounds");
  addInputOption(cmd, opts->input);
  return [cmd, opts]() -> int { return cmd->parsed() ? runCheck(*opts) : -1; };
}

} // namespace affjit::cli

// Nest counting goes through affjit's own parser rather than text matching
// so that the same function reads affjit's output, mlir-opt's output (with
// `module {` and `#map` aliases) and hand-written tests alike.
#include "support/FusionOracle.h"

#include "frontend/ir/FuncOps.h"
#include "frontend/parse/Parser.h"
#include "support/MlirOracle.h"

#include <memory>
#include <unistd.h>

namespace affjit::test {

namespace {

int countForOpsIn(const Block &body) {
  int n = 0;
  for (const auto &op : body.getOperations())
    n += op->isa("affine.for");
  return n;
}

ProgramOutput masked(const CommandResult &r) {
  return {r.exitCode, maskMemrefAddresses(r.out), r.err};
}

} // namespace

std::optional<std::map<std::string, int>>
countTopLevelNests(const std::string &mlirText, std::string *error) {
  SourceBuffer source{std::make_shared<const std::string>("nests.mlir"),
                      mlirText};
  DiagnosticEngine diag;
  diag.setSource(&source);
  std::unique_ptr<Module> module = parseModule(source, diag);
  if (!module) {
    if (error && !diag.getDiagnostics().empty())
      *error = diag.format(diag.getDiagnostics().front());
    return std::nullopt;
  }
  std::map<std::string, int> counts;
  for (const auto &op : module->getBody().getOperations()) {
    FuncOp func = dyn_cast<FuncOp>(op.get());
    if (func && !func.isDeclaration())
      counts[func.getName()] = countForOpsIn(*func.getBody());
  }
  return counts;
}

int totalTopLevelNests(const std::string &mlirText) {
  auto counts = countTopLevelNests(mlirText);
  if (!counts)
    return -1;
  int total = 0;
  for (const auto &[name, n] : *counts)
    total += n;
  return total;
}

ProgramOutput runWithAffjit(const std::string &path,
                            const std::string &pipeline,
                            const std::string &extraFlags) {
  return masked(
      runCommand(shellQuote(affjitBinary()) + " run " + shellQuote(path) +
                 " --pipeline=" + shellQuote(pipeline) + " " + extraFlags));
}

ProgramOutput runWithMlir(const std::string &path,
                          const std::string &extraPasses) {
  return masked(runCommand(shellQuote(runMlirScript()) + " " +
                           shellQuote(path) + " " + shellQuote(extraPasses)));
}

bool runMlirAvailable() {
  return mlirAvailable() && access(runMlirScript().c_str(), X_OK) == 0;
}

CommandResult mlirOptWithPasses(const std::string &path,
                                const std::string &passes) {
  return runCommand(shellQuote(mlirOptPath()) + " " + shellQuote(path) + " " +
                    passes);
}

CommandResult affjitOpt(const std::string &path, const std::string &pipeline) {
  return runCommand(shellQuote(affjitBinary()) + " opt " + shellQuote(path) +
                    " --pipeline=" + shellQuote(pipeline));
}

} // namespace affjit::test

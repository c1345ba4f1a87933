// Helpers for the loop fusion tests: how many top-level loop nests each
// function has (to compare how much affjit and `mlir-opt
// --affine-loop-fusion` fuse), and a program's output under affjit with a
// pipeline and under MLIR 19 (run-mlir), with buffer addresses masked so
// two runs compare byte for byte.
#pragma once

#include "support/Subprocess.h"

#include <map>
#include <optional>
#include <string>

namespace affjit::test {

/// Function name (without '@') -> number of affine.for ops directly in its
/// body, for every function definition of `mlirText` (affjit's or
/// mlir-opt's syntax). Nullopt when affjit cannot parse the text; the
/// first diagnostic then goes to `error` (if given).
std::optional<std::map<std::string, int>>
countTopLevelNests(const std::string &mlirText, std::string *error = nullptr);

/// The sum of countTopLevelNests over all functions; -1 if unparsable.
int totalTopLevelNests(const std::string &mlirText);

/// A program run: exit status, stdout with addresses masked, stderr.
struct ProgramOutput {
  int exitCode = -1;
  std::string out, err;
  bool ok() const { return exitCode == 0; }
};

/// `affjit run PATH --pipeline=PIPELINE [EXTRA]`.
ProgramOutput runWithAffjit(const std::string &path,
                            const std::string &pipeline,
                            const std::string &extraFlags = "");

/// `run-mlir PATH "EXTRA_PASSES"`: MLIR's lowering and mlir-cpu-runner.
ProgramOutput runWithMlir(const std::string &path,
                          const std::string &extraPasses = "");

/// Whether run-mlir and mlir-opt are both there.
bool runMlirAvailable();

/// `mlir-opt PATH PASSES`: the printed module on stdout.
CommandResult mlirOptWithPasses(const std::string &path,
                                const std::string &passes);

/// `affjit opt PATH --pipeline=PIPELINE`: the printed module on stdout.
CommandResult affjitOpt(const std::string &path, const std::string &pipeline);

} // namespace affjit::test

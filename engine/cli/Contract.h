// The command line tool's contract with its users and scripts: every error
// is one line `affjit: error: MESSAGE` on stderr (errors in the IR keep
// mlir-opt's `FILE:LINE:COL: error: MESSAGE`), exit status 0 on success and
// 1 on any error. CLI11's own parse errors (its wording, exit codes
// 105..114) are reworded here, with "did you mean" for misspelt flags and
// subcommands.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace affjit::cli {

/// Exit status of every failure the tool reports.
constexpr int kExitFailure = 1;

/// Prints `affjit: error: MESSAGE`.
void printError(const std::string &message);
/// Prints the error and returns kExitFailure, for `return usageError(..)`.
int usageError(const std::string &message);

/// `affjit 0.1.0` and the LLVM it is built with, for --version.
std::string versionText();
/// The exit statuses, for the end of `affjit --help` and docs/cli.md.
std::string exitStatusText();

/// Registers a flag whose value is optional and must be attached with '='
/// (`--opt-report` or `--opt-report=fuse`): `--opt-report fuse` would take
/// `fuse` for a positional argument, so the parse error explains that.
CLI::Option *addOptionalValueFlag(CLI::App *cmd, const std::string &name,
                                  const std::string &whenBare,
                                  std::string &value,
                                  const std::string &description);

/// An integer option value in [lo, hi], checked with a clear message.
CLI::Validator integerIn(long long lo, long long hi);

/// Parses `argv` with `app`: returns -1 when parsing succeeded and the
/// subcommand should run; otherwise the exit status after printing --help
/// or --version (0) or the reworded error (1).
int parseCommandLine(CLI::App &app, int argc, char **argv);

} // namespace affjit::cli

// Input of the command line tool's subcommands: reading a `.mlir` file (or
// stdin) and taking it through the compile pipeline (engine/Pipeline.h) as
// far as a subcommand needs, parsing it exactly once. Diagnostics go to
// stderr in mlir-opt's format.
#pragma once

#include "engine/Pipeline.h"
#include "frontend/ir/Diagnostics.h"
#include "frontend/ir/IR.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <optional>
#include <string>

namespace affjit::cli {

struct LoadedModule {
  SourceBuffer source;
  std::unique_ptr<Module> module;
};

/// Registers the positional input file on `cmd`.
void addInputOption(CLI::App *cmd, std::string &input);

/// The input to read: `path`, or when none was given "-" (stdin) if stdin
/// is not a terminal; "" after printing an error otherwise.
std::string resolveInputPath(const std::string &path);

/// The text of `path` ("-" for stdin, "" as resolveInputPath says), named
/// for diagnostics; prints `affjit: error: cannot open 'PATH': REASON` and
/// returns null if it cannot be read (a directory cannot).
std::unique_ptr<SourceBuffer> readInput(const std::string &path);

/// Reads, parses and verifies `path` (for the analyses). On failure prints
/// the diagnostics and returns null.
std::unique_ptr<LoadedModule> loadModule(const std::string &path);

/// Reads and parses `path`, verifies it and runs `pipeline`'s passes.
/// Without `verify` the module is only parsed, which requires a pipeline
/// without passes (they expect verified IR). On failure prints the
/// diagnostics and returns null. The stages are timed in `timing` when
/// given.
std::unique_ptr<LoadedModule> loadModule(const std::string &path,
                                         const CompilePipeline &pipeline,
                                         bool verify = true,
                                         TimingTree *timing = nullptr);

/// Reads `path` and takes it through `pipeline` to LLVM IR. On failure
/// prints the diagnostics and returns nullopt.
std::optional<LoweredProgram> lowerInput(const std::string &path,
                                         const CompilePipeline &pipeline,
                                         TimingTree *timing = nullptr);

} // namespace affjit::cli

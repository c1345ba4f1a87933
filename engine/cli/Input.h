// Input of the command line tool's subcommands: reading a `.mlir` file (or
// stdin) and taking it through the compile pipeline (engine/Pipeline.h) as
// far as a subcommand needs, parsing it exactly once. Diagnostics go to
// stderr in mlir-opt's format.
#pragma once

#include "engine/Pipeline.h"
#include "frontend/ir/Diagnostics.h"
#include "frontend/ir/IR.h"

#include <memory>
#include <optional>
#include <string>

namespace affjit::cli {

struct LoadedModule {
  SourceBuffer source;
  std::unique_ptr<Module> module;
};

/// The text of `path` ("-" for stdin), named for diagnostics; prints an
/// error and returns null if it cannot be read.
std::unique_ptr<SourceBuffer> readInput(const std::string &path);

/// Reads, parses and verifies `path` (for the analyses). On failure prints
/// the diagnostics and returns null.
std::unique_ptr<LoadedModule> loadModule(const std::string &path);

/// Reads and parses `path`, verifies it and runs `pipeline`'s passes.
/// Without `verify` the module is only parsed, which requires a pipeline
/// without passes (they expect verified IR). On failure prints the
/// diagnostics and returns null.
std::unique_ptr<LoadedModule> loadModule(const std::string &path,
                                         const CompilePipeline &pipeline,
                                         bool verify = true);

/// Reads `path` and takes it through `pipeline` to LLVM IR. On failure
/// prints the diagnostics and returns nullopt.
std::optional<LoweredProgram> lowerInput(const std::string &path,
                                         const CompilePipeline &pipeline);

} // namespace affjit::cli

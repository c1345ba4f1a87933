// Loading a `.mlir` file for a subcommand: read, parse and verify, reporting
// diagnostics to stderr in mlir-opt's format.
#pragma once

#include "frontend/ir/Diagnostics.h"
#include "frontend/ir/IR.h"

#include <memory>
#include <string>

namespace affjit::cli {

struct LoadedModule {
  SourceBuffer source;
  std::unique_ptr<Module> module;
};

/// Reads `path` ("-" for stdin), parses and verifies it. On failure prints
/// the diagnostics and returns null.
std::unique_ptr<LoadedModule> loadModule(const std::string &path,
                                         bool verify = true);

} // namespace affjit::cli

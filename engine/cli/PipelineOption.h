// The `--pipeline=LIST` flag of `affjit opt`, `run` and `llvm`: which passes
// run before printing or lowering (`none`, `default` or pass names), and the
// check that turns a bad list into a clear error and exit status 1.
#pragma once

#include "engine/Pipeline.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace affjit::cli {

/// Registers `--pipeline` on `cmd`, storing the spec in `spec`.
void addPipelineOption(CLI::App *cmd, std::string &spec);

/// The pipeline for `options`; prints `affjit: error: ...` and returns
/// nullopt if the spec names unknown passes.
std::optional<CompilePipeline> makePipeline(const CompileOptions &options);

} // namespace affjit::cli

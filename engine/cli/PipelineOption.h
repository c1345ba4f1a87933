// The pass pipeline flags of `affjit opt`, `run` and `llvm`:
// `--pipeline=LIST` (which passes run before printing or lowering),
// `--verify-each`, `--opt-report[=PASS,...]` (the passes' decisions as
// remarks on stderr), `--dump-after=PASS|all` (the IR after a pass, on
// stderr) and the target (`--target`, `--mattr`, `--cache`,
// `--print-target`), and the check that turns a bad pass name or target
// into a clear error and exit status 1 before any input is read.
#pragma once

#include "engine/Pipeline.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace affjit::cli {

/// What the flags say, before they are checked.
struct PipelineFlags {
  /// --pipeline, --verify-each, --fast-math, --assume-distinct-args,
  /// --threads (0 when absent: AFFJIT_NUM_THREADS or the cores),
  /// --opt-report ("" when absent, `all` without a list), --dump-after and
  /// the target. optLevel and checked are the code-generating subcommands'
  /// own flags.
  CompileOptions compile;
  /// --time-passes: print where the compile's time went to stderr.
  bool timePasses = false;

  /// The compile options of the flags with LLVM's `optLevel` and
  /// `checked` accesses.
  CompileOptions compileOptions(unsigned optLevel = 3,
                                bool checked = false) const;
  /// The same as engine options, with --time-passes.
  EngineOptions engineOptions(unsigned optLevel = 3,
                              bool checked = false) const;
};

/// Registers `--threads N` on `cmd` (0..4096, 0: automatic), storing it in
/// `threads`.
void addThreadsOption(CLI::App *cmd, unsigned &threads);

/// Registers the pipeline flags on `cmd`, storing them in `flags`.
void addPipelineOptions(CLI::App *cmd, PipelineFlags &flags);

/// Registers `--target`, `--mattr`, `--cache` and `--print-target` on
/// `cmd`, storing them in `flags`.
void addTargetOptions(CLI::App *cmd, TargetOptions &flags);

/// The model `flags` name, if this host can run its code; prints
/// `affjit: error: ...` and returns nullopt otherwise.
std::optional<TargetModel> resolveRunnableTarget(const TargetOptions &flags);

/// Registers `--time-passes` on `cmd`, storing it in `timePasses`.
void addTimePassesFlag(CLI::App *cmd, bool &timePasses);

/// With --time-passes: prints `timing`'s report to stderr.
void printTimeReport(const CompileTimes &times);

/// The pipeline for `options`; prints `affjit: error: ...` and returns
/// nullopt if a flag names unknown passes.
std::optional<CompilePipeline> makePipeline(const CompileOptions &options);

} // namespace affjit::cli

// `affjit run FILE.mlir [--entry main] [-O0..-O3] [--checked]
// [--pipeline=LIST] [--verify-each] [--opt-report[=PASS,...]]
// [--dump-after=PASS|all] [--measure-traffic] [--cross-check]`: compiles the
// module for the
// host CPU through the C++ API's engine (which parses it, once) and calls the
// entry function (no arguments, no results), like mlir-cpu-runner with `-e main
// -entry-point-result=void`.
#include "affjit/Engine.h"
#include "engine/cli/Commands.h"
#include "engine/cli/CrossCheck.h"
#include "engine/cli/Input.h"
#include "engine/cli/PipelineOption.h"
#include "engine/cli/TrafficReport.h"

#include <cstdio>
#include <iostream>
#include <memory>

namespace affjit::cli {

namespace {
struct RunOptions {
  std::string input = "-";
  std::string entry = "main";
  unsigned optLevel = 3;
  bool checked = false;
  bool measureTraffic = false;
  bool crossCheck = false;
  PipelineFlags pipeline;
};
} // namespace

static int runRun(const RunOptions &o) {
  EngineOptions options;
  options.optLevel = o.optLevel;
  options.checked = o.checked;
  o.pipeline.applyTo(options);
  options.measureTraffic = o.measureTraffic;
  TrafficReport traffic;
  if (o.measureTraffic)
    options.onRemark = traffic.remarkHandler();
  // A bad pass name is a usage error, reported before reading the input.
  if (!makePipeline(compileOptionsOf(options)))
    return 1;
  if (o.crossCheck && o.measureTraffic) {
    std::cerr << "affjit: error: --cross-check and --measure-traffic cannot "
                 "be combined\n";
    return 1;
  }
  std::unique_ptr<SourceBuffer> source = readInput(o.input);
  if (!source)
    return 1;
  if (o.crossCheck)
    return crossCheckRun({source->text, *source->name, o.entry, options},
                         std::cout, std::cerr);
  Engine engine(options);
  if (Error err = engine.compile(source->text, *source->name)) {
    std::cerr << err.message();
    return 1;
  }
  Error err = engine.invoke(o.entry, {});
  std::fflush(stdout);
  std::cout.flush();
  // What was measured until a failure is reported too.
  if (o.measureTraffic)
    traffic.print(engine.measuredTraffic(), std::cerr);
  if (err) {
    std::cerr << "affjit: error: " << err.message() << '\n';
    return 1;
  }
  return 0;
}

CommandFn addRunCommand(CLI::App &app) {
  auto opts = std::make_shared<RunOptions>();
  CLI::App *cmd = app.add_subcommand(
      "run", "Compile for the host CPU and run an entry function");
  cmd->add_option("input", opts->input, "Input .mlir file ('-' for stdin)");
  cmd->add_option("-e,--entry", opts->entry, "Entry function (no arguments)")
      ->capture_default_str();
  cmd->add_option("-O", opts->optLevel, "LLVM optimization level 0..3")
      ->check(CLI::Range(0, 3))
      ->capture_default_str();
  cmd->add_flag("--checked", opts->checked,
                "Check every memref access against its bounds");
  cmd->add_flag("--measure-traffic", opts->measureTraffic,
                "Then report each top-level loop nest's memory traffic, "
                "measured through simulated L1/L2 caches of the host's "
                "geometry (runs much slower; one thread); with "
                "--opt-report=report, next to the cost model's estimate");
  cmd->add_flag("--cross-check", opts->crossCheck,
                "Also run with --pipeline=none and compare what both print; "
                "on a difference, name the first differing line and the "
                "first pass after which the output differs (exit status 1)");
  addPipelineOptions(cmd, opts->pipeline);
  return [cmd, opts]() -> int { return cmd->parsed() ? runRun(*opts) : -1; };
}

} // namespace affjit::cli

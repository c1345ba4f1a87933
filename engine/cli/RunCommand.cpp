// `affjit run [FILE.mlir] [-e ENTRY] [-o OUT] [-O0..-O3] [--checked]
// [--pipeline=LIST] [--verify-each] [--opt-report[=PASS,...]]
// [--dump-after=PASS|all] [--measure-traffic] [--cross-check]
// [--dim NAME=SIZE] [--arg NAME=VALUE|NAME=@FILE.npy] [--seed N]
// [--fill [NAME=]KIND] [--print NAME] [--save NAME=FILE.npy]`: compiles the
// module for the host CPU through the C++ API's engine and calls the entry
// function (@main, or a module's only function). An entry without
// arguments runs as mlir-cpu-runner runs it; one with arguments gets them
// from the same options as `affjit bench` (ArgumentOptions.h). Scalar
// results are printed after what the program prints, then the memrefs
// asked for (RunOutputs.h).
#include "affjit/Engine.h"
#include "engine/cli/ArgumentOptions.h"
#include "engine/cli/Commands.h"
#include "engine/cli/Contract.h"
#include "engine/cli/CrossCheck.h"
#include "engine/cli/Input.h"
#include "engine/cli/Output.h"
#include "engine/cli/PipelineOption.h"
#include "engine/cli/RunOutputs.h"
#include "engine/cli/TrafficReport.h"

#include <cstdio>
#include <iostream>
#include <memory>

namespace affjit::cli {

namespace {
struct RunOptions {
  std::string input;
  /// "": @main, else the module's only function.
  std::string entry;
  std::string output = "-";
  unsigned optLevel = 3;
  bool checked = false;
  bool measureTraffic = false;
  bool crossCheck = false;
  PipelineFlags pipeline;
  ArgumentFlags arguments;
  std::vector<std::string> prints, saves;

  bool wantsArguments() const {
    return arguments.anyGiven() || !prints.empty() || !saves.empty();
  }
};

/// The call to make: the entry's name and its arguments (with the module
/// they were resolved from, when it takes any).
struct Call {
  std::string entry;
  std::unique_ptr<Module> module;
  std::optional<PreparedArguments> arguments;
  OutputRequests outputs;
};
} // namespace

/// The entry `o.entry` names (default: @main, else the only function),
/// resolved in the parsed `source` when the engine alone cannot tell
/// (an unknown name, or arguments to make).
static std::optional<Call> prepareCall(const RunOptions &o,
                                       const SourceBuffer &source,
                                       const Engine &engine) {
  Call call;
  call.entry = o.entry.empty() ? "main" : o.entry;
  Expected<Function> fn = engine.lookup(call.entry);
  if (fn && fn->numArguments() == 0 && !o.wantsArguments())
    return call;
  // The signature is needed: parse the (already compiled, so valid) text.
  DiagnosticEngine diag;
  call.module = parseAndVerify(source, diag);
  if (!call.module) {
    diag.print(std::cerr);
    return std::nullopt;
  }
  std::string name = o.entry;
  if (name.empty() && call.module->lookupSymbol("main"))
    name = "main";
  Expected<FuncOp> func = bench::findFunction(*call.module, name, "run");
  if (!func) {
    printError(func.error().message());
    return std::nullopt;
  }
  call.entry = func->getName();
  if (func->getArguments().empty() && !o.wantsArguments())
    return call;
  if (!func->getArguments().empty() && !o.wantsArguments()) {
    printError(argumentsNeeded(*func));
    return std::nullopt;
  }
  Expected<PreparedArguments> args = prepareArguments(*func, o.arguments);
  if (!args) {
    printError(args.error().message());
    return std::nullopt;
  }
  Expected<OutputRequests> outputs =
      resolveOutputs(args->params, o.prints, o.saves);
  if (!outputs) {
    printError(outputs.error().message());
    return std::nullopt;
  }
  call.arguments = std::move(*args);
  call.outputs = std::move(*outputs);
  return call;
}

static int runRun(const RunOptions &o) {
  EngineOptions options = o.pipeline.engineOptions(o.optLevel, o.checked);
  options.measureTraffic = o.measureTraffic;
  TrafficReport traffic;
  if (o.measureTraffic)
    options.onRemark = traffic.remarkHandler();
  // A bad pass name or target is a usage error, reported before reading
  // the input.
  std::optional<CompilePipeline> pipeline = makePipeline(options);
  if (!pipeline)
    return kExitFailure;
  if (std::optional<std::string> why = pipeline->getTarget().whyHostCannotRun())
    return usageError(*why);
  if (o.crossCheck && o.measureTraffic)
    return usageError("--cross-check and --measure-traffic cannot be "
                      "combined");
  if (o.crossCheck && o.pipeline.timePasses)
    return usageError("--cross-check and --time-passes cannot be combined "
                      "(a cross-check compiles the program several times)");
  if (o.crossCheck && o.wantsArguments())
    return usageError("--cross-check runs entries without arguments (drop "
                      "--arg, --dim, --fill, --seed, --print and --save)");
  std::unique_ptr<SourceBuffer> source = readInput(o.input);
  if (!source || !redirectStdout(o.output))
    return kExitFailure;
  if (o.crossCheck)
    return crossCheckRun({source->text, *source->name,
                          o.entry.empty() ? "main" : o.entry, options},
                         std::cout, std::cerr);
  Engine engine(options);
  Error compiled = engine.compile(source->text, *source->name);
  // Before the program's output, which a --time-passes user reads after.
  if (o.pipeline.timePasses)
    printTimeReport(engine.compileTimes());
  if (compiled) {
    std::cerr << compiled.message();
    return kExitFailure;
  }
  std::optional<Call> call = prepareCall(o, *source, engine);
  if (!call)
    return kExitFailure;
  std::vector<detail::Argument> args;
  if (call->arguments) {
    std::span<const detail::Argument> given = call->arguments->set.arguments();
    args.assign(given.begin(), given.end());
  }
  Results results;
  Error err = engine.invoke(call->entry, args, results);
  // What the program printed (C stdio) comes before what affjit prints.
  std::fflush(stdout);
  std::cout.flush();
  // What was measured until a failure is reported too.
  if (o.measureTraffic)
    traffic.print(engine.measuredTraffic(), std::cerr);
  if (err)
    return usageError(err.message());
  std::ostream &text = call->outputs.savesToStdout() ? std::cerr : std::cout;
  printResults(results, text);
  if (call->arguments &&
      !writeOutputs(call->outputs, call->arguments->set, text))
    return kExitFailure;
  std::cout.flush();
  return 0;
}

CommandFn addRunCommand(CLI::App &app) {
  auto opts = std::make_shared<RunOptions>();
  CLI::App *cmd = app.add_subcommand(
      "run", "Compile for the host CPU and call an entry function, printing "
             "its results");
  addInputOption(cmd, opts->input);
  cmd->add_option("-e,--entry", opts->entry,
                  "Entry function (default: main, else the module's only "
                  "function)");
  cmd->add_option("-o,--output", opts->output,
                  "Write what the run prints to this file ('-': stdout)")
      ->capture_default_str();
  cmd->add_option("-O", opts->optLevel, "LLVM optimization level 0..3")
      ->check(integerIn(0, 3))
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
  addTimePassesFlag(cmd, opts->pipeline.timePasses);
  addArgumentOptions(cmd, opts->arguments);
  cmd->add_option("--print", opts->prints,
                  "After the call, print memref argument NAME (or number N) "
                  "as printMemref does")
      ->allow_extra_args(false);
  cmd->add_option("--save", opts->saves,
                  "After the call, save memref argument NAME (or number N) "
                  "as a NumPy file: NAME=FILE.npy ('-': stdout, which then "
                  "holds it alone: results and --print go to stderr)")
      ->allow_extra_args(false);
  return [cmd, opts]() -> int { return cmd->parsed() ? runRun(*opts) : -1; };
}

} // namespace affjit::cli

// `affjit opt FILE.mlir [-o OUT] [--generic] [--no-verify] [--pipeline=LIST]
// [--verify-each] [--opt-report[=PASS,...]] [--dump-after=PASS|all]
// [--measure-traffic[=ENTRY] [--dim ..] [--arg ..] [--fill ..]]`: parses,
// verifies, runs the pass pipeline and prints the module in MLIR syntax.
// With --measure-traffic it also runs ENTRY (main, or a kernel on arguments
// made as `affjit run` makes them, ArgumentOptions.h) compiled to measure each
// top-level nest's traffic, and reports it (TrafficReport.h): `--opt-report
// --measure-traffic` puts the cost model's estimated and the measured traffic
// on one line per nest.
#include "engine/cli/ArgumentOptions.h"
#include "engine/cli/Commands.h"
#include "engine/cli/Contract.h"
#include "engine/cli/Input.h"
#include "engine/cli/Output.h"
#include "engine/cli/PipelineOption.h"
#include "engine/cli/TrafficReport.h"
#include "frontend/print/Printer.h"

#include <cstdio>
#include <fcntl.h>
#include <iostream>
#include <memory>
#include <optional>
#include <span>
#include <unistd.h>
#include <vector>

namespace affjit::cli {

namespace {
struct OptOptions {
  std::string input;
  std::string output = "-";
  bool generic = false;
  bool noVerify = false;
  /// The function to run for --measure-traffic ("": not measuring).
  std::string measureEntry;
  PipelineFlags pipeline;
  ArgumentFlags arguments;
};

/// Sends stdout to /dev/null while it lives: the measured program's own
/// output would mix with the printed module.
class SilencedStdout {
public:
  SilencedStdout() {
    std::fflush(stdout);
    saved = dup(STDOUT_FILENO);
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) {
      dup2(null, STDOUT_FILENO);
      close(null);
    }
  }
  ~SilencedStdout() {
    std::fflush(stdout);
    if (saved >= 0) {
      dup2(saved, STDOUT_FILENO);
      close(saved);
    }
  }
  SilencedStdout(const SilencedStdout &) = delete;
  SilencedStdout &operator=(const SilencedStdout &) = delete;

private:
  int saved = -1;
};
} // namespace

/// Runs `o.measureEntry` of the transformed `loaded` module, compiled again
/// with the same options to measure its traffic; its nests' measurements,
/// or nullopt after printing why it could not run.
static std::optional<std::vector<NestTrafficMeasurement>>
measureTraffic(const OptOptions &o, const LoadedModule &loaded) {
  auto fail = [](const std::string &message)
      -> std::optional<std::vector<NestTrafficMeasurement>> {
    printError(message);
    return std::nullopt;
  };
  // The default entry, main, stands for the only function of a module
  // without one (a kernel file).
  std::string entry = o.measureEntry;
  if (entry == "main" && !loaded.module->lookupSymbol(entry))
    entry.clear();
  Expected<FuncOp> fn = bench::findFunction(*loaded.module, entry, "measure");
  if (!fn)
    return fail(fn.error().message());
  Expected<PreparedArguments> args = prepareArguments(*fn, o.arguments);
  if (!args)
    return fail(args.error().message());
  EngineOptions options = o.pipeline.engineOptions();
  options.measureTraffic = true;
  options.optReport = ""; // reported once, by the printed module's passes
  options.dumpAfter = "";
  Engine engine(options);
  if (Error err = engine.compile(loaded.source.text, *loaded.source.name)) {
    std::cerr << err.message();
    return std::nullopt;
  }
  Error err;
  {
    SilencedStdout quiet;
    std::span<const detail::Argument> call = args->set.arguments();
    err = engine.invoke(fn->getName(), {call.begin(), call.end()});
  }
  if (err)
    return fail(err.message());
  return engine.measuredTraffic();
}

static int runOpt(const OptOptions &o) {
  if (o.measureEntry.empty() && o.arguments.anyGiven())
    return usageError("--dim, --dims, --arg, --seed, --float-range and --fill "
                      "give the arguments of --measure-traffic's run; opt "
                      "runs nothing without it");
  CompileOptions compile = o.pipeline.compile;
  TrafficReport traffic;
  if (!o.measureEntry.empty()) {
    // The module printed is the one measured: on one thread.
    compile.threads = 1;
    compile.onRemark = traffic.remarkHandler();
  }
  std::optional<CompilePipeline> pipeline = makePipeline(compile);
  if (!pipeline)
    return kExitFailure;
  TimingTree timing;
  auto loaded = loadModule(o.input, *pipeline, !o.noVerify,
                           o.pipeline.timePasses ? &timing : nullptr);
  if (o.pipeline.timePasses)
    printTimeReport(timing.times());
  if (!loaded)
    return kExitFailure;
  if (!o.measureEntry.empty()) {
    std::optional<std::vector<NestTrafficMeasurement>> measured =
        measureTraffic(o, *loaded);
    // The held estimates print either way: without a measurement, alone.
    traffic.print(measured.value_or(std::vector<NestTrafficMeasurement>{}),
                  std::cerr);
    if (!measured)
      return kExitFailure;
  }
  PrintOptions printOptions;
  printOptions.generic = o.generic;
  std::unique_ptr<OutputFile> out = OutputFile::open(o.output);
  if (!out)
    return kExitFailure;
  printModule(*loaded->module, out->stream(), printOptions);
  return out->close() ? 0 : kExitFailure;
}

CommandFn addOptCommand(CLI::App &app) {
  auto opts = std::make_shared<OptOptions>();
  CLI::App *cmd =
      app.add_subcommand("opt", "Parse, verify, transform and print an MLIR "
                                "module");
  addInputOption(cmd, opts->input);
  cmd->add_option("-o,--output", opts->output, "Output file ('-': stdout)")
      ->capture_default_str();
  cmd->add_flag("--generic", opts->generic, "Print ops in the generic form");
  cmd->add_flag("--no-verify", opts->noVerify, "Skip the verifier");
  // A flag with an optional value, like --opt-report.
  addOptionalValueFlag(
      cmd, "--measure-traffic", "main", opts->measureEntry,
      "Also run =ENTRY (default main, else the only function; "
      "its arguments are made as for `affjit run`: --dim, --arg, "
      "--fill, pseudo-random by default) compiled to measure each "
      "top-level loop nest's "
      "memory traffic through simulated L1/L2 caches of the host's "
      "geometry, and report it on stderr (next to the estimate "
      "with --opt-report); the module is then optimized for one "
      "thread");
  addPipelineOptions(cmd, opts->pipeline);
  addTimePassesFlag(cmd, opts->pipeline.timePasses);
  addArgumentOptions(cmd, opts->arguments);
  return [cmd, opts]() -> int { return cmd->parsed() ? runOpt(*opts) : -1; };
}

} // namespace affjit::cli

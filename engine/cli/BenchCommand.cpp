// `affjit bench FILE.mlir [-e FUNCTION] [--compare none,default] [--dim
// NAME=SIZE] [--dims N,...] [--arg [NAME=]VALUE] [--seed N] [--float-range
// LO,HI] [--fast-math [--ulps N]] [--min-time S] [--repetitions N]
// [--warmup N] [--cold] [--no-pin] [--no-bandwidth] [--json FILE] [--plot
// FILE.svg|png [--plot-metric time|gflops]] [-O N] [--checked] [--target
// CPU] [--mattr ...] [--cache ...]`: compiles
// one function once per pass pipeline, checks that every variant computes
// what the first computes on the same pseudo-random inputs, times them
// (discarding what the kernel prints), measures the memory bandwidth at
// the arguments' footprint and prints a table (affjit::benchmark,
// engine/bench/), then warnings about noisy timings on stderr. Exit status
// 1 for bad input and for variants that disagree.
#include "affjit/Benchmark.h"
#include "engine/Pipeline.h"
#include "engine/bench/BenchTable.h"
#include "engine/bench/MemoryBandwidth.h"
#include "engine/bench/ThreadPin.h"
#include "engine/bench/TimingQuality.h"
#include "engine/bench/VariantList.h"
#include "engine/cli/ArgumentOptions.h"
#include "engine/cli/BenchFacts.h"
#include "engine/cli/BenchJson.h"
#include "engine/cli/BenchPlot.h"
#include "engine/cli/Commands.h"
#include "engine/cli/Input.h"
#include "engine/cli/PipelineOption.h"
#include "engine/cli/ProgressLine.h"
#include "engine/cli/Suggest.h"
#include "engine/repl/CrashGuard.h"

#include <iostream>
#include <memory>

namespace affjit::cli {

namespace {

struct BenchCliOptions {
  std::string input;
  std::string entry;
  std::string compare = "none,default";
  ArgumentFlags arguments;
  bool fastMath = false;
  unsigned threads = 0;
  uint64_t maxUlps = 64;
  double minTime = 0.5;
  int64_t repetitions = 0;
  int64_t warmup = 1;
  bool cold = false;
  bool noPin = false;
  bool noBandwidth = false;
  std::string json, plot, plotMetric = "time";
  unsigned optLevel = 3;
  bool checked = false;
  bool timePasses = false;
  TargetOptions target;
  /// Test only: the variant whose output the tool changes (-1: none).
  int corruptVariant = -1;
};

bool usageError(const std::string &message) {
  std::cerr << "affjit: error: " << message << '\n';
  return false;
}

/// The argument options (shared with run): bench fills its inputs
/// pseudo-randomly and has no memref files.
bool benchInputs(const ArgumentFlags &flags, BenchmarkInputs &inputs) {
  for (const std::string &arg : flags.args)
    if (arg.starts_with('@') || arg.find("=@") != std::string::npos)
      return usageError("--arg " + arg +
                        ": bench fills memrefs pseudo-randomly; .npy inputs "
                        "are for affjit run");
  for (const std::string &fill : flags.fills)
    if (fill != "random")
      return usageError("--fill " + fill +
                        ": bench fills its inputs pseudo-randomly (--seed, "
                        "--float-range); other fills are for affjit run");
  std::optional<BenchmarkInputs> made = makeInputs(flags);
  if (!made)
    return false;
  inputs = std::move(*made);
  return true;
}

/// Changes one element of variant `variant`'s last memref argument, in
/// its middle: the lowest bit of its first byte, i.e. one ulp of a float.
void corruptOneElement(std::span<BenchmarkBuffer> buffers) {
  if (buffers.empty())
    return;
  BenchmarkBuffer &b = buffers.back();
  int64_t n = 1;
  for (int64_t s : b.shape)
    n *= s;
  if (n == 0)
    return;
  size_t elementSize = b.bytes / (size_t)n;
  static_cast<unsigned char *>(b.data)[(size_t)(n / 2) * elementSize] ^= 1;
}

bool makeOptions(const BenchCliOptions &o, BenchmarkOptions &options) {
  Expected<std::vector<std::string>> variants =
      bench::parseVariantList(o.compare, "--compare");
  if (!variants)
    return usageError(withPassSuggestion(variants.error().message()));
  options.pipelines = std::move(*variants);
  if (!benchInputs(o.arguments, options.inputs))
    return false;
  if (o.corruptVariant >= (int)options.pipelines.size())
    return usageError("--test-corrupt-variant: there are only " +
                      std::to_string(options.pipelines.size()) + " variants");
  options.compile.optLevel = o.optLevel;
  options.compile.checked = o.checked;
  options.compile.fastMath = o.fastMath;
  options.compile.threads = o.threads;
  options.compile.target = o.target;
  options.maxUlps = o.maxUlps;
  options.minTime = o.minTime;
  options.repetitions = o.repetitions;
  options.warmup = o.warmup;
  options.cold = o.cold;
  options.pinThread = !o.noPin;
  options.runGuarded = repl::runGuarded;
  if (o.corruptVariant >= 0)
    options.onOutputs = [variant = (size_t)o.corruptVariant](
                            size_t i, std::span<BenchmarkBuffer> buffers) {
      if (i == variant)
        corruptOneElement(buffers);
    };
  return true;
}

void printError(const Error &err) {
  const std::string &message = err.message();
  // Diagnostics of the input come formatted, with their location.
  if (message.find(": error: ") != std::string::npos)
    std::cerr << message;
  else
    std::cerr << "affjit: error: " << message << '\n';
}

/// STREAM-like copy and triad at the footprint of the arguments, on the
/// threads the kernel ran on (one of them pinned, as the calls were).
bench::MeasuredBandwidth measureRoofline(const BenchmarkResult &r,
                                         const BenchmarkOptions &options,
                                         unsigned threads) {
  bench::ThreadPin pin(options.pinThread && threads == 1);
  bench::BandwidthProbe probe;
  probe.footprintBytes = (size_t)bench::argumentFootprint(r);
  probe.threads = threads;
  probe.cold = options.cold;
  return bench::measureBandwidth(probe);
}

/// --time-passes: each variant's compile, phase by phase.
void printCompileTimes(const BenchmarkResult &result) {
  for (const BenchmarkVariant &v : result.variants)
    std::cerr << "compile of variant '" << v.pipeline << "':\n"
              << v.compileTimes.report();
  std::cerr.flush();
}

void printWarnings(const std::vector<std::string> &warnings) {
  for (const std::string &w : warnings)
    std::cerr << "affjit: warning: " << w << '\n';
}

} // namespace

static int runBench(const BenchCliOptions &o) {
  BenchmarkOptions options;
  std::optional<TargetModel> target = resolveRunnableTarget(o.target);
  if (!target || !makeOptions(o, options))
    return 1;
  std::optional<PlotRequest> plot;
  if (!o.plot.empty() && !(plot = makePlotRequest(o.plot, o.plotMetric)))
    return 1;
  std::unique_ptr<SourceBuffer> source = readInput(o.input);
  if (!source)
    return 1;
  options.bufferName = *source->name;
  // Read before the benchmark adds its own load.
  BenchFacts facts = startFacts(resolveThreadCount(options.compile.threads));
  facts.target = *target;
  ProgressLine progress;
  if (progress.enabled())
    options.onProgress = [&progress](const std::string &text) {
      progress.show(text);
    };
  Expected<BenchmarkResult> result = benchmark(source->text, o.entry, options);
  // Without memref arguments there is no footprint to measure at.
  if (result && result->agree() && !o.noBandwidth &&
      bench::argumentFootprint(*result) > 0) {
    if (progress.enabled())
      progress.show("measuring the memory bandwidth");
    facts.bandwidth = measureRoofline(*result, options, facts.threads);
  }
  progress.clear();
  if (!result) {
    printError(result.error());
    return 1;
  }
  if (o.timePasses)
    printCompileTimes(*result);
  if (result->agree())
    facts.warnings = bench::timingWarnings(
        *result,
        facts.loadAverage ? std::optional<double>((*facts.loadAverage)[0])
                          : std::nullopt,
        facts.onlineCpus);
  bool written =
      o.json.empty() ||
      writeJson(benchJson(*result, options, *source->name, facts), o.json);
  if (!result->agree()) {
    for (const std::string &line : bench::mismatchMessages(*result))
      std::cerr << "affjit: error: " << line << '\n';
    if (std::optional<std::string> hint = bench::toleranceHint(
            *result, options.compile.fastMath, options.maxUlps))
      std::cerr << "affjit: note: " << *hint << '\n';
    return 1;
  }
  // With the JSON on stdout (`--json -`), the table goes to stderr.
  std::ostream &table = o.json == "-" ? std::cerr : std::cout;
  bench::printTable(*result, options.compile.fastMath, options.maxUlps, table,
                    facts.bandwidth ? &*facts.bandwidth : nullptr);
  table.flush();
  printWarnings(facts.warnings);
  if (plot && !drawPlot(*result, options, facts, *plot))
    return 1;
  return written ? 0 : 1;
}

CommandFn addBenchCommand(CLI::App &app) {
  auto opts = std::make_shared<BenchCliOptions>();
  CLI::App *cmd = app.add_subcommand(
      "bench", "Benchmark a function once per pass pipeline (checking that "
               "every variant computes the same)");
  addInputOption(cmd, opts->input);
  cmd->add_option("-e,--entry", opts->entry,
                  "The function to benchmark (default: the only one)");
  cmd->add_option("--compare", opts->compare,
                  "Pipelines to compare, separated by commas; the first is "
                  "the reference; join passes of one variant with '+' "
                  "(fuse+normalize)")
      ->capture_default_str();
  addArgumentOptions(cmd, opts->arguments);
  cmd->add_flag("--fast-math", opts->fastMath,
                "Compile with fast math (floats may be reassociated) and let "
                "floats differ between variants by up to --ulps units in the "
                "last place of their memref's largest magnitude, or of the "
                "sum of the magnitudes of the terms a reduction adds "
                "(default: bit for bit)");
  addThreadsOption(cmd, opts->threads);
  addTargetOptions(cmd, opts->target);
  addTimePassesFlag(cmd, opts->timePasses);
  cmd->add_option("--ulps", opts->maxUlps,
                  "The tolerance of --fast-math, in ulps")
      ->capture_default_str();
  cmd->add_option("--min-time", opts->minTime,
                  "Seconds of timed repetitions per variant (at least 3 "
                  "repetitions)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cmd->add_option("--repetitions", opts->repetitions,
                  "Exactly this many timed repetitions (instead of "
                  "--min-time)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--warmup", opts->warmup, "Untimed repetitions first")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cmd->add_flag("--cold", opts->cold,
                "Flush the memref arguments from the caches before every "
                "call");
  cmd->add_flag("--no-pin", opts->noPin,
                "Do not pin the thread to its CPU while calls run");
  cmd->add_flag("--no-bandwidth", opts->noBandwidth,
                "Skip the STREAM-like copy/triad measurement at the "
                "arguments' footprint (the %BW column)");
  cmd->add_option("--json", opts->json,
                  "Write the results as JSON (schema: "
                  "engine/cli/bench.schema.json)");
  cmd->add_option("--plot", opts->plot,
                  "Draw a box plot (interquartile range and median per "
                  "variant) with gnuplot (FILE.svg or FILE.png)");
  cmd->add_option("--plot-metric", opts->plotMetric,
                  "What the boxes show: time or gflops")
      ->capture_default_str();
  cmd->add_option("-O", opts->optLevel, "LLVM optimization level 0..3")
      ->check(CLI::Range(0, 3))
      ->capture_default_str();
  cmd->add_flag("--checked", opts->checked,
                "Check every memref access against its bounds");
  // Test only, hidden from --help: the tests must see the results check
  // fail end to end in the real tool, and a corrupting pass in the pass
  // registry would be selectable by every --pipeline user. This flips one
  // bit of one output element of variant N after its checked call.
  cmd->add_option("--test-corrupt-variant", opts->corruptVariant)->group("");
  return [cmd, opts]() -> int { return cmd->parsed() ? runBench(*opts) : -1; };
}

} // namespace affjit::cli

// `affjit bench FILE.mlir [-e FUNCTION] [--compare none,default] [--dim
// NAME=SIZE] [--dims N,...] [--arg [NAME=]VALUE] [--seed N] [--float-range
// LO,HI] [--fast-math [--ulps N]] [--min-time S] [--repetitions N]
// [--warmup N] [--cold] [--no-pin] [--json FILE] [--plot FILE.svg|png
// [--plot-metric time|gflops]] [-O N] [--checked]`: compiles one function
// once per pass pipeline, checks that every variant computes what the first
// computes on the same pseudo-random inputs, times them and prints a table
// (affjit::benchmark, engine/bench/). Exit status 1 for bad input and for
// variants that disagree.
#include "affjit/Benchmark.h"
#include "engine/bench/BenchTable.h"
#include "engine/bench/VariantList.h"
#include "engine/cli/BenchJson.h"
#include "engine/cli/BenchPlot.h"
#include "engine/cli/Commands.h"
#include "engine/cli/Input.h"
#include "engine/cli/PipelineOption.h"
#include "engine/cli/ProgressLine.h"
#include "engine/repl/CrashGuard.h"

#include <charconv>
#include <iostream>
#include <memory>

namespace affjit::cli {

namespace {

struct BenchCliOptions {
  std::string input = "-";
  std::string entry;
  std::string compare = "none,default";
  std::vector<std::string> dims;
  std::string dynamicSizes;
  std::vector<std::string> args;
  uint64_t seed = 1;
  std::string floatRange = "-1,1";
  bool fastMath = false;
  unsigned threads = 0;
  uint64_t maxUlps = 64;
  double minTime = 0.5;
  int64_t repetitions = 0;
  int64_t warmup = 1;
  bool cold = false;
  bool noPin = false;
  std::string json, plot, plotMetric = "time";
  unsigned optLevel = 3;
  bool checked = false;
  /// Test only: the variant whose output the tool changes (-1: none).
  int corruptVariant = -1;
};

bool usageError(const std::string &message) {
  std::cerr << "affjit: error: " << message << '\n';
  return false;
}

std::vector<std::string> splitAt(const std::string &text, char separator) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == separator) {
      parts.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  return parts;
}

template <typename T> std::optional<T> parseNumber(const std::string &text) {
  T value{};
  auto [end, ec] =
      std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    return std::nullopt;
  return value;
}

bool parseDims(const BenchCliOptions &o, BenchmarkInputs &in) {
  for (const std::string &dim : o.dims) {
    size_t eq = dim.find('=');
    std::optional<int64_t> size =
        eq == std::string::npos ? std::nullopt
                                : parseNumber<int64_t>(dim.substr(eq + 1));
    if (!size || eq == 0)
      return usageError("--dim " + dim +
                        ": expected NAME=SIZE (NAME an argument like x, "
                        "or x.1 for its dimension 1)");
    std::string name = dim.substr(0, eq);
    if (name[0] == '%')
      name.erase(0, 1);
    in.dims.emplace_back(name, *size);
  }
  if (o.dynamicSizes.empty())
    return true;
  for (const std::string &part : splitAt(o.dynamicSizes, ',')) {
    std::optional<int64_t> size = parseNumber<int64_t>(part);
    if (!size)
      return usageError("--dims " + o.dynamicSizes +
                        ": expected sizes separated by commas, like "
                        "1024,1024");
    in.dynamicSizes.push_back(*size);
  }
  return true;
}

bool parseFloatRange(const std::string &text, BenchmarkInputs &in) {
  std::vector<std::string> parts = splitAt(text, ',');
  std::optional<double> lo, hi;
  if (parts.size() == 2) {
    lo = parseNumber<double>(parts[0]);
    hi = parseNumber<double>(parts[1]);
  }
  if (!lo || !hi || !(*lo < *hi))
    return usageError("--float-range " + text +
                      ": expected LO,HI with LO < HI, like -1,1");
  in.floatMin = *lo;
  in.floatMax = *hi;
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
    return usageError(variants.error().message());
  options.pipelines = std::move(*variants);
  if (!parseDims(o, options.inputs) ||
      !parseFloatRange(o.floatRange, options.inputs))
    return false;
  if (o.corruptVariant >= (int)options.pipelines.size())
    return usageError("--test-corrupt-variant: there are only " +
                      std::to_string(options.pipelines.size()) + " variants");
  options.inputs.scalars = o.args;
  options.inputs.seed = o.seed;
  options.optLevel = o.optLevel;
  options.checked = o.checked;
  options.fastMath = o.fastMath;
  options.threads = o.threads;
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

} // namespace

static int runBench(const BenchCliOptions &o) {
  BenchmarkOptions options;
  if (!makeOptions(o, options))
    return 1;
  std::optional<PlotRequest> plot;
  if (!o.plot.empty() && !(plot = makePlotRequest(o.plot, o.plotMetric)))
    return 1;
  std::unique_ptr<SourceBuffer> source = readInput(o.input);
  if (!source)
    return 1;
  options.bufferName = *source->name;
  ProgressLine progress;
  if (progress.enabled())
    options.onProgress = [&progress](const std::string &text) {
      progress.show(text);
    };
  Expected<BenchmarkResult> result = benchmark(source->text, o.entry, options);
  progress.clear();
  if (!result) {
    printError(result.error());
    return 1;
  }
  bool written = o.json.empty() ||
                 writeJson(benchJson(*result, options, *source->name), o.json);
  if (!result->agree()) {
    for (const std::string &line : bench::mismatchMessages(*result))
      std::cerr << "affjit: error: " << line << '\n';
    return 1;
  }
  bench::printTable(*result, options.fastMath, options.maxUlps, std::cout);
  std::cout.flush();
  if (plot && !drawPlot(*result, *plot))
    return 1;
  return written ? 0 : 1;
}

CommandFn addBenchCommand(CLI::App &app) {
  auto opts = std::make_shared<BenchCliOptions>();
  CLI::App *cmd = app.add_subcommand(
      "bench", "Benchmark a function once per pass pipeline (checking that "
               "every variant computes the same)");
  cmd->add_option("input", opts->input, "Input .mlir file ('-' for stdin)");
  cmd->add_option("-e,--entry", opts->entry,
                  "The function to benchmark (default: the only one)");
  cmd->add_option("--compare", opts->compare,
                  "Pipelines to compare, separated by commas; the first is "
                  "the reference; join passes of one variant with '+' "
                  "(fuse+normalize)")
      ->capture_default_str();
  cmd->add_option("--dim", opts->dims,
                  "Size of ? dimensions: NAME=SIZE for every ? dimension of "
                  "argument %NAME, NAME.D=SIZE for dimension D (NAME may be "
                  "argN)");
  cmd->add_option("--dims", opts->dynamicSizes,
                  "Sizes of the ? dimensions --dim leaves open, in order, "
                  "separated by commas");
  cmd->add_option("--arg", opts->args,
                  "A scalar argument: NAME=VALUE, or VALUE for the next "
                  "scalar argument");
  cmd->add_option("--seed", opts->seed, "Seed of the pseudo-random inputs")
      ->capture_default_str();
  cmd->add_option("--float-range", opts->floatRange,
                  "Floats are uniform in [LO, HI) (integers in 0..15)")
      ->capture_default_str();
  cmd->add_flag("--fast-math", opts->fastMath,
                "Compile with fast math (floats may be reassociated) and let "
                "floats differ between variants by up to --ulps units in the "
                "last place of their memref's largest magnitude (default: "
                "bit for bit)");
  addThreadsOption(cmd, opts->threads);
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
  cmd->add_option("--json", opts->json,
                  "Write the results as JSON (schema: "
                  "engine/cli/bench.schema.json)");
  cmd->add_option("--plot", opts->plot,
                  "Draw a bar chart with gnuplot (FILE.svg or FILE.png)");
  cmd->add_option("--plot-metric", opts->plotMetric,
                  "What the bars show: time or gflops")
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

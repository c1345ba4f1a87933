// Compiling, checking and timing the variants of a benchmark
// (BenchmarkRunner.h).
#include "engine/bench/BenchmarkRunner.h"

#include "engine/Pipeline.h"
#include "engine/api/ArgumentCheck.h"
#include "engine/api/CallFrame.h"
#include "engine/bench/ArgumentSet.h"
#include "engine/bench/ArgumentSpec.h"
#include "engine/bench/CallTimer.h"
#include "engine/bench/OutputSilencer.h"
#include "engine/bench/ResultCheck.h"
#include "engine/bench/ThreadPin.h"
#include "engine/jit/Jit.h"
#include "frontend/analysis/WorkEstimate.h"
#include "frontend/ir/FuncOps.h"
#include "frontend/verify/Verifier.h"

#include <chrono>
#include <cmath>
#include <cstring>
#include <sstream>

namespace affjit::bench {

namespace {

using Clock = std::chrono::steady_clock;

std::string formatted(const DiagnosticEngine &diag) {
  std::ostringstream os;
  diag.print(os);
  return os.str();
}

Error checkOptions(const BenchmarkOptions &o) {
  if (o.pipelines.empty())
    return Error("no pipelines to compare");
  if (!(o.minTime >= 0) || !std::isfinite(o.minTime))
    return Error("the minimum time must be a number of seconds >= 0");
  if (o.repetitions < 0 || o.warmup < 0)
    return Error("repetitions and warm-up runs cannot be negative");
  const BenchmarkInputs &in = o.inputs;
  if (!std::isfinite(in.floatMin) || !std::isfinite(in.floatMax) ||
      !(in.floatMin < in.floatMax))
    return Error("the float range needs finite bounds LO < HI");
  return Error();
}

/// The compile pipeline of every variant; an error for unknown passes,
/// before anything is compiled.
Expected<std::vector<CompilePipeline>>
createPipelines(const BenchmarkOptions &o) {
  std::vector<CompilePipeline> pipelines;
  for (const std::string &spec : o.pipelines) {
    CompileOptions options = o.compile;
    options.pipeline = spec;
    Expected<CompilePipeline> p = CompilePipeline::create(options);
    if (!p)
      return p.error();
    pipelines.push_back(std::move(*p));
  }
  return pipelines;
}

std::vector<ArgumentFact> argumentFacts(const std::vector<ParamSpec> &params) {
  std::vector<ArgumentFact> facts(params.size());
  for (size_t i = 0; i < params.size(); ++i) {
    if (params[i].isMemRef)
      facts[i].shape = params[i].shape;
    else if (params[i].type.isIntOrIndex())
      facts[i].value = params[i].value.i;
  }
  return facts;
}

void describeArguments(const std::vector<ParamSpec> &params,
                       BenchmarkResult &result) {
  for (const ParamSpec &p : params) {
    BenchmarkArgument a;
    a.name = p.name;
    a.type = p.resolvedType();
    a.isMemRef = p.isMemRef;
    a.shape = p.shape;
    if (p.isMemRef) {
      a.bytes = (int64_t)elementBytes(p.kind);
      for (int64_t s : p.shape)
        a.bytes *= s;
    } else {
      a.value = p.valueText;
    }
    result.arguments.push_back(std::move(a));
  }
}

/// One variant, compiled.
struct Variant {
  std::unique_ptr<Jit> jit;
  std::shared_ptr<const detail::FunctionInfo> function;
};

/// Runs JIT code as the options say (under their guard, if any).
class Runner {
public:
  Runner(const BenchmarkOptions &o, const std::string &function)
      : options(o), function(function) {}

  Error run(const std::string &pipeline, const std::function<void()> &body) {
    if (!options.runGuarded) {
      body();
      return Error();
    }
    if (std::optional<std::string> failure = options.runGuarded(body))
      return Error("@" + function + " (pipeline " + pipeline + ") " + *failure);
    return Error();
  }

private:
  const BenchmarkOptions &options;
  /// The benchmark's: known once the function is found.
  const std::string &function;
};

class Benchmark {
public:
  Benchmark(const ProgramSource &source, std::string function,
            const BenchmarkOptions &options)
      : source(source), function(std::move(function)), options(options),
        runner(options, this->function) {}

  Expected<BenchmarkResult>
  run(std::optional<std::span<const detail::Argument>> arguments);

private:
  void progress(size_t variant, const std::string &what) const {
    if (options.onProgress)
      options.onProgress("[" + std::to_string(variant + 1) + "/" +
                         std::to_string(options.pipelines.size()) + "] " +
                         options.pipelines[variant] + ": " + what);
  }
  Error prepareInputs(std::optional<std::span<const detail::Argument>> args);
  Expected<Variant> compile(size_t i, const CompilePipeline &pipeline);
  Error check(size_t i, const Variant &variant);
  void measureMagnitudes(const Variant &reference);
  Error time(size_t i, const Variant &variant);
  void computeRates();
  void
  bisectMismatches(const std::vector<CompilePipeline> &pipelines,
                   std::optional<std::span<const detail::Argument>> arguments);

  const ProgramSource &source;
  std::string function;
  const BenchmarkOptions &options;
  Runner runner;
  BenchmarkResult result;
  std::vector<ParamSpec> params;
  std::optional<ArgumentSet> inputs, reference;
  std::vector<ScalarResult> referenceResults;
  /// Under fast math: the reference's outputs from non-negative inputs
  /// (measureMagnitudes), the scale of the terms its sums add up.
  std::optional<ArgumentSet> magnitudes;
  std::vector<ScalarResult> magnitudeResults;
  /// Memrefs some variant changes: restored before every repetition.
  std::vector<bool> written;
};

Error Benchmark::prepareInputs(
    std::optional<std::span<const detail::Argument>> args) {
  DiagnosticEngine diag;
  std::unique_ptr<Module> module = source.build(diag);
  if (!module || diag.hadError() || !verifyModule(*module, diag))
    return Error(formatted(diag));
  Expected<FuncOp> fn = findFunction(*module, function);
  if (!fn)
    return fn.error();
  function = fn->getName();
  result.function = function;
  Type type = fn->getFunctionType();
  if (args) {
    if (args->size() != type.getInputs().size())
      return Error("@" + function + " takes " +
                   std::to_string(type.getInputs().size()) +
                   " arguments, got " + std::to_string(args->size()));
    for (size_t i = 0; i < args->size(); ++i) {
      std::string problem = checkArgument((*args)[i], type.getInputs()[i]);
      if (!problem.empty())
        return Error("argument #" + std::to_string(i) + " of @" + function +
                     ": " + problem);
    }
    params = describeParameters(*fn, *args);
  } else {
    Expected<std::vector<ParamSpec>> resolved =
        resolveParameters(*fn, options.inputs);
    if (!resolved)
      return resolved.error();
    params = std::move(*resolved);
  }
  describeArguments(params, result);
  WorkEstimate work = estimateWork(*fn->getOperation(), argumentFacts(params));
  result.flops = work.flops;
  result.bytes = work.bytes;
  result.flopsUnknownReason = work.flopsUnknownReason;
  result.bytesUnknownReason = work.bytesUnknownReason;
  Expected<ArgumentSet> set =
      args ? ArgumentSet::copyOf(params, *args)
           : ArgumentSet::generate(params, options.inputs);
  if (!set)
    return set.error();
  inputs.emplace(std::move(*set));
  written.assign(params.size(), false);
  return Error();
}

Expected<Variant> Benchmark::compile(size_t i,
                                     const CompilePipeline &pipeline) {
  progress(i, "compiling");
  Variant v;
  auto jit = pipeline.createJit();
  if (!jit)
    return Error("failed to create the JIT: " +
                 llvm::toString(jit.takeError()));
  v.jit = std::move(*jit);
  auto start = Clock::now();
  TimingTree timing;
  DiagnosticEngine diag;
  TimingTree::Scope parsing = timePhase(&timing, "parse");
  std::unique_ptr<Module> module = source.build(diag);
  if (!module || diag.hadError())
    return Error(formatted(diag));
  parsing.stop();
  std::optional<LoweredProgram> program =
      pipeline.lower(*module, diag, &timing);
  if (!program)
    return Error(formatted(diag));
  program->module->setModuleIdentifier("affjit.bench." + std::to_string(i));
  // Variants whose passes come out the same (`fuse` and `default`) would
  // share cached code: the variant's number keeps each compile its own.
  Expected<CompiledFunctions> compiled = pipeline.addToJit(
      *v.jit, std::move(*program),
      source.cacheKey + "\nbenchmark variant " + std::to_string(i), nullptr,
      &timing);
  if (!compiled)
    return compiled.error();
  BenchmarkVariant &out = result.variants[i];
  out.compileSeconds =
      std::chrono::duration<double>(Clock::now() - start).count();
  out.compileTimes = timing.times();
  for (auto &fn : *compiled)
    if (fn->name == function)
      v.function = fn;
  if (!v.function)
    return Error("@" + function +
                 " is not in the program compiled with "
                 "pipeline " +
                 out.pipeline);
  if (result.hostCpu.empty())
    result.hostCpu = v.jit->getCpuName();
  return v;
}

Error Benchmark::check(size_t i, const Variant &variant) {
  progress(i, "checking");
  Expected<ArgumentSet> working = inputs->clone();
  if (!working)
    return working.error();
  detail::CallFrame frame(*variant.function, working->arguments());
  {
    // What the kernel prints is discarded in every call the benchmark
    // makes (the checked ones too: stdout holds the report alone, and
    // `affjit run` shows the output).
    OutputSilencer silence;
    if (Error err =
            runner.run(result.variants[i].pipeline, [&frame] { frame.run(); }))
      return err;
  }
  std::vector<ScalarResult> results;
  for (size_t r = 0; r < variant.function->results.size(); ++r)
    results.emplace_back(*variant.function->results[r].kind, frame.result(r));
  if (options.onOutputs) {
    std::vector<BenchmarkBuffer> views = working->views();
    options.onOutputs(i, views);
  }
  const auto &buffers = working->buffers();
  for (size_t a = 0; a < buffers.size(); ++a)
    if (buffers[a] &&
        std::memcmp(buffers[a]->getData(), inputs->buffers()[a]->getData(),
                    buffers[a]->getBytes()) != 0)
      written[a] = true;
  if (i == 0) {
    reference.emplace(std::move(*working));
    referenceResults = std::move(results);
    return Error();
  }
  CompareOptions compare{options.compile.fastMath, options.maxUlps};
  if (magnitudes) {
    compare.magnitudes = &*magnitudes;
    compare.magnitudeResults = &magnitudeResults;
  }
  CompareOutcome outcome =
      compareResults(*reference, referenceResults, *working, results, compare);
  result.variants[i].maxUlps = outcome.maxUlps;
  result.variants[i].mismatch = std::move(outcome.mismatch);
  return Error();
}

Error Benchmark::time(size_t i, const Variant &variant) {
  progress(i, "timing");
  Expected<ArgumentSet> working = inputs->clone();
  if (!working)
    return working.error();
  detail::CallFrame frame(*variant.function, working->arguments());
  TimerOptions timer;
  timer.minTime = options.minTime;
  timer.repetitions = options.repetitions;
  timer.warmup = options.warmup;
  timer.singleCalls = options.cold;
  auto prepare = [&] {
    working->restoreFrom(*inputs, written);
    if (options.cold)
      working->flushFromCaches();
  };
  BenchmarkTiming timing;
  // A kernel that prints would print once per call: 10^5 times and more.
  OutputSilencer silence;
  if (Error err = runner.run(result.variants[i].pipeline, [&] {
        timing = timeCalls([&frame] { frame.run(); }, prepare, timer);
      }))
    return err;
  result.variants[i].time = std::move(timing);
  return Error();
}

/// Runs the reference on the inputs with every float replaced by its
/// magnitude. Where a kernel only adds and multiplies, each output then is
/// the sum of the magnitudes of the terms it sums, the scale of the error
/// that reassociating the sum may make (Higham: |error| <= (n-1) eps
/// sum|terms|); elsewhere it is a heuristic scale of the values involved.
/// Under fast math differences are measured at that scale too, so a
/// vectorized 16M-term dot product whose result cancels to 1e3 is not held
/// to ulps of 1e3. Nothing is kept when the call fails, and non-finite
/// magnitudes are ignored (the tolerance stays as without them).
void Benchmark::measureMagnitudes(const Variant &reference) {
  Expected<ArgumentSet> positive = inputs->clone();
  if (!positive)
    return;
  for (const auto &buffer : positive->buffers())
    if (buffer)
      buffer->takeMagnitudes();
  std::vector<detail::Argument> args(positive->arguments().begin(),
                                     positive->arguments().end());
  for (detail::Argument &a : args)
    if (a.kind == detail::Argument::Kind::Scalar) {
      if (a.scalar == ScalarKind::F32)
        a.value.f32 = std::fabs(a.value.f32);
      else if (a.scalar == ScalarKind::F64)
        a.value.f64 = std::fabs(a.value.f64);
    }
  detail::CallFrame frame(*reference.function, args);
  {
    OutputSilencer silence;
    if (runner.run(result.variants.front().pipeline, [&frame] { frame.run(); }))
      return;
  }
  magnitudeResults.clear();
  for (size_t r = 0; r < reference.function->results.size(); ++r)
    magnitudeResults.emplace_back(*reference.function->results[r].kind,
                                  frame.result(r));
  magnitudes.emplace(std::move(*positive));
}

void Benchmark::computeRates() {
  double reference = result.variants.front().time.median;
  for (BenchmarkVariant &v : result.variants) {
    double t = v.time.median;
    if (t <= 0)
      continue;
    v.speedup = reference / t;
    if (result.flops)
      v.gflops = *result.flops / t / 1e9;
    if (result.bytes)
      v.gbytesPerSecond = *result.bytes / t / 1e9;
  }
}

Expected<BenchmarkResult>
Benchmark::run(std::optional<std::span<const detail::Argument>> arguments) {
  if (Error err = checkOptions(options))
    return err;
  Expected<std::vector<CompilePipeline>> pipelines = createPipelines(options);
  if (!pipelines)
    return pipelines.error();
  for (const std::string &spec : options.pipelines) {
    result.variants.emplace_back();
    result.variants.back().pipeline = spec;
  }
  if (Error err = prepareInputs(arguments))
    return err;
  // Threads libomp starts later inherit the caller's affinity: pinned to
  // one CPU, a parallel kernel would run all its threads there.
  ThreadPin pin(options.pinThread &&
                resolveThreadCount(options.compile.threads) == 1);
  result.pinnedCpu = pin.cpu();
  std::vector<Variant> variants;
  for (size_t i = 0; i < pipelines->size(); ++i) {
    Expected<Variant> v = compile(i, (*pipelines)[i]);
    if (!v)
      return v.error();
    variants.push_back(std::move(*v));
    if (Error err = check(i, variants.back()))
      return err;
    if (i == 0 && options.compile.fastMath)
      measureMagnitudes(variants.front());
  }
  // Timing a variant that computes something else would mean nothing.
  if (!result.agree()) {
    if (options.bisectMismatches)
      bisectMismatches(*pipelines, arguments);
    return result;
  }
  for (size_t i = 0; i < variants.size(); ++i)
    if (Error err = time(i, variants[i]))
      return err;
  computeRates();
  return result;
}

} // namespace

/// `names` up to `count`, as a pipeline spec.
static std::string prefixSpec(const std::vector<std::string> &names,
                              size_t count) {
  std::string spec;
  for (size_t i = 0; i < count; ++i)
    spec += (i ? "," : "") + names[i];
  return spec;
}

void Benchmark::bisectMismatches(
    const std::vector<CompilePipeline> &pipelines,
    std::optional<std::span<const detail::Argument>> arguments) {
  // Each prefix is checked once against the reference; nothing is timed
  // beyond a single call.
  BenchmarkOptions probe = options;
  probe.bisectMismatches = false;
  probe.repetitions = 1;
  probe.warmup = 0;
  probe.onProgress = nullptr;
  probe.onOutputs = nullptr;
  for (size_t i = 1; i < result.variants.size(); ++i) {
    BenchmarkVariant &v = result.variants[i];
    if (!v.mismatch)
      continue;
    std::vector<std::string> names;
    for (const PassInfo *pass : pipelines[i].getPasses().passes)
      names.emplace_back(pass->name);
    for (size_t k = 1; k <= names.size(); ++k) {
      probe.pipelines = {options.pipelines.front(), prefixSpec(names, k)};
      Expected<BenchmarkResult> r =
          runBenchmark(source, function, arguments, probe);
      if (!r)
        break;
      if (r->variants[1].mismatch) {
        v.firstDifferingPass = names[k - 1];
        v.differingPrefix = probe.pipelines[1];
        break;
      }
    }
  }
}

Expected<BenchmarkResult>
runBenchmark(const ProgramSource &source, std::string_view function,
             std::optional<std::span<const detail::Argument>> arguments,
             const BenchmarkOptions &options) {
  Benchmark benchmark(source, std::string(function), options);
  return benchmark.run(arguments);
}

} // namespace affjit::bench

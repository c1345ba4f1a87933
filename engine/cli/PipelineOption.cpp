// The pass pipeline flags shared by the subcommands (PipelineOption.h).
#include "engine/cli/PipelineOption.h"

#include "engine/cli/Contract.h"
#include "engine/cli/Suggest.h"

#include <algorithm>
#include <iostream>
#include <span>

namespace affjit::cli {

CompileOptions PipelineFlags::compileOptions(unsigned optLevel,
                                             bool checked) const {
  CompileOptions options = compile;
  options.optLevel = optLevel;
  options.checked = checked;
  return options;
}

EngineOptions PipelineFlags::engineOptions(unsigned optLevel,
                                           bool checked) const {
  EngineOptions options;
  static_cast<CompileOptions &>(options) = compileOptions(optLevel, checked);
  options.timePasses = timePasses;
  return options;
}

void addTimePassesFlag(CLI::App *cmd, bool &timePasses) {
  cmd->add_flag("--time-passes", timePasses,
                "Print where the compile's time went to stderr: parse, "
                "verify, each pass, lowering, each LLVM pass, code "
                "generation, linking (wall time, as a tree)");
}

void printTimeReport(const CompileTimes &times) {
  std::cerr << times.report();
  std::cerr.flush();
}

/// ", pass-a, pass-b": the registered passes, for the help texts.
static std::string passNames() {
  std::string names;
  for (const PassInfo &pass : passRegistry().passes)
    names += ", " + std::string(pass.name);
  return names;
}

/// The passes a spec can name with their summaries, then what `default`
/// runs and what runs by itself: `--help-passes`.
static void printPassHelp(std::ostream &os) {
  const PassRegistry &registry = passRegistry();
  size_t width = 0;
  for (const PassInfo &pass : registry.passes)
    width = std::max(width, pass.name.size());
  os << "Passes (--pipeline=NAME,NAME{OPTION=VALUE ...},...; --opt-report "
        "and --dump-after take the same names):\n";
  std::string indent(width + 4, ' ');
  for (const PassInfo &pass : registry.passes) {
    os << "  " << pass.name << std::string(width + 2 - pass.name.size(), ' ')
       << pass.summary << "\n"
       << describePassOptions(pass.options, indent);
    for (const PassPrerequisite &p : pass.after)
      os << indent << "runs after " << p.pass << " (without it: " << p.without
         << ")\n";
  }
  auto steps = [&](std::span<const PipelineStep> steps) {
    std::string out;
    for (const PipelineStep &step : steps)
      out += "  " + std::string(step.pass) +
             std::string(width + 2 - step.pass.size(), ' ') +
             std::string(step.reason) + "\n";
    return out;
  };
  std::string implicit;
  for (std::string_view name : registry.implicitPasses)
    implicit += (implicit.empty() ? "" : ", ") + std::string(name);
  os << "\ndefault runs, in order:\n"
     << steps(registry.defaultPipeline)
     << "with more than one thread, default also runs:\n"
     << steps(registry.parallelPipeline)
     << "run by itself last, when a pass relied on distinct memref "
        "arguments (not named in a spec; --assume-distinct-args drops it): "
     << implicit << "\n";
}

void addThreadsOption(CLI::App *cmd, unsigned &threads) {
  cmd->add_option("--threads", threads,
                  "Threads parallel loops run on (0, the default: "
                  "AFFJIT_NUM_THREADS, else every available core; 1 runs "
                  "everything sequentially and leaves parallelize out of "
                  "default)")
      ->check(integerIn(0, 4096));
}

void addTargetOptions(CLI::App *cmd, TargetOptions &flags) {
  cmd->add_option("--target", flags.cpu,
                  "The machine to generate code for: host, or an LLVM x86 "
                  "CPU (x86-64-v3, x86-64-v4, znver3, znver4, skylake-avx512, "
                  "sapphirerapids, ...); run refuses one this host cannot "
                  "execute")
      ->capture_default_str();
  cmd->add_option("--mattr", flags.features,
                  "Features to switch on or off for the target, as llc's "
                  "-mattr: +avx512f,-fma");
  cmd->add_option("--cache", flags.caches,
                  "Cache sizes the passes plan for instead of the target's: "
                  "l1=48K,l2=2M,llc=32M,line=64,l1-ways=12,l2-ways=16");
  // Defined after the options it reads: CLI11 runs callbacks in order.
  cmd->add_flag_callback(
      "--print-target",
      [&flags] {
        std::string error;
        std::optional<TargetModel> target = TargetModel::resolve(
            flags.cpu, flags.features, flags.caches, error);
        if (!target)
          throw CLI::ValidationError(error);
        std::cout << target->summary();
        throw CLI::Success();
      },
      "Print the machine the passes plan for (the target with --mattr and "
      "--cache applied) and exit");
}

std::optional<TargetModel> resolveRunnableTarget(const TargetOptions &flags) {
  std::string error;
  std::optional<TargetModel> target =
      TargetModel::resolve(flags.cpu, flags.features, flags.caches, error);
  if (!target) {
    printError(error);
    return std::nullopt;
  }
  if (std::optional<std::string> why = target->whyHostCannotRun()) {
    printError(*why);
    return std::nullopt;
  }
  return target;
}

void addPipelineOptions(CLI::App *cmd, PipelineFlags &flags) {
  std::string passes = passNames();
  cmd->add_option("--pipeline", flags.compile.pipeline,
                  "Passes to run on the verified module: none, default, or "
                  "pass names separated by commas (known: none, default" +
                      passes + ")")
      ->capture_default_str();
  cmd->add_flag("--verify-each", flags.compile.verifyEach,
                "Verify the module after every pass");
  cmd->add_flag("--fast-math", flags.compile.fastMath,
                "Allow reassociating floating point everywhere (float "
                "reductions get vectorized; results may differ in the last "
                "bits), like clang's -ffast-math");
  cmd->add_flag("--assume-distinct-args", flags.compile.assumeDistinctArgs,
                "Promise that memref arguments of one call never overlap "
                "(like C's restrict): optimized functions skip the run-time "
                "check that falls back to the code as written when they do");
  addThreadsOption(cmd, flags.compile.threads);
  addTargetOptions(cmd, flags.compile.target);
  // A flag with an optional value: `--opt-report` alone means every pass,
  // and it never takes the input file as its list.
  addOptionalValueFlag(cmd, "--opt-report", "all", flags.compile.optReport,
                       "Report the passes' decisions on stderr as "
                       "FILE:LINE:COL: remark: [PASS] ...; =PASS,... for some "
                       "passes only (known: all" +
                           passes + ")");
  cmd->add_option("--dump-after", flags.compile.dumpAfter,
                  "Print the IR after this pass (or all) to stderr (known: "
                  "all" +
                      passes + ")");
  cmd->add_flag_callback(
      "--help-passes",
      [] {
        printPassHelp(std::cout);
        throw CLI::Success();
      },
      "Print what each pass does and what default runs, and exit");
}

std::optional<CompilePipeline> makePipeline(const CompileOptions &options) {
  Expected<CompilePipeline> pipeline = CompilePipeline::create(options);
  if (!pipeline) {
    printError(withPassSuggestion(pipeline.error().message()));
    return std::nullopt;
  }
  return std::move(*pipeline);
}

} // namespace affjit::cli

// The pass registry, pipeline specs and running a pipeline (PassPipeline.h).
#include "frontend/transform/PassPipeline.h"

#include "frontend/analysis/FusionCost.h"
#include "frontend/print/Printer.h"
#include "frontend/transform/AliasGuard.h"
#include "frontend/transform/LoopDistribution.h"
#include "frontend/transform/LoopFusion.h"
#include "frontend/transform/LoopInterchange.h"
#include "frontend/transform/LoopTiling.h"
#include "frontend/transform/NestReport.h"
#include "frontend/transform/NormalizeLoops.h"
#include "frontend/transform/PackInvariants.h"
#include "frontend/transform/PackPanels.h"
#include "frontend/transform/Parallelize.h"
#include "frontend/transform/RaiseScfToAffine.h"
#include "frontend/transform/ReassociateCarried.h"
#include "frontend/transform/ScalarReplacement.h"
#include "frontend/transform/SkewJam.h"
#include "frontend/transform/StreamReductions.h"
#include "frontend/transform/TriangularSplit.h"
#include "frontend/transform/UnrollAndJam.h"
#include "frontend/transform/Vectorize.h"
#include "frontend/verify/Verifier.h"

#include <algorithm>
#include <sstream>
#include <vector>

namespace affjit {

namespace {
constexpr std::string_view kAliasGuard = "alias-guard";
} // namespace

namespace {

using Kind = PassOptionInfo::Kind;

const PassOptionInfo kFuseOptions[] = {
    {"producer-consumer", Kind::Bool,
     "fuse producers into the nests that read what they write"},
    {"siblings", Kind::Bool, "fuse independent nests that read one input"},
    {"compute-tolerance", Kind::Number,
     "the most recomputation a fused nest may add (0.3: 30%)", 0, 1e6},
    {"max-fused-accesses", Kind::Integer,
     "the most affine loads and stores a fused nest may hold", 2, 1e9},
};

const PassOptionInfo kUnrollJamOptions[] = {
    {"max-factor", Kind::Integer, "the most copies of one loop's body", 1, 64},
};

const PassOptionInfo kSplitTriangleOptions[] = {
    {"max-rows", Kind::Integer,
     "the most rows of a block (set it with unroll-jam's max-factor)", 2, 64},
};
const PassOptionInfo kSkewJamOptions[] = {
    {"rows", Kind::Integer, "rows run at once", 2, 64},
};

const PassOptionInfo kNormalizeOptions[] = {
    {"promote-single-iteration", Kind::Bool,
     "replace loops that run once by their body"},
};

const PassOptionInfo kParallelizeOptions[] = {
    {"min-work", Kind::Number,
     "loops whose one run executes fewer op instances stay sequential", 0,
     1e18},
};

bool runFuse(Module &m, PassContext &c) {
  LoopFusionOptions o;
  o.caches = c.getTarget().caches;
  const PassOptionValues &v = c.getPassOptions();
  v.apply("producer-consumer", o.producerConsumer);
  v.apply("siblings", o.sibling);
  v.apply("compute-tolerance", o.computeTolerance);
  v.apply("max-fused-accesses", o.maxFusedAccesses);
  return fuseLoops(m, c, o);
}

bool runUnrollJam(Module &m, PassContext &c) {
  UnrollAndJamOptions o;
  o.target = c.getTarget().vectorization();
  o.caches = c.getTarget().caches;
  c.getPassOptions().apply("max-factor", o.maxFactor);
  return unrollAndJamLoops(m, c, o);
}

bool runSplitTriangle(Module &m, PassContext &c) {
  TriangularSplitOptions o;
  o.target = c.getTarget().vectorization();
  c.getPassOptions().apply("max-rows", o.maxRows);
  return splitTriangles(m, c, o);
}
bool runSkewJam(Module &m, PassContext &c) {
  SkewJamOptions o;
  c.getPassOptions().apply("rows", o.rows);
  return skewAndJamLoops(m, c, o);
}

bool runNormalize(Module &m, PassContext &c) {
  NormalizeLoopsOptions o;
  c.getPassOptions().apply("promote-single-iteration",
                           o.promoteSingleIteration);
  return normalizeLoops(m, c, o);
}

bool runParallelize(Module &m, PassContext &c) {
  ParallelizeOptions o;
  o.minWork = c.getTarget().parallelMinWork;
  c.getPassOptions().apply("min-work", o.minWork);
  return parallelizeLoops(m, c, o);
}

// What passes work on that earlier passes make (PassInfo::after).
constexpr PassPrerequisite kAfterScalrepList[] = {
    {"scalrep", "sums kept in memory (C[i, j] += ...) have no register "
                "accumulators to block"}};
constexpr std::span<const PassPrerequisite> kAfterScalrep = kAfterScalrepList;
constexpr PassPrerequisite kAfterUnrollJamList[] = {
    {"unroll-jam", "it packs what a register-blocked nest re-reads, and "
                   "other nests have nothing to pack"}};
constexpr std::span<const PassPrerequisite> kAfterUnrollJam =
    kAfterUnrollJamList;

} // namespace

const PassRegistry &passRegistry() {
  // Every pass a pipeline spec can name. A new pass is one line here:
  //   {"pass-name", "what it does, in one line", &runPassName},
  static const std::vector<PassInfo> passes = {
      {"raise-scf",
       "scf.for/if/parallel and memref.load/store with affine bounds, "
       "conditions and subscripts raised to the affine dialect",
       [](Module &m, PassContext &c) { return raiseScfToAffine(m, c); },
       /*assumesDistinctArguments=*/false},
      {"fuse",
       "producer-consumer and sibling fusion of loop nests, private buffers",
       runFuse, /*assumesDistinctArguments=*/true, kFuseOptions},
      {"distribute",
       "statements strided along a loop around a nest moved into a copy of "
       "the loop after it, so the loop vectorizes (covariance's cov[j][i])",
       [](Module &m, PassContext &c) { return distributeLoops(m, c); }},
      {"interchange",
       "reduction loops sunk innermost where their loads are reused "
       "(gemm's i,k,j to i,j,k)",
       [](Module &m, PassContext &c) { return interchangeLoops(m, c); }},
      {"tile",
       "loops inside a reuse loop tiled so one of its iterations fits three "
       "quarters of the L2 (gemm's B in Tk x Tj tiles)",
       [](Module &m, PassContext &c) { return tileLoops(m, c); }},
      {"split-triangle",
       "triangular nests (j from i) cut into blocks of register-block rows: "
       "each block's triangle first, then columns unroll-jam can block",
       runSplitTriangle, /*assumesDistinctArguments=*/true,
       kSplitTriangleOptions},
      {"scalrep",
       "stores forwarded to loads of the same element; write-only buffers "
       "removed",
       [](Module &m, PassContext &c) { return replaceScalars(m, c); }},
      {"reassociate",
       "fast math only: loop-carried terms of a sum or product added last "
       "(seidel-2d's A[i][j-1])",
       [](Module &m, PassContext &c) { return reassociateCarriedTerms(m, c); }},
      {"stream-reductions",
       "column-sum reductions strip-mined by rows, strips outside the "
       "parallel loop (streams the rows)",
       [](Module &m, PassContext &c) { return streamReductions(m, c); }},
      {"vectorize",
       "innermost qualifying loop of each nest at the target's SIMD width, "
       "reductions included",
       [](Module &m, PassContext &c) {
         VectorizeOptions o;
         o.target = c.getTarget().vectorization();
         return vectorizeLoops(m, c, o);
       },
       /*assumesDistinctArguments=*/true,
       {},
       {},
       /*doesLlvmLoopWork=*/true},
      {"unroll-jam",
       "register blocking: loops around register accumulators unrolled, "
       "their copies jammed",
       runUnrollJam, /*assumesDistinctArguments=*/true, kUnrollJamOptions,
       kAfterScalrep},
      {"skew-jam",
       "latency hiding: rows around an innermost recurrence run 8 at a "
       "time, each lagging behind the one before (seidel-2d)",
       runSkewJam, /*assumesDistinctArguments=*/true, kSkewJamOptions},
      {"pack",
       "values an inner loop recomputes for every iteration of the loop "
       "around it computed once into a buffer (gemm's alpha * A[i, k])",
       [](Module &m, PassContext &c) { return packInvariants(m, c); },
       /*assumesDistinctArguments=*/true,
       {},
       kAfterUnrollJam},
      {"pack-panels",
       "strided vector loads a row loop re-reads copied once before it "
       "into panels read in order (gemm's B)",
       [](Module &m, PassContext &c) { return packPanels(m, c); },
       /*assumesDistinctArguments=*/true,
       {},
       kAfterUnrollJam},
      {"report",
       "the cost model's view of each nest as remarks: loop order, tiles, "
       "register block, estimated cache traffic (changes nothing)",
       [](Module &m, PassContext &c) { return reportNests(m, c); },
       /*assumesDistinctArguments=*/false},
      {"normalize",
       "affine.for loops from 0 with step 1; loops that run once inlined",
       runNormalize, /*assumesDistinctArguments=*/false, kNormalizeOptions},
      {"parallelize",
       "outermost provably parallel loops to affine.parallel, run on all "
       "threads when the work pays",
       runParallelize, /*assumesDistinctArguments=*/true, kParallelizeOptions},
  };
  // What `default` runs, in order (names from the table above), and why
  // each pass runs where it does.
  static const std::vector<PipelineStep> defaultPipeline = {
      {"raise-scf", "first: scf loops and memref accesses with affine "
                    "subscripts become affine, which the passes work on"},
      {"fuse", "before the loop order and tiles are chosen: they are chosen "
               "for the fused nests"},
      {"distribute", "after fuse, which would merge the loops again; "
                     "before interchange and tile, which see its loops"},
      {"interchange", "before tile: tiles are chosen for the final loop "
                      "order"},
      {"tile", "before the register work: the inner loops of a tile are "
               "what scalrep, vectorize and unroll-jam see"},
      {"split-triangle", "after tile, before scalrep and vectorize: the "
                         "blocks' columns are what they widen and block"},
      {"scalrep", "before vectorize and unroll-jam: the sums it keeps in "
                  "registers are the accumulators they widen and block"},
      {"reassociate", "before vectorize (fast math): a sum's loop-carried "
                      "term added last leaves the rest to vectorize"},
      {"stream-reductions", "before vectorize: the column sums it "
                            "strip-mines are widened along the rows"},
      {"vectorize", "once the loop order is final: widens each nest's "
                    "innermost qualifying loop"},
      {"unroll-jam", "after scalrep and vectorize: blocks their "
                     "accumulators in registers"},
      {"skew-jam", "after unroll-jam: the recurrences along rows it left "
                   "alone"},
      {"pack", "after unroll-jam: what the register block recomputes"},
      {"pack-panels", "after unroll-jam: the loads the register block "
                      "streams"},
      {"report", "last: the nests as they will run"},
  };
  // Appended to `default` when more than one thread is available.
  static const std::vector<PipelineStep> parallelPipeline = {
      {"parallelize", "after every other pass: the outermost parallel loop "
                      "of each final nest runs on all threads"}};
  static const std::vector<std::string_view> implicitPasses = {kAliasGuard};
  static const PassRegistry registry{passes, defaultPipeline, parallelPipeline,
                                     implicitPasses};
  return registry;
}

bool isSelectablePass(std::string_view name, const PassRegistry &registry) {
  return findPass(name, registry) ||
         std::find(registry.implicitPasses.begin(),
                   registry.implicitPasses.end(),
                   name) != registry.implicitPasses.end();
}

const PassInfo *findPass(std::string_view name, const PassRegistry &registry) {
  for (const PassInfo &pass : registry.passes)
    if (pass.name == name)
      return &pass;
  return nullptr;
}

std::optional<std::vector<std::string_view>>
splitPassList(std::string_view spec, std::string_view flag,
              std::string &error) {
  std::optional<std::vector<std::string_view>> names = splitOutsideBraces(spec);
  if (!names) {
    error = "unbalanced braces in " + std::string(flag) + " '" +
            std::string(spec) + "'";
    return std::nullopt;
  }
  for (std::string_view &name : *names) {
    name = trimBlanks(name);
    if (name.empty()) {
      error = "empty pass name in " + std::string(flag) + " '" +
              std::string(spec) + "'";
      return std::nullopt;
    }
  }
  return names;
}

std::string knownPassNames(std::string_view leading,
                           const PassRegistry &registry) {
  std::string names(leading);
  for (const PassInfo &pass : registry.passes)
    names += ", " + std::string(pass.name);
  return names;
}

std::string knownSelectableNames(std::string_view leading,
                                 const PassRegistry &registry) {
  std::string names = knownPassNames(leading, registry);
  for (std::string_view name : registry.implicitPasses)
    names += ", " + std::string(name);
  return names;
}

namespace {

constexpr std::string_view kNone = "none";
constexpr std::string_view kDefault = "default";

/// "none, default, pass-a, pass-b": every word a spec may use.
std::string knownNames(const PassRegistry &registry) {
  return knownPassNames(std::string(kNone) + ", " + std::string(kDefault),
                        registry);
}

/// Appends the passes of `default`; false with `error` if the table names
/// a pass that does not exist (a mistake in the registry, not in the spec).
bool appendDefault(const PassRegistry &registry, PassPipeline &pipeline,
                   unsigned threads, std::string &error) {
  std::vector<std::string_view> names;
  for (const PipelineStep &step : registry.defaultPipeline)
    names.push_back(step.pass);
  if (threads > 1)
    for (const PipelineStep &step : registry.parallelPipeline)
      names.push_back(step.pass);
  for (std::string_view name : names) {
    const PassInfo *pass = findPass(name, registry);
    if (!pass) {
      error = "the default pipeline names the unknown pass '" +
              std::string(name) + "'";
      return false;
    }
    pipeline.passes.push_back(pass);
    pipeline.options.emplace_back();
  }
  return true;
}

} // namespace

std::optional<PassPipeline> parsePassPipeline(std::string_view spec,
                                              std::string &error,
                                              const PassRegistry &registry,
                                              unsigned threads) {
  spec = trimBlanks(spec);
  if (spec.empty()) {
    error = "empty --pipeline (expected none, default or pass names "
            "separated by commas)";
    return std::nullopt;
  }
  PassPipeline pipeline;
  if (spec == kNone)
    return pipeline;
  std::optional<std::vector<std::string_view>> items =
      splitPassList(spec, "--pipeline", error);
  if (!items)
    return std::nullopt;
  for (std::string_view item : *items) {
    size_t brace = item.find('{');
    std::string_view name = trimBlanks(item.substr(0, brace));
    std::string_view optionText;
    if (brace != std::string_view::npos) {
      if (item.back() != '}') {
        error = "text after the options of '" + std::string(name) +
                "' in --pipeline '" + std::string(spec) + "'";
        return std::nullopt;
      }
      optionText = item.substr(brace + 1, item.size() - brace - 2);
      if (name == kDefault || name == kNone) {
        error = "'" + std::string(name) +
                "' takes no options in --pipeline; give them to the pass "
                "(e.g. default,fuse{siblings=false} runs fuse again)";
        return std::nullopt;
      }
    }
    if (name == kDefault) {
      if (!appendDefault(registry, pipeline, threads, error))
        return std::nullopt;
      continue;
    }
    if (name == kNone) {
      error = "'none' cannot be combined with other passes in --pipeline '" +
              std::string(spec) + "'";
      return std::nullopt;
    }
    const PassInfo *pass = findPass(name, registry);
    if (!pass) {
      error = "unknown pass '" + std::string(name) +
              "' in --pipeline (known: " + knownNames(registry) + ")";
      return std::nullopt;
    }
    std::optional<PassOptionValues> options =
        PassOptionValues::parse(optionText, name, pass->options, error);
    if (!options)
      return std::nullopt;
    pipeline.passes.push_back(pass);
    pipeline.options.push_back(std::move(*options));
  }
  return pipeline;
}

std::string describePassPipeline(const PassPipeline &pipeline) {
  std::string names;
  for (size_t i = 0; i < pipeline.passes.size(); ++i)
    names +=
        (names.empty() ? "" : ",") + std::string(pipeline.passes[i]->name) +
        (i < pipeline.options.size() ? pipeline.options[i].describe() : "");
  return names;
}

/// The IR after `pass`, as mlir-opt's --mlir-print-ir-after shows it.
static void dumpAfter(std::string_view pass, const Module &module,
                      std::ostream &os) {
  os << "// -----// IR Dump After " << pass << " //----- //\n";
  printModule(module, os);
  os << '\n';
  os.flush();
}

/// The context a pass (or an implicit step) named `name` runs in.
static PassContext contextFor(std::string_view name, DiagnosticEngine &diag,
                              const PassRunOptions &options) {
  bool reported = options.onRemark && options.report.contains(name);
  PassContext context(diag, name, reported ? options.onRemark : RemarkSink(),
                      options.fastMath, options.threads);
  context.setTarget(options.target);
  return context;
}

/// Remarks, when `pipeline`'s pass `index` is reported, for each pass it
/// works after that the pipeline does not run before it.
static void reportMissingPrerequisites(const PassPipeline &pipeline,
                                       size_t index, const Module &module,
                                       const PassContext &context) {
  const auto &ops = module.getBody().getOperations();
  if (!context.remarksEnabled() || ops.empty())
    return;
  auto earlier = [&](std::string_view name) {
    for (size_t i = 0; i < index; ++i)
      if (pipeline.passes[i]->name == name)
        return true;
    return false;
  };
  for (const PassPrerequisite &p : pipeline.passes[index]->after)
    if (!earlier(p.pass))
      context.remark(ops.front()->getLoc(),
                     "runs without '" + std::string(p.pass) +
                         "' before it: " + std::string(p.without));
}

static bool assumesDistinctArguments(const PassPipeline &pipeline) {
  return std::any_of(
      pipeline.passes.begin(), pipeline.passes.end(),
      [](const PassInfo *pass) { return pass->assumesDistinctArguments; });
}

bool runPassPipeline(Module &module, const PassPipeline &pipeline,
                     DiagnosticEngine &diag, const PassRunOptions &options) {
  std::optional<AliasGuardSnapshot> guard;
  if (!options.assumeDistinctArgs && assumesDistinctArguments(pipeline))
    guard = snapshotForAliasGuard(module);
  if (guard && guard->functions.empty())
    guard.reset();
  std::vector<SetAsideFunction> fallbacks = setAsideFallbacks(module);
  for (size_t i = 0; i < pipeline.passes.size(); ++i) {
    const PassInfo *pass = pipeline.passes[i];
    unsigned errorsBefore = diag.getNumErrors();
    PassContext context = contextFor(pass->name, diag, options);
    if (i < pipeline.options.size())
      context.setPassOptions(&pipeline.options[i]);
    reportMissingPrerequisites(pipeline, i, module, context);
    TimingTree::Scope timed = timePhase(options.timing, pass->name);
    bool ok = pass->run(module, context);
    timed.stop();
    if (ok && diag.getNumErrors() == errorsBefore && options.verifyEach &&
        !verifyModule(module, diag))
      diag.emit(Severity::Note, Location(),
                "the module does not verify after pass '" +
                    std::string(pass->name) + "'");
    if (!ok && diag.getNumErrors() == errorsBefore)
      diag.error(Location(), "pass '" + std::string(pass->name) + "' failed");
    if (diag.getNumErrors() != errorsBefore) {
      restoreFallbacks(std::move(fallbacks));
      return false;
    }
    if (options.dumpStream && options.dumpAfter.contains(pass->name))
      dumpAfter(pass->name, module, *options.dumpStream);
  }
  restoreFallbacks(std::move(fallbacks));
  if (guard) {
    PassContext context = contextFor(kAliasGuard, diag, options);
    TimingTree::Scope timed = timePhase(options.timing, kAliasGuard);
    guardArgumentAliasing(module, std::move(*guard), context);
    if (options.dumpStream && options.dumpAfter.contains(kAliasGuard))
      dumpAfter(kAliasGuard, module, *options.dumpStream);
  }
  return true;
}

} // namespace affjit

// The pass pipeline: which transformations run on a verified module before
// it is lowered, chosen by a spec such as `--pipeline=default`. The spec is
// `none` (no passes), `default` (the passes affjit runs unless told
// otherwise) or a comma-separated list of pass names from the registry.
// Passes work on verified IR and keep it verified; `verifyEach` checks that
// after every pass. Running a pipeline also routes the passes' remarks to
// whoever asked for their report and dumps the IR after chosen passes.
#pragma once

#include "frontend/ir/Diagnostics.h"
#include "frontend/ir/IR.h"
#include "frontend/ir/Timing.h"
#include "frontend/target/TargetModel.h"
#include "frontend/transform/PassContext.h"
#include "frontend/transform/PassSelection.h"

#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace affjit {

/// A transformation of a whole module. `run` reports problems through the
/// context's diagnostics, its decisions as the context's remarks, and
/// returns false if the module could not be transformed.
/// A pass whose output another works on, and what is missed without it.
struct PassPrerequisite {
  std::string_view pass;
  std::string_view without;
};

/// One step of `default`: the pass and why it runs where it does.
struct PipelineStep {
  std::string_view pass;
  std::string_view reason;
};

struct PassInfo {
  std::string_view name;
  std::string_view summary;
  bool (*run)(Module &, PassContext &);
  /// Whether the pass decides legality from the dependence analysis, which
  /// takes memref arguments to be distinct buffers: the pipeline then ends
  /// with the alias guard (AliasGuard.h).
  bool assumesDistinctArguments = true;
  /// The options a spec may give it (`fuse{siblings=false}`); the pass
  /// reads them from PassContext::getPassOptions.
  std::span<const PassOptionInfo> options = {};
  /// The passes whose output it works on: named without one of them
  /// earlier in a spec, it still runs, and its report says what it may
  /// find undone.
  std::span<const PassPrerequisite> after = {};
  /// Whether it leaves the loop work LLVM's loop vectorizer and unroller
  /// would do done (vectorized, register-blocked loops): modules it ran on
  /// get LLVM's finishing pipeline without them.
  bool doesLlvmLoopWork = false;
};

/// The passes a spec can name, and what `default` stands for.
struct PassRegistry {
  std::span<const PassInfo> passes;
  /// What `default` expands to, in order.
  std::span<const PipelineStep> defaultPipeline;
  /// Appended to `default` when more than one thread is available.
  std::span<const PipelineStep> parallelPipeline = {};
  /// Steps the pipeline runs by itself (the alias guard): a spec cannot
  /// name them, but --opt-report and --dump-after can.
  std::span<const std::string_view> implicitPasses = {};
};

/// affjit's passes (the table in PassPipeline.cpp).
const PassRegistry &passRegistry();

/// The registered pass named `name`, or null.
const PassInfo *findPass(std::string_view name, const PassRegistry &registry);
/// Whether `name` is a registered pass or one of the implicit steps.
bool isSelectablePass(std::string_view name, const PassRegistry &registry);
/// The blank-trimmed items of a comma-separated list (a pass's braces
/// keep their commas: splitOutsideBraces); nullopt with `error` ("empty
/// pass name in FLAG '...'", "unbalanced braces in FLAG '...'") if one is
/// empty or the braces do not pair up.
std::optional<std::vector<std::string_view>>
splitPassList(std::string_view spec, std::string_view flag, std::string &error);
/// `leading` then every pass name of `registry`, comma-separated: the
/// "known: ..." part of an unknown-name error.
std::string knownPassNames(std::string_view leading,
                           const PassRegistry &registry);
/// The same, with the implicit steps: the names a selection may use.
std::string knownSelectableNames(std::string_view leading,
                                 const PassRegistry &registry);

/// The passes to run, in order, each with the options the spec gave it.
struct PassPipeline {
  std::vector<const PassInfo *> passes;
  /// One per pass (empty for passes given none).
  std::vector<PassOptionValues> options;
};

/// Parses `spec` against `registry`: `none`, `default`, or pass names
/// separated by commas (`default` may appear in a list, standing for its
/// passes), each optionally with options in braces (`fuse{siblings=false}`,
/// PassOptions.h). On an empty spec, an unknown name or a bad option
/// returns nullopt with `error` set, e.g. "unknown pass 'foo' in
/// --pipeline (known: none, default)".
/// `threads` is how many threads the compiled code may use: with more than
/// one, `default` also runs the registry's parallel passes.
std::optional<PassPipeline>
parsePassPipeline(std::string_view spec, std::string &error,
                  const PassRegistry &registry = passRegistry(),
                  unsigned threads = 1);

/// The names of a pipeline's passes with their options (`fuse{a=1}`),
/// joined by commas ("" for none): what the pipeline does, independent of
/// how the spec spelled it.
std::string describePassPipeline(const PassPipeline &pipeline);

struct PassRunOptions {
  /// Verify the module after every pass; a pass that breaks it stops the
  /// pipeline with the verifier's errors and a note naming the pass.
  bool verifyEach = false;
  /// Floating-point reassociation allowed everywhere (PassContext).
  bool fastMath = false;
  /// Threads the compiled code may use (PassContext).
  unsigned threads = 1;
  /// The caller promises that memref arguments never overlap: the
  /// pipeline does not end with the alias guard.
  bool assumeDistinctArgs = false;
  /// The passes whose remarks go to `onRemark` (none by default).
  PassSelection report;
  RemarkSink onRemark;
  /// The passes after which the module is printed to `dumpStream`, headed
  /// like mlir-opt's --mlir-print-ir-after
  /// (`// -----// IR Dump After normalize //----- //`).
  PassSelection dumpAfter;
  std::ostream *dumpStream = nullptr;
  /// Times each pass (`--time-passes`) when not null.
  TimingTree *timing = nullptr;
  /// The machine the passes plan for; the host's when null.
  const TargetModel *target = nullptr;
};

/// Runs the passes in order on `module` (which must verify); false, with
/// diagnostics, as soon as one fails.
bool runPassPipeline(Module &module, const PassPipeline &pipeline,
                     DiagnosticEngine &diag,
                     const PassRunOptions &options = {});

} // namespace affjit

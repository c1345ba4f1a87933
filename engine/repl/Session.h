// A REPL session: the program being defined (Definitions), the buffers the
// user allocated, and the JIT that runs them. Compilation is lazy: a call
// compiles the program (through the compile pipeline, engine/Pipeline.h)
// only if a definition changed since the last call, unloading the previous
// code (its resource tracker) first so functions can be redefined. Calls go
// through the C++ API's call path (engine/api/CallFrame.h), checked against
// signatures, and are guarded, so a crash in JIT code is reported and the
// session keeps its buffers and functions.
#pragma once

#include "affjit/Engine.h"
#include "engine/Pipeline.h"
#include "engine/api/CallFrame.h"
#include "engine/jit/Jit.h"
#include "engine/repl/Definitions.h"
#include "engine/repl/SessionBuffer.h"
#include "engine/repl/Timing.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace affjit::repl {

/// Optimization level, checked mode and pass pipeline of the session's
/// compiles.
using SessionOptions = CompileOptions;

/// A compiled function bound to checked arguments, ready to run (again).
struct BoundCall {
  std::shared_ptr<const detail::FunctionInfo> function;
  std::vector<detail::Argument> args;
  /// Points into `args`; emplaced last.
  std::optional<detail::CallFrame> frame;
  /// After a run: its scalar results as `value : type` (formatResults).
  std::vector<std::string> results;
};

class Session {
public:
  explicit Session(SessionOptions options = {});
  ~Session();

  Definitions &getDefinitions() { return definitions; }
  const Definitions &getDefinitions() const { return definitions; }
  const SessionOptions &getOptions() const { return options; }
  /// Replaces the compile settings (`:set`): the next call compiles again
  /// even if no definition changed, so reports, passes, thread count, fast
  /// math and checked mode take effect; a new optimization level also
  /// replaces the JIT. Buffers keep their contents. An error naming a bad
  /// pass keeps the old settings.
  Error setOptions(SessionOptions newOptions);
  /// The thread count parallel loops are compiled for (the setting
  /// resolved: AFFJIT_NUM_THREADS or the cores when it is 0).
  unsigned getThreads() const;
  /// The machine the session compiles for (`--target`, else the host).
  const TargetModel &getTarget() const;

  //===-- buffers ---------------------------------------------------------===//
  /// Creates (or replaces) buffer `name` (with its `%`).
  Error allocBuffer(const std::string &name, Type type, BufferFill fill);
  SessionBuffer *lookupBuffer(const std::string &name);
  bool freeBuffer(const std::string &name);
  const std::map<std::string, std::unique_ptr<SessionBuffer>> &
  getBuffers() const {
    return buffers;
  }

  //===-- compiling and calling -------------------------------------------===//
  /// Compiles the definitions if they changed since the last compile.
  Error compile();
  /// Compiles if needed and binds `function` to `args` (checked against its
  /// signature).
  Error bind(const std::string &function, std::vector<detail::Argument> args,
             BoundCall &call);
  /// Runs a bound call guarded; an error if it did not finish. A program
  /// with parallel loops runs in a child process (IsolatedCall.h), others
  /// under the in-process crash guard. Either way a failed call leaves the
  /// buffers it was passed as they were before it (when memory for a copy
  /// could be had), and buffers a successful call changed are marked
  /// "written by @f".
  Error run(BoundCall &call);
  /// Times repeated runs of a bound call under one guard, so that the
  /// guard's own cost (signal handler changes, the fork) stays out of the
  /// times.
  Error runTimed(BoundCall &call, const TimingOptions &timing,
                 TimingResult &result);
  /// Whether calls of the compiled program run in a child process: it has
  /// parallel loops (whose crashes the in-process guard cannot survive) and
  /// no writable memref.global (whose changes a child could not hand back).
  bool callsRunIsolated() const { return isolateCalls; }
  /// The call's scalar results as `value : type` (memref results are
  /// described, not kept).
  std::vector<std::string> formatResults(const BoundCall &call) const;

  /// Creates the JIT on first use.
  Error ensureJit();
  /// The JIT; only after ensureJit succeeded.
  Jit &getJit() { return *jit; }
  /// A copy of the program after the pass pipeline; null with the
  /// diagnostics in `errors` if a pass fails.
  std::unique_ptr<Module> transformed(std::string &errors) const;
  /// The program through the pass pipeline and lowered to LLVM IR
  /// (unoptimized); nullopt with the diagnostics in `errors` if it cannot
  /// be.
  std::optional<LoweredProgram> lower(std::string &errors) const;

private:
  /// run() and runTimed(): `timing` and `result` only for the latter.
  Error execute(BoundCall &call, const TimingOptions *timing,
                TimingResult *result);
  /// The distinct session buffers among `call`'s arguments.
  std::vector<SessionBuffer *> buffersOf(const BoundCall &call);
  SessionOptions options;
  Expected<CompilePipeline> pipeline;
  Definitions definitions;
  std::map<std::string, std::unique_ptr<SessionBuffer>> buffers;
  std::unique_ptr<Jit> jit;
  llvm::orc::ResourceTrackerSP tracker;
  std::map<std::string, std::shared_ptr<const detail::FunctionInfo>> compiled;
  unsigned compiledGeneration = 0;
  /// The settings changed since the last compile.
  bool settingsChanged = false;
  bool isolateCalls = false;
  unsigned moduleCount = 0;
};

} // namespace affjit::repl

// A REPL session: the program being defined (Definitions), the buffers the
// user allocated, and the JIT that runs them. Compilation is lazy: a call
// compiles the program only if a definition changed since the last call,
// unloading the previous code (its resource tracker) first so functions can
// be redefined. Calls are checked against signatures and guarded, so a crash
// in JIT code is reported and the session keeps its buffers and functions.
#pragma once

#include "affjit/Engine.h"
#include "engine/jit/Jit.h"
#include "engine/repl/Definitions.h"
#include "engine/repl/SessionBuffer.h"
#include "engine/repl/Timing.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace affjit::repl {

struct SessionOptions {
  /// LLVM optimization level 0..3.
  unsigned optLevel = 3;
  /// Bounds-check every memref access (an out-of-bounds access stops the
  /// call with a diagnostic instead of corrupting memory).
  bool checked = false;
};

/// A compiled function ready to call: the packed wrapper and its type.
struct BoundCall {
  void (*packed)(void **) = nullptr;
  Type type;
  std::vector<Argument> args;
  /// Argument slots plus the result slot, as the packed wrapper takes them.
  std::vector<void *> slots;
  std::vector<unsigned char> result;
};

class Session {
public:
  explicit Session(SessionOptions options = {});
  ~Session();

  Definitions &getDefinitions() { return definitions; }
  const Definitions &getDefinitions() const { return definitions; }
  const SessionOptions &getOptions() const { return options; }

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
  Error bind(const std::string &function, std::vector<Argument> args,
             BoundCall &call);
  /// Runs a bound call under the crash guard; an error if it did not finish.
  Error run(BoundCall &call);
  /// Times repeated runs of a bound call under one crash guard, so that the
  /// guard's own cost (signal handler changes) stays out of the times.
  Error runTimed(BoundCall &call, const TimingOptions &timing,
                 TimingResult &result);
  /// The call's scalar results as `value : type` (memref results are
  /// described, not kept).
  std::vector<std::string> formatResults(const BoundCall &call) const;

  /// Creates the JIT on first use.
  Error ensureJit();
  /// The JIT; only after ensureJit succeeded.
  Jit &getJit() { return *jit; }
  /// The program lowered to a new LLVM module in `context` (unoptimized);
  /// null with the diagnostics in `errors` if it cannot be lowered.
  std::unique_ptr<llvm::Module> lower(llvm::LLVMContext &context,
                                      std::string &errors) const;

private:
  SessionOptions options;
  Definitions definitions;
  std::map<std::string, std::unique_ptr<SessionBuffer>> buffers;
  std::unique_ptr<Jit> jit;
  llvm::orc::ResourceTrackerSP tracker;
  std::map<std::string, void (*)(void **)> compiled;
  unsigned compiledGeneration = 0;
  unsigned moduleCount = 0;
};

} // namespace affjit::repl

// One call of a compiled function, the single call path of the C++ API
// (Function, Engine::invoke) and the REPL (:call, :run, :time): arguments
// are checked against the signature once, placed in the slots the packed
// wrapper reads, and the result slot it writes is read back as typed
// scalars. A frame may run many times (timing loops) with the same
// arguments.
#pragma once

#include "affjit/Engine.h"
#include "engine/api/FunctionInfo.h"

#include <memory>
#include <span>
#include <vector>

namespace affjit::detail {

class CallFrame {
public:
  /// Why `args` cannot be passed to `fn` (count, then each argument as
  /// checkArgument says, naming the function and argument); empty if they
  /// can.
  static Error check(const FunctionInfo &fn, std::span<const Argument> args);

  /// Binds checked `args`; `fn` and `args` must outlive the frame (scalar
  /// slots point into the arguments).
  CallFrame(const FunctionInfo &fn, std::span<const Argument> args);
  CallFrame(const CallFrame &) = delete;
  CallFrame &operator=(const CallFrame &) = delete;

  const FunctionInfo &function() const { return *fn; }
  /// Runs the call (again); results overwrite the previous run's.
  void run() { fn->packed(slots); }
  /// Scalar result `i` of the last run (zero for non-scalar results).
  ScalarValue result(size_t i) const;
  /// Every result of the last run; `out` keeps `owner` (which must own
  /// this frame's function) for its type checks.
  void collect(const std::shared_ptr<const FunctionInfo> &owner,
               Results &out) const;

private:
  const FunctionInfo *fn;
  /// Argument slots then the result slot; inline for up to 15 arguments,
  /// so that a call allocates nothing.
  void *inlineSlots[16];
  std::unique_ptr<void *[]> heapSlots;
  void **slots;
  /// The result slot: inline for the usual few scalars, else on the heap.
  struct alignas(kResultAlignment) Block {
    unsigned char bytes[kResultAlignment];
  };
  Block inlineResult[2];
  std::unique_ptr<Block[]> heapResult;
  unsigned char *resultSlot;
};

} // namespace affjit::detail

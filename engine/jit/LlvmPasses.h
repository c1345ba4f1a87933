// The choice of LLVM pipeline for a module, apart from the JIT (Jit.h) so
// that the compile pipeline's users need not parse ORC's headers.
#pragma once

namespace affjit {

/// Which LLVM pipeline optimizes a module (at levels 2 and 3).
enum class LlvmPipeline {
  /// LLVM's default pipeline for the level: for code as the user wrote it.
  Default,
  /// A shorter pipeline for code whose loops affjit's passes already
  /// vectorized, unrolled and jammed: clean-up, loop-invariant motion, full
  /// unrolling of short loops, LLVM's vectorizers for what affjit left
  /// scalar. Half of O3's optimization time, and as fast (Jit.cpp).
  Finishing,
};

/// How the JIT turns a module into code: the LLVM pipeline, and whether the
/// optimized code is instrumented for the traffic measurement
/// (TraceMemoryAccesses.h).
struct LlvmPasses {
  LlvmPasses(LlvmPipeline pipeline = LlvmPipeline::Default,
             bool traceMemory = false)
      : pipeline(pipeline), traceMemory(traceMemory) {}
  LlvmPipeline pipeline;
  bool traceMemory;
};

} // namespace affjit

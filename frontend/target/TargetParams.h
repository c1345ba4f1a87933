// The numbers of the machine model that analyses and passes plan with:
// plain data, filled in by TargetModel (TargetModel.h), header-only so that
// the analyses need no link dependency on frontend/target.
#pragma once

#include <cstdint>

namespace affjit {

/// Data cache sizes in bytes.
struct CacheSizes {
  int64_t l1 = 32 * 1024, l2 = 1024 * 1024;
  /// The last level (L3, shared by the cores; the L2 where there is none).
  int64_t last = 8 * 1024 * 1024;
  /// Ways of the L1 data cache and the L2, and the line size: what the
  /// traffic measurement's simulated caches are built like.
  int64_t l1Ways = 8, l2Ways = 8, lineBytes = 64;
  // The host's: TargetModel::host().caches (frontend/target).
};

struct VectorizationTarget {
  /// Bits of one vector register (512 with AVX-512).
  unsigned vectorBits = 512;
  /// Vector registers the target has (32 with AVX-512, 16 with AVX):
  /// how many accumulators register blocking may keep.
  unsigned vectorRegisters = 32;
  /// Float reductions may be reassociated everywhere.
  bool fastMath = false;
  /// Registers' worth of lanes per vector op (LLVM splits a wider vector
  /// into registers): independent accumulators that hide the add latency
  /// and more of each cache line and page per visit. Fewer where the loop
  /// runs fewer iterations; one where it calls a math library function
  /// (MathFunctions.h: the call clobbers every register) or streams a
  /// horizontal reduction from memory (streamingBytes). 4 (64 f32 lanes with
  /// AVX-512): column sums of 4096x4096 f32 take 6 ms where 1 takes 19 and 8
  /// takes 4.5, and seed 002's kernel still compiles as fast as unvectorized; 8
  /// doubles LLVM's code generation time.
  unsigned interleave = 4;
  /// The same for a loop around an inner loop that carries values: its
  /// lanes become that loop's accumulators, which unroll-jam copies once
  /// per row of a register block. Four with AVX-512's 32 registers, two
  /// with AVX2's 16 (3 rows x 4 ymm spilled; 5 or 6 rows x 2 fit: gemm
  /// 1024^3 60 -> 45 ms), while horizontal reductions keep four (layernorm's
  /// sums with --fast-math: 577 us with two, as unoptimized code with LLVM's
  /// four: 503 us).
  unsigned accumulatorInterleave = 4;
  /// A nest touching more bytes than this (the last-level cache) streams
  /// from memory; 0: never assumed. A horizontal reduction over such a
  /// stream keeps one register of partial sums and is not unrolled: row
  /// sums of 4096x4096 f32 took 3.85 ms with 4 registers unrolled by LLVM
  /// and 2.92 with one, as fast as gcc's loop of one load and one add per
  /// vector (the hardware prefetcher keeps ahead of fewer loads in
  /// flight); from the last-level cache, 4 registers stay faster (2048x2048:
  /// 254 against 274 us).
  int64_t streamingBytes = 0;
};

} // namespace affjit

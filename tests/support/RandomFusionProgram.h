// Deterministic random generator of runnable, fusion-heavy affine programs
// in MLIR 19 textual form: a `func.func @main()` that fills inputs, runs a
// chain of top-level loop nests through temporaries and prints the results
// with printMemrefF32/I32. The loop fusion pass is tested on these: fused
// and unfused runs (and mlir-cpu-runner on the original) must print the
// same. Every access is in bounds and every value is a small integer, so
// sums are exact in f32 and a reordered reduction would still show up only
// as a real miscompile, never as rounding noise.
#pragma once

#include <cstdint>
#include <string>

namespace affjit::test {

/// What the generator may emit. Ranges are inclusive; percentages are the
/// chance of a feature at each place where it could appear.
struct FusionGenOptions {
  /// Top-level compute nests after the input fills (a memory reduction with
  /// a separate zero-fill nest counts once).
  int minNests = 2, maxNests = 5;
  /// Input memrefs, each filled by its own nest.
  int minInputs = 1, maxInputs = 3;
  /// Extents of the three index spaces programs draw shapes from; sizes
  /// that are (or, shortened by the shifted reads' 1 or 2, become)
  /// multiples of 16 are skipped.
  int minSize = 3, maxSize = 23;
  /// The program has dynamic extents (memref<?x...>, memref.alloc(%n)).
  int percentDynamic = 30;
  /// Every memref holds i32 instead of f32.
  int percentI32 = 25;
  /// A temporary is a memref.alloca rather than a memref.alloc.
  int percentAlloca = 20;
  /// A temporary read by a later nest is printed at the end anyway.
  int percentLiveOut = 30;
  /// A nest reduces (iter_args or memory) rather than being elementwise.
  int percentReduction = 40;
  /// A nest starts from an input or an older temporary instead of the
  /// newest one (sibling nests, longer-lived temporaries).
  int percentOlderSource = 30;
};

/// The program for `seed`: one function @main, one op a line.
std::string generateFusionProgram(uint64_t seed,
                                  const FusionGenOptions &opts = {});

} // namespace affjit::test

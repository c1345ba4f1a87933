// Deterministic random generator of affine loop-nest programs in MLIR 19
// textual form, for differential testing of the dependence analysis against
// `mlir-opt -test-memref-dependence-check`. The same seed and options give
// the same text on every machine and standard library (std::mt19937_64 with
// our own bounded draws; no std distributions).
#pragma once

#include <cstdint>
#include <string>

namespace affjit::test {

/// What the generator may emit. Ranges are inclusive. Percentages are the
/// chance of a feature at each place where it could appear.
struct GeneratorOptions {
  /// Index arguments of @f (%N, %M), usable as symbols.
  int minSymbols = 0, maxSymbols = 2;
  /// memref.alloc()s of 1-D..maxRank-D f32 memrefs with static sizes.
  int minMemrefs = 1, maxMemrefs = 3, maxRank = 3;
  /// Sometimes a memref function argument %A.
  bool memrefArgument = true;
  /// Sometimes one `?` leading dimension, allocated with memref.alloc(%N).
  bool dynamicDims = true;
  /// Top-level loop nests (ignored when accessesPerNest > 0).
  int minNests = 1, maxNests = 3;
  /// Depth of each nest, and the number of affine.for ops in it (siblings).
  int minDepth = 1, maxDepth = 3, maxLoopsPerNest = 4;
  /// affine.load/affine.store ops in the whole program.
  int minAccesses = 2, maxAccesses = 6;
  /// If > 0: ceil(accesses / accessesPerNest) nests, accesses spread evenly.
  int accessesPerNest = 0;
  /// Chance that an access lands in an innermost loop rather than any loop.
  int percentInnermost = 75;
  int percentStore = 50;
  /// affine.if around a body item (half as often around a whole nest).
  int percentIf = 20;
  /// Subscripts through an affine.apply result.
  int percentApply = 15;
  /// floordiv/ceildiv/mod by 2..4 in a subscript.
  int percentDivMod = 20;
  /// Loop bounds with symbols, and bounds on outer induction variables.
  int percentSymbolicBound = 25, percentIvBound = 25;
  int maxStep = 3;

  /// One function with `numAccesses` accesses in 3-deep nests of about
  /// `accessesPerNest` accesses each, over `numMemrefs` memrefs.
  static GeneratorOptions
  forBenchmark(int numAccesses, int accessesPerNest = 10, int numMemrefs = 20);
};

/// The program for `seed`: one `func.func @f`, no comments, one op a line.
std::string generateAffineProgram(uint64_t seed,
                                  const GeneratorOptions &opts = {});

/// Seed of program #index of the stream seeded with `baseSeed`
/// (baseSeed + index, so program #0 of seed S is generateAffineProgram(S)).
uint64_t programSeed(uint64_t baseSeed, uint64_t index);

/// Number of affine.load and affine.store ops in a generated program.
int countAffineAccesses(const std::string &program);

} // namespace affjit::test

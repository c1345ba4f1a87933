// Memref regions (seed 002, "4. isFusionProfitable": the "src write region
// size" that loop fusion weighs, computed there by MLIR's
// MemRefRegion::compute and getRegionSize): the set of elements of one memref
// that an access, or all accesses of a loop nest, read or write.
//
// A region at loop depth D is a ConstraintSystem whose dims are the memref's
// dimensions. Its symbols are the outer D induction variables around the
// access (the region is parametric in them) and the loop-invariant values the
// bounds and subscripts use; the inner induction variables, the divisions of
// floordiv/mod subscripts and the offsets inside a vector or DMA transfer are
// existentially quantified locals. Unlike MLIR, which projects the inner
// loops out with Fourier-Motzkin (a rational over-approximation), the locals
// are kept, so the set is exact over the integers, and the bounding box is
// read off with the Omega test (OmegaTest.h). Loop steps and the conditions
// of enclosing affine.if ops are part of the set (MLIR ignores the latter);
// an else-region is bounded by the negated condition when that is one
// inequality, and over-approximated otherwise (the complement of several
// constraints is not convex), as is a stepped loop whose lower bound is a
// max of several values.
//
// The union over several accesses is kept as a list of parts, one per access,
// rather than MLIR's bounding box of the union, so it loses nothing; sizes
// are those of the union's bounding box, as MLIR's getRegionSize reports.
// Anything not affine, or an analysis over its limits, gives std::nullopt.
#pragma once

#include "frontend/analysis/MemRefAccess.h"

#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace affjit {

struct RegionOptions {
  /// Adds `0 <= d_r` and, for static dims, `d_r <= size - 1` to the region
  /// (MLIR's addMemRefDimBounds): the part of the access that lies inside
  /// the memref. The bounds check turns this off.
  bool addMemRefDimBounds = true;
  /// Includes every element a vector access or DMA transfer touches, not
  /// only its first one (MLIR counts the first one only).
  bool transferExtents = true;
};

/// One dimension of a region's constant bounding box.
struct RegionDimBox {
  /// The smallest index the region touches, over all values of its
  /// parameters (for a region at depth 0: the box's lower corner).
  int64_t lb = 0;
  /// The most indices one instance of the region spans (its parameters
  /// fixed): max - min + 1, at least 0.
  int64_t extent = 0;
};

class MemRefRegion {
public:
  MemRefRegion(Value *memref, bool isWrite, unsigned loopDepth)
      : memref(memref), isWrite(isWrite), loopDepth(loopDepth) {}

  Value *getMemRef() const { return memref; }
  bool getIsWrite() const { return isWrite; }
  unsigned getLoopDepth() const { return loopDepth; }
  unsigned getRank() const;

  /// The region is the union of these sets, one per access (none: no
  /// element is accessed). Each has getRank() dims.
  const std::vector<ConstraintSystem> &getParts() const { return parts; }
  void addPart(ConstraintSystem cst) { parts.push_back(std::move(cst)); }
  /// The single access's set (a region of one part).
  const ConstraintSystem &getConstraints() const { return parts.front(); }
  /// The single access's set with its locals projected out by
  /// Fourier-Motzkin, as MLIR's region has it: a closed form over dims and
  /// symbols (e.g. for loop bounds), rational and so possibly larger than
  /// the exact set. nullopt for a union or on coefficient overflow.
  std::optional<ConstraintSystem> getProjectedConstraints() const;
  /// Adds the parts of `other`, a region of the same memref and depth.
  void unionWith(const MemRefRegion &other);

  /// Whether the element `index` belongs to the region when each parameter
  /// value in `params` has the given value (the others are free); nullopt if
  /// the question is beyond the analysis.
  std::optional<bool>
  contains(std::span<const int64_t> index,
           std::span<const std::pair<Value *, int64_t>> params = {}) const;

  /// The constant bounding box, one entry per dimension, after MLIR's
  /// getConstantBoundingSizeAndShape: the box of the part inside the memref
  /// (static dims clamped to their size); an unbounded static dim spans the
  /// whole dim; an unbounded dynamic dim gives nullopt.
  std::optional<std::vector<RegionDimBox>> getBoundingBox() const;
  /// Number of elements of the bounding box (1 for a 0-d memref, 0 if
  /// nothing is accessed).
  std::optional<int64_t> getNumElements() const;
  /// getNumElements() times the element size in bytes.
  std::optional<int64_t> getSizeInBytes() const;

private:
  Value *memref;
  bool isWrite;
  unsigned loopDepth;
  std::vector<ConstraintSystem> parts;
};

/// Bytes one element of `memrefType` takes: integers and floats rounded up
/// to whole bytes, index as 8, vectors as all their elements; nullopt for
/// other element types.
std::optional<int64_t> getElementSizeInBytes(Type memrefType);

/// The region `access` touches, parametric in the outermost `loopDepth`
/// induction variables around it (at most as many as there are); nullopt
/// if a bound, condition or subscript is not affine.
std::optional<MemRefRegion>
computeMemRefRegion(const MemRefAccess &access, unsigned loopDepth,
                    const RegionOptions &options = {});

/// The read and write regions of `memref` over every access inside `root`
/// (root included), each parametric in the outermost `loopDepth` induction
/// variables, which all these accesses must share. A region with no parts:
/// no such access; nullopt: some access could not be analysed.
struct NestRegions {
  std::optional<MemRefRegion> read, write;
};
NestRegions computeNestRegions(Operation *root, Value *memref,
                               unsigned loopDepth,
                               const RegionOptions &options = {});

} // namespace affjit

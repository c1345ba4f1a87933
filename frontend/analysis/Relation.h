// Affine relations between two tuples of variables (seed 001, "Inverse and
// Composition"): a ConstraintSystem whose dims are [domain..., range...],
// with MLIR's inverse and merge-and-compose, so the dependence polyhedron of
// two accesses is built column for column and row for row as MLIR builds it.
#pragma once

#include "frontend/analysis/ConstraintSystem.h"

namespace affjit {

struct Relation {
  ConstraintSystem cst;
  unsigned numDomain = 0;
  unsigned getNumRange() const { return cst.getNumDims() - numDomain; }
};

/// Swaps the roles of domain and range.
void inverse(Relation &rel);

/// Gives `a` and `b` the same symbols in the same order: a's first, then
/// b's others, matched by the IR value each column stands for.
void mergeAndAlignSymbols(ConstraintSystem &a, ConstraintSystem &b);

/// With `self: B -> C` and `other: A -> B`, makes `self` the relation
/// A -> C (B becomes locals), after MLIR's IntegerRelation::mergeAndCompose.
void mergeAndCompose(Relation &self, const Relation &other);

} // namespace affjit

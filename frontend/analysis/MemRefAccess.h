// Memory accesses and their access relations (seed 001, "srcRel"/"dstRel"):
// which memref an op reads or writes, through which subscripts, and the
// subscripts flattened over the op's iteration domain so two accesses can be
// composed into a dependence polyhedron.
#pragma once

#include "frontend/analysis/AffineValueMap.h"
#include "frontend/analysis/IterationDomain.h"
#include "frontend/analysis/Relation.h"
#include "frontend/analysis/ValueConstraints.h"
#include "frontend/ir/AffineAccess.h"

#include <optional>
#include <vector>

namespace affjit {

struct MemRefAccess {
  Operation *op = nullptr;
  Value *memref = nullptr;
  bool isWrite = false;
  /// Subscripts: one result per memref dimension (first element for vector
  /// and DMA transfers).
  AffineValueMap indices;
  /// Position of `memref` among the operands of `op`.
  unsigned memrefOperandIndex = 0;
};

/// The accesses `op` performs: one for affine/memref loads and stores and
/// the affine vector forms, two for affine.dma_start (read source, write
/// destination), none otherwise.
std::vector<MemRefAccess> getMemRefAccesses(Operation *op);
/// The accesses of `root` and of every op nested in it, in program order
/// (pre-order).
std::vector<MemRefAccess> getMemRefAccessesIn(Operation *root);
/// The access `op` makes through one of its map-addressed memref operands
/// (a side or the tag of a DMA).
MemRefAccess getMemRefAccess(Operation *op, const AffineMemRefOperand &operand,
                             bool isWrite);
/// The shape of the elements one access touches along the memref's
/// trailing dims: an affine.vector_load/store's vector shape (its
/// subscripts name the first lane), empty for one element. DMA transfers,
/// whose subscripts name their first element too, have no extent here.
std::vector<int64_t> getAccessExtent(const MemRefAccess &access);
/// True for affine.load / affine.store, the ops MLIR's dependence test
/// pass reports on.
bool isAffineLoadOrStore(const Operation *op);

/// An access in its iteration domain: the domain's constraints plus one row
/// per subscript over the same columns.
struct AccessRelation {
  ConstraintSystem domain;
  std::vector<FlatRow> subscripts;
  /// Number of loop dims (the domain's dims).
  unsigned getNumLoops() const { return domain.getNumDims(); }
};

/// The relation of `access`, or nullopt if its subscripts or domain are not
/// affine (or a subscript uses a value defined inside the loop nest that is
/// not an induction variable).
std::optional<AccessRelation>
getAccessRelation(const MemRefAccess &access,
                  const DomainOptions &options = {});

/// The access as MLIR builds it for dependence checks (seed 001, "srcRel"):
/// a relation from the iteration domain's dims to one range dim per
/// subscript, map equalities and divisions first, then the domain's rows.
/// nullopt where getAccessRelation fails.
std::optional<Relation>
getAccessRelationMlir(const MemRefAccess &access,
                      const DomainOptions &options = {});

} // namespace affjit

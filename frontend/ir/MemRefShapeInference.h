// Result types of the memref view ops as MLIR 19 infers them: subview (also
// rank-reduced), collapse_shape, expand_shape and transpose; which unit
// dims a rank-reduced type dropped; the reassociation rules; and which
// types memref.cast may convert between. The verifier checks ops against
// these; transformations use them to build the views they create.
// Each `infer*` returns nullopt when the source layout is not strided (or
// cannot be collapsed) or the arguments do not fit the source type.
#pragma once

#include "frontend/ir/Types.h"

#include <optional>
#include <string>
#include <vector>

namespace affjit {

/// For each collapsed dim, the consecutive expanded dims it groups
/// (`[[0, 1], [2]]`).
using Reassociation = std::vector<std::vector<int64_t>>;

/// SubViewOp::inferResultType: `sizes` as the shape; the offset and strides
/// of `source`'s layout advanced by `offsets` and scaled by `strides` (one
/// per source dim, kDynamic for SSA values).
std::optional<Type> inferSubViewResultType(Type source,
                                           const std::vector<int64_t> &offsets,
                                           const std::vector<int64_t> &sizes,
                                           const std::vector<int64_t> &strides);

/// SubViewOp::inferRankReducedResultType: the inferred subview type with
/// the unit dims absent from `resultShape` dropped (with their strides);
/// nullopt if `resultShape` is not such a reduction.
std::optional<Type> inferRankReducedSubViewResultType(
    const std::vector<int64_t> &resultShape, Type source,
    const std::vector<int64_t> &offsets, const std::vector<int64_t> &sizes,
    const std::vector<int64_t> &strides);

/// computeRankReductionMask: greedily matches `reduced` against `original`;
/// true for each original dim dropped (only unit dims may be). nullopt if
/// `reduced` is not `original` without some unit dims.
std::optional<std::vector<bool>>
computeRankReductionMask(const std::vector<int64_t> &original,
                         const std::vector<int64_t> &reduced);

/// computeMemRefRankReductionMask: which dims of `original` the memref
/// `reduced` dropped, among those `sizes` makes unit, using the strides
/// to tell apart unit dims of the same size.
std::optional<std::vector<bool>>
computeMemRefRankReductionMask(Type original, Type reduced,
                               const std::vector<int64_t> &sizes);

/// MLIR's reassociation rules between a collapsed and an expanded shape
/// (verifyCollapsedShape): one group per collapsed dim, covering the
/// expanded dims in order; a collapsed dim is dynamic iff its group has a
/// dynamic dim and otherwise the group's product; a 0-d side pairs only
/// with unit dims. Returns MLIR's message for the first rule broken, or ""
/// if `groups` is valid.
std::string checkReassociation(const std::vector<int64_t> &collapsed,
                               const std::vector<int64_t> &expanded,
                               const Reassociation &groups);

/// CollapseShapeOp::computeCollapsedType: each group becomes one dim (its
/// product, `?` if any member is dynamic), with the identity layout for
/// identity sources, else a strided layout whose collapsed dims must be
/// contiguous where the strides are known.
std::optional<Type> inferCollapsedType(Type source,
                                       const Reassociation &groups);

/// ExpandShapeOp::computeExpandedType: `resultShape` with the identity
/// layout for identity sources, else each source stride expanded over its
/// group from the innermost dim outwards.
std::optional<Type> inferExpandedType(Type source,
                                      const std::vector<int64_t> &resultShape,
                                      const Reassociation &groups);

/// TransposeOp's inferred type: result dim i is source dim permutation[i],
/// with its size and stride; the offset is kept. The result is a strided
/// layout (MLIR compares it after canonicalizeStridedLayout).
std::optional<Type>
inferTransposedType(Type source, const std::vector<unsigned> &permutation);

/// CastOp::areCastCompatible: same element type and memory space; ranked
/// to ranked needs equal rank, sizes and strided layout wherever both are
/// static; ranked to unranked either way is fine, unranked to unranked not.
bool areCastCompatible(Type from, Type to);

} // namespace affjit

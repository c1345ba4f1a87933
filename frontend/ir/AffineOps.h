// Typed views of the affine dialect's ops (seed 000, "Operations"): for,
// if, parallel, load/store and their vector forms, prefetch, apply/min/max,
// yield.
// Accessors read MLIR 19's generic form (bound maps and operand segments,
// the access map, the iter_args); setters keep it consistent.
#pragma once

#include "frontend/ir/AffineAccess.h"
#include "frontend/ir/Ops.h"

#include <optional>
#include <string>
#include <vector>

namespace affjit {

namespace opname {
inline constexpr char AffineFor[] = "affine.for";
inline constexpr char AffineIf[] = "affine.if";
inline constexpr char AffineParallel[] = "affine.parallel";
inline constexpr char AffineYield[] = "affine.yield";
inline constexpr char AffineApply[] = "affine.apply";
inline constexpr char AffineMin[] = "affine.min";
inline constexpr char AffineMax[] = "affine.max";
inline constexpr char AffineLoad[] = "affine.load";
inline constexpr char AffineStore[] = "affine.store";
inline constexpr char AffineVectorLoad[] = "affine.vector_load";
inline constexpr char AffineVectorStore[] = "affine.vector_store";
inline constexpr char AffinePrefetch[] = "affine.prefetch";
} // namespace opname

/// The names of the affine ops' inherent attributes.
namespace attrname::affine {
/// The map of apply/min/max, of the accesses and of prefetch.
inline constexpr char Map[] = "map";
// affine.for
inline constexpr char LowerBoundMap[] = "lowerBoundMap";
inline constexpr char UpperBoundMap[] = "upperBoundMap";
inline constexpr char Step[] = "step";
// affine.if
inline constexpr char Condition[] = "condition";
// affine.parallel
inline constexpr char LowerBoundsMap[] = "lowerBoundsMap";
inline constexpr char LowerBoundsGroups[] = "lowerBoundsGroups";
inline constexpr char UpperBoundsMap[] = "upperBoundsMap";
inline constexpr char UpperBoundsGroups[] = "upperBoundsGroups";
inline constexpr char Steps[] = "steps";
inline constexpr char Reductions[] = "reductions";
// affine.dma_start (all three) and affine.dma_wait (the tag map)
inline constexpr char SrcMap[] = "src_map";
inline constexpr char DstMap[] = "dst_map";
inline constexpr char TagMap[] = "tag_map";
} // namespace attrname::affine

/// `affine.yield %a, %b`: the terminator of affine bodies.
class AffineYieldOp : public NamedOpView<opname::AffineYield> {
public:
  using NamedOpView::NamedOpView;
  static AffineYieldOp create(OpBuilder &b, std::vector<Value *> values = {});
};

/// `affine.for %i = lb to ub step s iter_args(...)`.
class AffineForOp : public NamedOpView<opname::AffineFor> {
public:
  using NamedOpView::NamedOpView;
  /// A loop whose body holds only a yield: of the iter_args unchanged when
  /// there are `inits`, so the op verifies before the body is filled.
  static AffineForOp create(OpBuilder &b, AffineMap lbMap,
                            std::vector<Value *> lbOperands, AffineMap ubMap,
                            std::vector<Value *> ubOperands, int64_t step = 1,
                            std::vector<Value *> inits = {});
  static AffineForOp create(OpBuilder &b, int64_t lb, int64_t ub,
                            int64_t step = 1, std::vector<Value *> inits = {});

  AffineMap getLowerBoundMap() const;
  std::vector<Value *> getLowerBoundOperands() const;
  AffineMap getUpperBoundMap() const;
  std::vector<Value *> getUpperBoundOperands() const;
  void setLowerBound(AffineMap map, std::vector<Value *> operands);
  void setUpperBound(AffineMap map, std::vector<Value *> operands);
  /// A bound that is one constant (not a max/min of several).
  std::optional<int64_t> getConstantLowerBound() const;
  std::optional<int64_t> getConstantUpperBound() const;
  int64_t getStep() const;
  void setStep(int64_t step);
  /// The raw attributes, null when absent, for the verifier.
  Attribute getStepAttr() const;
  Attribute getOperandSegmentSizesAttr() const;
  /// `{affjit.unroll = false}` keeps LLVM from unrolling the loop (a
  /// discardable attribute: mlir-opt keeps it and ignores it).
  static constexpr const char *kUnrollAttrName = "affjit.unroll";
  bool isUnrollDisabled() const;
  void disableUnroll();

  Block *getBody() const;
  Value *getInductionVar() const;
  unsigned getNumIterArgs() const;
  /// The initial values of the iter_args (operands after the bounds).
  std::vector<Value *> getInits() const;
  /// The body's loop-carried arguments (after the induction variable).
  std::vector<Value *> getRegionIterArgs() const;
  std::vector<Value *> getResults() const { return op->getResults(); }
  AffineYieldOp getYield() const;

private:
  /// operandSegmentSizes: [lower bound, upper bound, inits].
  std::vector<int64_t> segments() const;
  void setBound(unsigned which, const char *attr, AffineMap map,
                std::vector<Value *> operands);
};

/// `affine.if #set(%dims)[%syms] -> (types) { } else { }`.
class AffineIfOp : public NamedOpView<opname::AffineIf> {
public:
  using NamedOpView::NamedOpView;
  /// Empty then (and else) blocks; they get a yield when there are no
  /// results, otherwise the caller adds yields of the result types.
  static AffineIfOp create(OpBuilder &b, IntegerSet set,
                           std::vector<Value *> operands,
                           std::vector<Type> resultTypes = {},
                           bool withElse = false);
  IntegerSet getCondition() const;
  /// Null when absent, for the verifier.
  Attribute getConditionAttr() const;
  std::vector<Value *> getConditionOperands() const {
    return op->getOperands();
  }
  void setCondition(IntegerSet set, std::vector<Value *> operands);
  Block *getThenBlock() const;
  bool hasElse() const;
  /// Null when there is no else region.
  Block *getElseBlock() const;
};

/// `affine.parallel (%i, %j) = (lbs) to (ubs) step (s) reduce (...)`.
class AffineParallelOp : public NamedOpView<opname::AffineParallel> {
public:
  using NamedOpView::NamedOpView;
  /// One lower and upper bound map per dimension, each over all of
  /// `lbOperands` / `ubOperands`; `reductions` are arith::AtomicRMWKind
  /// values (kAtomicRMWKinds), one per result.
  static AffineParallelOp
  create(OpBuilder &b, std::vector<Type> resultTypes,
         std::vector<int64_t> reductions, std::vector<AffineMap> lbMaps,
         std::vector<Value *> lbOperands, std::vector<AffineMap> ubMaps,
         std::vector<Value *> ubOperands, std::vector<int64_t> steps);
  unsigned getNumDims() const;
  std::vector<Value *> getIVs() const;
  Block *getBody() const;
  /// All lower (upper) bounds as one map, grouped per dimension.
  AffineMap getLowerBoundsMap() const;
  AffineMap getUpperBoundsMap() const;
  /// Results per dimension in the bounds map (max/min of that many).
  std::vector<int64_t> getLowerBoundsGroups() const;
  std::vector<int64_t> getUpperBoundsGroups() const;
  /// The bound map of dimension `dim` alone.
  AffineMap getLowerBoundMap(unsigned dim) const;
  AffineMap getUpperBoundMap(unsigned dim) const;
  std::vector<Value *> getLowerBoundsOperands() const;
  std::vector<Value *> getUpperBoundsOperands() const;
  std::vector<int64_t> getSteps() const;
  void setSteps(const std::vector<int64_t> &steps);
  std::vector<int64_t> getReductions() const;
  /// The raw attributes, null when absent, for the verifier (and for
  /// expanding a splat group attribute to a count of one's own).
  Attribute getLowerBoundsGroupsAttr() const;
  Attribute getUpperBoundsGroupsAttr() const;
  Attribute getStepsAttr() const;
  Attribute getReductionsAttr() const;
};

/// The shared accessors of affine.load/store and their vector forms,
/// through the AffineAccess interface that knows their operand layout.
template <const char *Name> class AffineAccessView : public NamedOpView<Name> {
public:
  using NamedOpView<Name>::NamedOpView;
  AffineAccess getAccess() const { return *AffineAccess::get(this->op); }
  Value *getMemRef() const { return getAccess().getMemRef(); }
  Type getMemRefType() const { return getMemRef()->getType(); }
  void setMemRef(Value *memref) { getAccess().setMemRef(memref); }
  AffineMap getMap() const { return getAccess().getMap(); }
  std::vector<Value *> getMapOperands() const {
    return getAccess().getMapOperands();
  }
  /// Replaces the access map and its operands.
  void setMap(const AffineMap &map, const std::vector<Value *> &operands) {
    getAccess().setMap(map, operands);
  }
};

class AffineLoadOp : public AffineAccessView<opname::AffineLoad> {
public:
  using AffineAccessView::AffineAccessView;
  static AffineLoadOp create(OpBuilder &b, Value *memref, AffineMap map,
                             std::vector<Value *> mapOperands);
  /// `%m[%i, %j]` with the identity map.
  static AffineLoadOp create(OpBuilder &b, Value *memref,
                             std::vector<Value *> indices);
  Value *getResult() const { return op->getResult(0); }
};

class AffineStoreOp : public AffineAccessView<opname::AffineStore> {
public:
  using AffineAccessView::AffineAccessView;
  static AffineStoreOp create(OpBuilder &b, Value *value, Value *memref,
                              AffineMap map, std::vector<Value *> mapOperands);
  static AffineStoreOp create(OpBuilder &b, Value *value, Value *memref,
                              std::vector<Value *> indices);
  Value *getValueToStore() const { return op->getOperand(0); }
};

class AffineVectorLoadOp : public AffineAccessView<opname::AffineVectorLoad> {
public:
  using AffineAccessView::AffineAccessView;
  static AffineVectorLoadOp create(OpBuilder &b, Type vectorType, Value *memref,
                                   AffineMap map,
                                   std::vector<Value *> mapOperands);
  Type getVectorType() const { return op->getResult(0)->getType(); }
  Value *getResult() const { return op->getResult(0); }
};

class AffineVectorStoreOp : public AffineAccessView<opname::AffineVectorStore> {
public:
  using AffineAccessView::AffineAccessView;
  static AffineVectorStoreOp create(OpBuilder &b, Value *vector, Value *memref,
                                    AffineMap map,
                                    std::vector<Value *> mapOperands);
  Value *getValueToStore() const { return op->getOperand(0); }
  Type getVectorType() const { return getValueToStore()->getType(); }
};

/// `affine.prefetch %m[%i], read|write, locality<N>, data|instr`: a hint,
/// not an access (AffineAccess.h).
class AffinePrefetchOp : public PrefetchView<opname::AffinePrefetch> {
public:
  using PrefetchView::PrefetchView;
  Value *getMemRef() const { return op->getOperand(0); }
  AffineMap getMap() const {
    return op->getAttr(attrname::affine::Map).getAffineMap();
  }
};

/// The shared shape of affine.apply/min/max: a map over index operands.
template <const char *Name> class AffineMapOpView : public NamedOpView<Name> {
public:
  using NamedOpView<Name>::NamedOpView;
  AffineMap getMap() const {
    return this->op->getAttr(attrname::affine::Map).getAffineMap();
  }
  std::vector<Value *> getMapOperands() const {
    return this->op->getOperands();
  }
  void setMap(AffineMap map, std::vector<Value *> operands) {
    this->op->setAttr(attrname::affine::Map, Attribute::affineMap(map));
    this->op->setOperands(std::move(operands));
  }
  Value *getResult() const { return this->op->getResult(0); }
};

/// `affine.apply #map(%d)[%s]`; the map has one result.
class AffineApplyOp : public AffineMapOpView<opname::AffineApply> {
public:
  using AffineMapOpView::AffineMapOpView;
  static AffineApplyOp create(OpBuilder &b, AffineMap map,
                              std::vector<Value *> operands);
};

class AffineMinOp : public AffineMapOpView<opname::AffineMin> {
public:
  using AffineMapOpView::AffineMapOpView;
  static AffineMinOp create(OpBuilder &b, AffineMap map,
                            std::vector<Value *> operands);
};

class AffineMaxOp : public AffineMapOpView<opname::AffineMax> {
public:
  using AffineMapOpView::AffineMapOpView;
  static AffineMaxOp create(OpBuilder &b, AffineMap map,
                            std::vector<Value *> operands);
};

} // namespace affjit

// Typed views of the scf dialect's ops (MLIR 19's SCFOps.td): for, if,
// while/condition, parallel/reduce, index_switch, execute_region and
// yield. Accessors read MLIR's generic form: scf.for's operands are
// (lb, ub, step, inits...), scf.parallel's are (lbs, ubs, steps, inits)
// split by `operandSegmentSizes`, scf.index_switch's regions are the
// default region first and then one per case. cf.assert, the one cf op
// that code reads an attribute of, is here too.
#pragma once

#include "frontend/ir/Ops.h"

#include <vector>

namespace affjit {

namespace opname {
inline constexpr char ScfFor[] = "scf.for";
inline constexpr char ScfIf[] = "scf.if";
inline constexpr char ScfWhile[] = "scf.while";
inline constexpr char ScfCondition[] = "scf.condition";
inline constexpr char ScfParallel[] = "scf.parallel";
inline constexpr char ScfReduce[] = "scf.reduce";
inline constexpr char ScfReduceReturn[] = "scf.reduce.return";
inline constexpr char ScfIndexSwitch[] = "scf.index_switch";
inline constexpr char ScfExecuteRegion[] = "scf.execute_region";
inline constexpr char ScfYield[] = "scf.yield";
inline constexpr char CfAssert[] = "cf.assert";
} // namespace opname

/// The names of the scf and cf ops' inherent attributes.
namespace attrname::scf {
inline constexpr char Cases[] = "cases";
} // namespace attrname::scf
namespace attrname::cf {
inline constexpr char Msg[] = "msg";
} // namespace attrname::cf

class ScfYieldOp : public NamedOpView<opname::ScfYield> {
public:
  using NamedOpView::NamedOpView;
  static ScfYieldOp create(OpBuilder &b, std::vector<Value *> values = {});
};

/// `scf.for %iv = %lb to %ub step %s iter_args(...) -> (...) [: type]`.
class ScfForOp : public NamedOpView<opname::ScfFor> {
public:
  using NamedOpView::NamedOpView;
  Value *getLowerBound() const { return op->getOperand(0); }
  Value *getUpperBound() const { return op->getOperand(1); }
  Value *getStep() const { return op->getOperand(2); }
  std::vector<Value *> getInits() const {
    return op->getOperands(3, op->getNumOperands() - 3);
  }
  Block *getBody() const { return &op->getRegion(0).front(); }
  Value *getInductionVar() const { return getBody()->getArgument(0); }
  std::vector<Value *> getRegionIterArgs() const;
  /// The body's terminator (an scf.yield once verified).
  Operation *getYield() const { return getBody()->getTerminator(); }
};

/// `scf.if %cond [-> (types)] { } [else { }]`.
class ScfIfOp : public NamedOpView<opname::ScfIf> {
public:
  using NamedOpView::NamedOpView;
  Value *getCondition() const { return op->getOperand(0); }
  Block *getThenBlock() const { return &op->getRegion(0).front(); }
  /// Null when there is no else region.
  Block *getElseBlock() const {
    return op->getRegion(1).empty() ? nullptr : &op->getRegion(1).front();
  }
};

/// `scf.parallel (%i..) = (lbs) to (ubs) step (steps) [init (...)]`.
class ScfParallelOp : public NamedOpView<opname::ScfParallel> {
public:
  using NamedOpView::NamedOpView;
  unsigned getNumLoops() const;
  std::vector<Value *> getLowerBounds() const;
  std::vector<Value *> getUpperBounds() const;
  std::vector<Value *> getSteps() const;
  std::vector<Value *> getInits() const;
  Block *getBody() const { return &op->getRegion(0).front(); }
  std::vector<Value *> getIVs() const { return getBody()->getArguments(); }
  /// The scf.reduce ending the body.
  Operation *getReduce() const { return getBody()->getTerminator(); }
  /// Null when absent, for the verifier.
  Attribute getOperandSegmentSizesAttr() const {
    return op->getAttr(attrname::OperandSegmentSizes);
  }

private:
  std::vector<int64_t> segments() const;
};

/// `scf.index_switch %i -> (types) case 1 { } ... default { }`.
class ScfIndexSwitchOp : public NamedOpView<opname::ScfIndexSwitch> {
public:
  using NamedOpView::NamedOpView;
  /// The case values, one per case region (region i + 1).
  std::vector<int64_t> getCases() const { return getCasesAttr().getInts(); }
  /// Null when absent, for the verifier.
  Attribute getCasesAttr() const { return op->getAttr(attrname::scf::Cases); }
};

/// `cf.assert %cond, "message"`.
class CfAssertOp : public NamedOpView<opname::CfAssert> {
public:
  using NamedOpView::NamedOpView;
  const std::string &getMsg() const { return getMsgAttr().getString(); }
  /// Null when absent, for the verifier.
  Attribute getMsgAttr() const { return op->getAttr(attrname::cf::Msg); }
};

} // namespace affjit

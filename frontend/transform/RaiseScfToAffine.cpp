// Pass `raise-scf` (see RaiseScfToAffine.h).
#include "frontend/transform/RaiseScfToAffine.h"

#include "frontend/ir/AffineOps.h"
#include "frontend/ir/ArithOpTable.h"
#include "frontend/ir/FuncOps.h"
#include "frontend/ir/MemRefOps.h"
#include "frontend/ir/ScfOps.h"
#include "frontend/transform/utils/LoweredDivMod.h"
#include "frontend/verify/Verifier.h"

#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace affjit {

namespace {

/// The dims and symbols an affine expression being built refers to, in
/// order of first use; an expression's dim i is `dims[i]`.
struct AffineOperands {
  std::vector<Value *> dims, syms;

  AffineExpr dimFor(Value *v) { return AffineExpr::dim(indexOf(dims, v)); }
  AffineExpr symbolFor(Value *v) {
    return AffineExpr::symbol(indexOf(syms, v));
  }
  std::vector<Value *> all() const {
    std::vector<Value *> out = dims;
    out.insert(out.end(), syms.begin(), syms.end());
    return out;
  }

private:
  static unsigned indexOf(std::vector<Value *> &list, Value *v) {
    for (unsigned i = 0; i < list.size(); ++i)
      if (list[i] == v)
        return i;
    list.push_back(v);
    return (unsigned)list.size() - 1;
  }
};

/// Deep arithmetic chains are not worth following (and bound recursion).
constexpr unsigned kMaxExprDepth = 32;

std::optional<int64_t> indexConstant(Value *v) {
  ConstantOp constant = dyn_cast<ConstantOp>(v->getDefiningOp());
  if (!constant || !v->getType().isIndex())
    return std::nullopt;
  Attribute value = constant.getValue();
  if (!value || !value.isa(AttrKind::Integer))
    return std::nullopt;
  return value.getInt();
}

std::optional<AffineExpr> toAffineExpr(Value *v, Operation *user,
                                       AffineOperands &ops, unsigned depth);

/// A single-result affine.apply, its map's inputs read as expressions.
std::optional<AffineExpr> composeApply(AffineApplyOp apply, Operation *user,
                                       AffineOperands &ops, unsigned depth) {
  AffineMap map = apply.getMap();
  if (map.getNumResults() != 1)
    return std::nullopt;
  std::vector<AffineExpr> dims, syms;
  for (unsigned i = 0; i < apply->getNumOperands(); ++i) {
    std::optional<AffineExpr> e =
        toAffineExpr(apply->getOperand(i), user, ops, depth + 1);
    if (!e)
      return std::nullopt;
    (i < map.getNumDims() ? dims : syms).push_back(*e);
  }
  return map.getResult(0).replaceDimsAndSymbols(dims, syms);
}

/// arith.addi / subi / muli (by a constant) of affine expressions, and
/// floordivsi / ceildivsi by a positive constant (which round like
/// affine's floordiv and ceildiv; divsi and remsi do not for negative
/// values).
std::optional<AffineExpr> composeArith(Operation *def, Operation *user,
                                       AffineOperands &ops, unsigned depth) {
  bool add = def->isa("arith.addi"), sub = def->isa("arith.subi"),
       mul = def->isa("arith.muli"), floorDiv = def->isa("arith.floordivsi"),
       ceilDiv = def->isa("arith.ceildivsi");
  if (!add && !sub && !mul && !floorDiv && !ceilDiv)
    return std::nullopt;
  std::optional<AffineExpr> l =
      toAffineExpr(def->getOperand(0), user, ops, depth + 1);
  std::optional<AffineExpr> r =
      l ? toAffineExpr(def->getOperand(1), user, ops, depth + 1) : std::nullopt;
  if (!l || !r)
    return std::nullopt;
  if (add)
    return *l + *r;
  if (sub)
    return *l - *r;
  if (floorDiv || ceilDiv) {
    if (r->getKind() != AffineExprKind::Constant || r->getValue() <= 0)
      return std::nullopt;
    return floorDiv ? l->floorDiv(r->getValue()) : l->ceilDiv(r->getValue());
  }
  // A product is affine only when one side is a constant.
  if (l->getKind() == AffineExprKind::Constant ||
      r->getKind() == AffineExprKind::Constant)
    return *l * *r;
  return std::nullopt;
}

/// The arith.select that ends lower-affine's expansion of an affine mod,
/// floordiv or ceildiv by a positive constant, read back as that operation.
std::optional<AffineExpr> composeLoweredDivMod(Operation *select,
                                               Operation *user,
                                               AffineOperands &ops,
                                               unsigned depth) {
  std::optional<LoweredDivMod> m = matchLoweredDivMod(select);
  if (!m)
    return std::nullopt;
  std::optional<AffineExpr> x = toAffineExpr(m->dividend, user, ops, depth + 1);
  if (!x)
    return std::nullopt;
  switch (m->kind) {
  case LoweredDivModKind::Mod:
    return x->mod(m->divisor);
  case LoweredDivModKind::FloorDiv:
    return x->floorDiv(m->divisor);
  case LoweredDivModKind::CeilDiv:
    return x->ceilDiv(m->divisor);
  }
  return std::nullopt;
}

/// `v` as an affine expression over valid dims and symbols at `user`.
std::optional<AffineExpr> toAffineExpr(Value *v, Operation *user,
                                       AffineOperands &ops, unsigned depth) {
  if (depth > kMaxExprDepth || !v->getType().isIndex())
    return std::nullopt;
  if (std::optional<int64_t> c = indexConstant(v))
    return AffineExpr::constant(*c);
  if (isValidAffineSymbol(v, user))
    return ops.symbolFor(v);
  Operation *def = v->getDefiningOp();
  if (AffineApplyOp apply = dyn_cast<AffineApplyOp>(def))
    return composeApply(apply, user, ops, depth);
  if (isValidAffineDim(v, user))
    return ops.dimFor(v);
  if (def && def->isa("arith.select"))
    return composeLoweredDivMod(def, user, ops, depth);
  if (def)
    return composeArith(def, user, ops, depth);
  return std::nullopt;
}

/// `values` as the results of one affine map, with its operands.
std::optional<AffineMap> toAffineMap(const std::vector<Value *> &values,
                                     Operation *user, AffineOperands &ops) {
  std::vector<AffineExpr> exprs;
  for (Value *v : values) {
    std::optional<AffineExpr> e = toAffineExpr(v, user, ops, 0);
    if (!e)
      return std::nullopt;
    exprs.push_back(*e);
  }
  unsigned nd = (unsigned)ops.dims.size(), ns = (unsigned)ops.syms.size();
  for (AffineExpr &e : exprs)
    e = simplifyAffineExpr(e, nd, ns);
  return AffineMap::get(nd, ns, exprs);
}

/// Moves the ops of `from` to the end of `to` (whose own ops are dropped
/// first), with `args` for `from`'s arguments, and turns the scf.yield
/// that ended `from` into an affine.yield.
void moveBodyAndYield(Block *from, Block *to,
                      const std::vector<Value *> &args) {
  while (!to->empty())
    to->back().erase();
  from->inlineBefore(to, nullptr, args);
  Operation *yield = to->getTerminator();
  OpBuilder b = OpBuilder::before(yield);
  AffineYieldOp::create(b, yield->getOperands());
  yield->erase();
}

/// What the pass tells `--opt-report` about each op it looked at.
class Raiser {
public:
  explicit Raiser(PassContext &context) : context(context) {}

  void raiseFor(ScfForOp forOp);
  void raiseIf(ScfIfOp ifOp);
  void raiseParallel(ScfParallelOp par);
  void raiseAccess(Operation *op);

private:
  void notRaised(Operation *op, const std::string &why) {
    context.remark(op->getLoc(),
                   op->getName() + " not raised to affine: " + why);
  }
  void raised(Operation *op, const char *to) {
    context.remark(op->getLoc(), op->getName() + " raised to " + to);
  }
  PassContext &context;
};

/// The values whose maximum (lower bound) or minimum (upper bound) a loop
/// bound is: through arith.maxsi / minsi, which affine.for's max/min bound
/// maps express.
void boundTerms(Value *bound, bool isLower, std::vector<Value *> &terms,
                unsigned depth = 0) {
  Operation *def = bound->getDefiningOp();
  if (def && def->isa(isLower ? "arith.maxsi" : "arith.minsi") &&
      depth < kMaxExprDepth) {
    boundTerms(def->getOperand(0), isLower, terms, depth + 1);
    boundTerms(def->getOperand(1), isLower, terms, depth + 1);
    return;
  }
  terms.push_back(bound);
}

/// A bound as an affine.for bound map, or none.
std::optional<AffineMap> boundMap(Value *bound, bool isLower, Operation *user,
                                  AffineOperands &ops) {
  std::vector<Value *> terms;
  boundTerms(bound, isLower, terms);
  return toAffineMap(terms, user, ops);
}

void Raiser::raiseFor(ScfForOp forOp) {
  Operation *op = forOp.getOperation();
  if (!forOp.getInductionVar()->getType().isIndex())
    return notRaised(op, "its induction variable is not an index");
  std::optional<int64_t> step = indexConstant(forOp.getStep());
  if (!step || *step <= 0)
    return notRaised(op, "its step is not a positive constant");
  AffineOperands lbOps, ubOps;
  std::optional<AffineMap> lb =
      boundMap(forOp.getLowerBound(), /*isLower=*/true, op, lbOps);
  if (!lb)
    return notRaised(op, "its lower bound is not an affine function of "
                         "affine dims and symbols");
  std::optional<AffineMap> ub =
      boundMap(forOp.getUpperBound(), /*isLower=*/false, op, ubOps);
  if (!ub)
    return notRaised(op, "its upper bound is not an affine function of "
                         "affine dims and symbols");
  OpBuilder b = OpBuilder::before(op);
  AffineForOp affineFor = AffineForOp::create(
      b, *lb, lbOps.all(), *ub, ubOps.all(), *step, forOp.getInits());
  std::vector<Value *> args{affineFor.getInductionVar()};
  for (Value *a : affineFor.getRegionIterArgs())
    args.push_back(a);
  moveBodyAndYield(forOp.getBody(), affineFor.getBody(), args);
  op->replaceAllUsesWith(affineFor.getResults());
  raised(op, "affine.for");
  op->erase();
}

/// `lhs pred rhs` as one integer-set constraint `e >= 0` or `e == 0`.
std::optional<std::pair<AffineExpr, bool>>
constraintOf(std::string_view pred, AffineExpr lhs, AffineExpr rhs) {
  if (pred == "eq")
    return std::make_pair(lhs - rhs, true);
  if (pred == "sge")
    return std::make_pair(lhs - rhs, false);
  if (pred == "sgt")
    return std::make_pair(lhs - rhs - 1, false);
  if (pred == "sle")
    return std::make_pair(rhs - lhs, false);
  if (pred == "slt")
    return std::make_pair(rhs - lhs - 1, false);
  return std::nullopt; // ne and the unsigned predicates are not one set
}

/// The predicate of an arith.cmpi: the attribute holds its number.
std::string_view cmpiPredicate(CmpIOp cmp) {
  static constexpr const char *names[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                          "sge", "ult", "ule", "ugt", "uge"};
  Attribute a = cmp.getPredicateAttr();
  if (!a || !a.isa(AttrKind::Integer) || a.getInt() < 0 || a.getInt() > 9)
    return "";
  return names[a.getInt()];
}

/// The constraints of `cond`, an arith.cmpi of affine expressions or an
/// arith.andi of such conditions; `why` says what is not.
bool collectConstraints(Value *cond, Operation *user, AffineOperands &ops,
                        std::vector<std::pair<AffineExpr, bool>> &out,
                        std::string &why, unsigned depth = 0) {
  Operation *def = cond->getDefiningOp();
  if (def && def->isa("arith.andi") && depth < kMaxExprDepth &&
      cond->getType().isInteger(1))
    return collectConstraints(def->getOperand(0), user, ops, out, why,
                              depth + 1) &&
           collectConstraints(def->getOperand(1), user, ops, out, why,
                              depth + 1);
  if (!def || !def->isa("arith.cmpi") ||
      !def->getOperand(0)->getType().isIndex()) {
    why = "its condition is not an arith.cmpi of indices (or an arith.andi "
          "of them)";
    return false;
  }
  std::optional<AffineMap> sides =
      toAffineMap({def->getOperand(0), def->getOperand(1)}, user, ops);
  if (!sides) {
    why = "its condition compares values that are not affine functions of "
          "affine dims and symbols";
    return false;
  }
  auto constraint = constraintOf(cmpiPredicate(CmpIOp(def)),
                                 sides->getResult(0), sides->getResult(1));
  if (!constraint) {
    why = "its comparison is not eq, slt, sle, sgt or sge";
    return false;
  }
  out.push_back(*constraint);
  return true;
}

/// Erases `cond` and the arith.andi / arith.cmpi ops it was built from
/// once nothing else uses them.
void eraseDeadCondition(Value *cond) {
  Operation *def = cond->getDefiningOp();
  if (!def || !cond->use_empty() ||
      (!def->isa("arith.andi") && !def->isa("arith.cmpi")))
    return;
  std::vector<Value *> operands = def->getOperands();
  def->erase();
  for (Value *v : operands)
    if (v->getType().isInteger(1))
      eraseDeadCondition(v);
}

void Raiser::raiseIf(ScfIfOp ifOp) {
  Operation *op = ifOp.getOperation();
  AffineOperands ops;
  std::vector<std::pair<AffineExpr, bool>> constraints;
  std::string why;
  Value *cond = ifOp.getCondition();
  if (!collectConstraints(cond, op, ops, constraints, why))
    return notRaised(op, why);
  unsigned nd = (unsigned)ops.dims.size(), ns = (unsigned)ops.syms.size();
  std::vector<AffineExpr> exprs;
  std::vector<bool> eqFlags;
  for (auto &[e, isEq] : constraints) {
    exprs.push_back(simplifyAffineExpr(e, nd, ns));
    eqFlags.push_back(isEq);
  }
  IntegerSet set = IntegerSet::get(nd, ns, exprs, eqFlags);
  OpBuilder b = OpBuilder::before(op);
  bool hasElse = ifOp.getElseBlock() != nullptr;
  AffineIfOp affineIf =
      AffineIfOp::create(b, set, ops.all(), op->getResultTypes(), hasElse);
  moveBodyAndYield(ifOp.getThenBlock(), affineIf.getThenBlock(), {});
  if (hasElse)
    moveBodyAndYield(ifOp.getElseBlock(), affineIf.getElseBlock(), {});
  op->replaceAllUsesWith(affineIf.getOperation()->getResults());
  raised(op, "affine.if");
  op->erase();
  eraseDeadCondition(cond);
}

/// The affine.parallel reduction kind of a reduction region that applies
/// one arith op to its two arguments, or -1. Only the kinds affjit's
/// verifier accepts, on scalar float or signless integer types (a vector
/// reduction has no affine.parallel kind).
int64_t reductionKind(Region &region) {
  Block &block = region.front();
  if (block.getOperations().size() != 2 || block.getNumArguments() != 2)
    return -1;
  Operation &combine = block.front();
  Operation *ret = block.getTerminator();
  if (combine.getNumOperands() != 2 || combine.getNumResults() != 1 || !ret ||
      ret->getNumOperands() != 1 || ret->getOperand(0) != combine.getResult(0))
    return -1;
  Value *a = block.getArgument(0), *b = block.getArgument(1);
  bool usesBoth = (combine.getOperand(0) == a && combine.getOperand(1) == b) ||
                  (combine.getOperand(0) == b && combine.getOperand(1) == a);
  if (!usesBoth)
    return -1;
  Type t = a->getType();
  static constexpr const char *floatKinds[] = {"addf", "mulf", "maximumf",
                                               "minimumf"};
  static constexpr const char *intKinds[] = {"addi", "muli", "ori", "andi"};
  std::string_view name = combine.getName();
  auto kindOf = [&](const char *k) -> int64_t {
    if (name != std::string("arith.") + k)
      return -1;
    for (int64_t i = 0; i < kNumAtomicRMWKinds; ++i)
      if (std::string_view(kAtomicRMWKinds[i]) == k)
        return i;
    return -1;
  };
  if (t.isFloat())
    for (const char *k : floatKinds)
      if (int64_t kind = kindOf(k); kind >= 0)
        return kind;
  if (t.isInteger())
    for (const char *k : intKinds)
      if (int64_t kind = kindOf(k); kind >= 0)
        return kind;
  return -1;
}

/// Whether `v` is the float constant `c`, sign included.
bool isFloatConstant(Value *v, double c) {
  ConstantOp constant = dyn_cast<ConstantOp>(v->getDefiningOp());
  if (!constant)
    return false;
  Attribute value = constant.getValue();
  return value && value.isa(AttrKind::Float) && value.getFloat() == c &&
         std::signbit(value.getFloat()) == std::signbit(c);
}

/// Whether combining `init` with the reduction of the other values gives
/// the bits scf.parallel's in-order reduction from `init` gives. Integer
/// kinds and maximumf/minimumf are exact and associative; addf and mulf
/// round, so only from their identity (+0.0: a sum from +0.0 is never
/// -0.0, and +0.0 + x is x otherwise; 1.0 * x is x).
bool initKeepsTheResult(const char *kind, Value *init) {
  std::string_view k = kind;
  if (k == "addf")
    return isFloatConstant(init, 0.0);
  if (k == "mulf")
    return isFloatConstant(init, 1.0);
  return true;
}

/// One bound map per loop, each over all of `ops`.
std::optional<std::vector<AffineMap>>
boundMaps(const std::vector<Value *> &bounds, Operation *user,
          AffineOperands &ops) {
  std::optional<AffineMap> all = toAffineMap(bounds, user, ops);
  if (!all)
    return std::nullopt;
  std::vector<AffineMap> maps;
  for (const AffineExpr &e : all->getResults())
    maps.push_back(
        AffineMap::get(all->getNumDims(), all->getNumSymbols(), {e}));
  return maps;
}

void Raiser::raiseParallel(ScfParallelOp par) {
  Operation *op = par.getOperation();
  std::vector<int64_t> steps;
  for (Value *s : par.getSteps()) {
    std::optional<int64_t> c = indexConstant(s);
    if (!c || *c <= 0)
      return notRaised(op, "a step is not a positive constant");
    steps.push_back(*c);
  }
  Operation *reduce = par.getReduce();
  std::vector<int64_t> kinds;
  for (unsigned i = 0; i < reduce->getNumRegions(); ++i) {
    int64_t kind = reductionKind(reduce->getRegion(i));
    if (kind < 0)
      return notRaised(op, "reduction #" + std::to_string(i) +
                               " is not one of affine.parallel's kinds");
    if (!initKeepsTheResult(kAtomicRMWKinds[kind], par.getInits()[i]))
      return notRaised(op, "reduction #" + std::to_string(i) +
                               " rounds and does not start from its "
                               "identity: reduced from the identity, it "
                               "would round differently");
    kinds.push_back(kind);
  }
  AffineOperands lbOps, ubOps;
  auto lbs = boundMaps(par.getLowerBounds(), op, lbOps);
  auto ubs = lbs ? boundMaps(par.getUpperBounds(), op, ubOps) : std::nullopt;
  if (!lbs || !ubs)
    return notRaised(op, "a bound is not an affine function of affine dims "
                         "and symbols");
  OpBuilder b = OpBuilder::before(op);
  AffineParallelOp affinePar =
      AffineParallelOp::create(b, op->getResultTypes(), kinds, *lbs,
                               lbOps.all(), *ubs, ubOps.all(), steps);
  Block *body = affinePar.getBody();
  while (!body->empty())
    body->back().erase();
  par.getBody()->inlineBefore(body, nullptr, affinePar.getIVs());
  // The values scf.reduce combines become the affine.yield's operands.
  OpBuilder inBody = OpBuilder::before(reduce);
  AffineYieldOp::create(inBody, reduce->getOperands());
  // affine.parallel reduces from the identity; scf.parallel from its
  // inits: combine each init with the result, as the region does.
  OpBuilder after = OpBuilder::after(affinePar.getOperation());
  std::vector<Value *> results;
  std::vector<Value *> inits = par.getInits();
  for (unsigned i = 0; i < reduce->getNumRegions(); ++i) {
    Operation &combine = reduce->getRegion(i).front().front();
    std::unordered_map<Value *, Value *> mapping{
        {reduce->getRegion(i).front().getArgument(0), inits[i]},
        {reduce->getRegion(i).front().getArgument(1),
         affinePar.getOperation()->getResult(i)}};
    results.push_back(after.insert(combine.clone(mapping))->getResult(0));
  }
  reduce->erase();
  op->replaceAllUsesWith(results);
  raised(op, "affine.parallel");
  op->erase();
}

void Raiser::raiseAccess(Operation *op) {
  bool isLoad = op->isa("memref.load");
  unsigned memrefAt = isLoad ? 0 : 1;
  Value *memref = op->getOperand(memrefAt);
  if (!memref->getType().isMemRef())
    return;
  if (isLoad ? MemRefLoadOp(op).getNontemporal()
             : MemRefStoreOp(op).getNontemporal())
    return notRaised(op, "it is nontemporal");
  std::vector<Value *> indices =
      op->getOperands(memrefAt + 1, op->getNumOperands() - memrefAt - 1);
  AffineOperands ops;
  std::optional<AffineMap> map = toAffineMap(indices, op, ops);
  if (!map)
    return notRaised(op, "a subscript is not an affine function of affine "
                         "dims and symbols");
  OpBuilder b = OpBuilder::before(op);
  if (isLoad) {
    AffineLoadOp load = AffineLoadOp::create(b, memref, *map, ops.all());
    op->getResult(0)->replaceAllUsesWith(load.getResult());
  } else {
    AffineStoreOp::create(b, op->getOperand(0), memref, *map, ops.all());
  }
  op->erase();
}

/// The scf ops of `root` in pre-order: outer ones before the ones inside.
std::vector<Operation *> scfOpsOuterFirst(Operation *root) {
  std::vector<Operation *> ops;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op->isa(opname::ScfFor) || op->isa(opname::ScfIf) ||
        op->isa(opname::ScfParallel))
      ops.push_back(op);
  });
  return ops;
}

std::vector<Operation *> memrefAccesses(Operation *root) {
  std::vector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (op->isa("memref.load") || op->isa("memref.store"))
      ops.push_back(op);
  });
  return ops;
}

} // namespace

bool raiseScfToAffine(Module &module, PassContext &context) {
  Raiser raiser(context);
  // Raising moves bodies into new ops, so the ops collected stay valid.
  for (Operation *op : scfOpsOuterFirst(module.getOperation())) {
    if (auto forOp = dyn_cast<ScfForOp>(op))
      raiser.raiseFor(forOp);
    else if (auto ifOp = dyn_cast<ScfIfOp>(op))
      raiser.raiseIf(ifOp);
    else
      raiser.raiseParallel(ScfParallelOp(op));
  }
  for (Operation *op : memrefAccesses(module.getOperation()))
    raiser.raiseAccess(op);
  return true;
}

} // namespace affjit

// Static bounds check of affine accesses over their memref regions.
#include "frontend/analysis/BoundsCheck.h"

#include "frontend/analysis/MemRefRegion.h"
#include "frontend/analysis/OmegaTest.h"

#include <algorithm>

namespace affjit {

namespace {

/// An access to check, whether to widen it to its whole transfer, and the
/// operand it is for an op with several (named in the message).
struct CheckedAccess {
  MemRefAccess access;
  bool extents = true;
  std::string role;
};

/// A DMA is checked at its start subscripts (each one a memref index) and
/// over all elements it moves (which delinearise across dimensions), and
/// its tag like a scalar access.
std::vector<CheckedAccess> dmaStartAccesses(const AffineDma &dma) {
  std::vector<CheckedAccess> out;
  for (const MemRefAccess &a : getMemRefAccesses(dma.getOp())) {
    std::string role = a.isWrite ? "destination" : "source";
    out.push_back({a, false, role});
    out.push_back({a, true, role});
  }
  out.push_back(
      {getMemRefAccess(dma.getOp(), dma.getTag(), true), false, "tag"});
  return out;
}

std::vector<CheckedAccess> checkedAccesses(Operation *op) {
  if (AffineAccess::get(op))
    return {{getMemRefAccesses(op).front(), true, ""}};
  std::optional<AffineDma> dma = AffineDma::get(op);
  if (!dma)
    return {};
  if (dma->isStart())
    return dmaStartAccesses(*dma);
  return {{getMemRefAccess(op, dma->getTag(), false), false, "tag"}};
}

//===-- runtime sizes -----------------------------------------------------===//

/// True if `v` is the size of dimension `dim` of `memref`: a `memref.dim`
/// of it, or the operand of the alloc that sized it.
bool isSizeOf(Value *v, Value *memref, unsigned dim) {
  Operation *def = v ? v->getDefiningOp() : nullptr;
  if (def && def->isa("memref.dim") && def->getOperand(0) == memref) {
    std::optional<int64_t> d = getConstantIntValue(def->getOperand(1));
    return d && *d == (int64_t)dim;
  }
  Operation *alloc = memref->getDefiningOp();
  if (!alloc || !(alloc->isa("memref.alloc") || alloc->isa("memref.alloca")))
    return false;
  // Dynamic sizes come first among the alloc's operands, in dim order.
  Type type = memref->getType();
  unsigned k = 0;
  for (unsigned r = 0; r < dim; ++r)
    k += type.isDynamicDim(r) ? 1 : 0;
  return k < alloc->getNumOperands() && alloc->getOperand(k) == v;
}

/// Appends a symbol D >= 0 for the size of `?` dimension `dim` and equates
/// it with every symbol known to hold that size; returns its column.
unsigned addRuntimeSize(ConstraintSystem &cst, Value *memref, unsigned dim) {
  unsigned size = cst.appendVar(VarKind::Symbol);
  cst.addBound(BoundType::LB, size, 0);
  for (unsigned pos = cst.getNumDims(); pos < size; ++pos) {
    if (!isSizeOf(cst.getValue(pos), memref, dim))
      continue;
    FlatRow eq(cst.getNumCols(), 0);
    eq[pos] = 1;
    eq[size] = -1;
    cst.addEquality(eq);
  }
  return size;
}

//===-- the checks --------------------------------------------------------===//

enum class Verdict { InBounds, OutOfBounds, MayBeOut };

bool hasIntegerPoint(const ConstraintSystem &cst) {
  return !isIntegerEmpty(cst);
}

/// index_r >= size for a static size; index_r >= D for a `?` one, which
/// only the sizes at run time decide.
Verdict checkUpper(const ConstraintSystem &region, Value *memref, unsigned r) {
  ConstraintSystem cst = region;
  Type type = memref->getType();
  if (!type.isDynamicDim(r)) {
    cst.addBound(BoundType::LB, r, type.getDimSize(r));
    return hasIntegerPoint(cst) ? Verdict::OutOfBounds : Verdict::InBounds;
  }
  unsigned size = addRuntimeSize(cst, memref, r);
  FlatRow beyond(cst.getNumCols(), 0); // index_r - D >= 0
  beyond[r] = 1;
  beyond[size] = -1;
  cst.addInequality(beyond);
  return hasIntegerPoint(cst) ? Verdict::MayBeOut : Verdict::InBounds;
}

Verdict checkLower(const ConstraintSystem &region, unsigned r) {
  ConstraintSystem cst = region;
  cst.addBound(BoundType::UB, r, -1);
  return hasIntegerPoint(cst) ? Verdict::OutOfBounds : Verdict::InBounds;
}

std::string opPrefix(const Operation *op) {
  return "'" + op->getName() + "' op ";
}

/// MLIR's wording, plus in parentheses the operand (for DMAs) and whether
/// the answer depends on sizes known at run time.
std::string verdictMessage(const Operation *op, const std::string &role,
                           Verdict v, bool upper, unsigned r) {
  std::string which = upper ? "upper" : "lower";
  std::string along = " bound access along dimension #" + std::to_string(r + 1);
  std::string note = role;
  if (v == Verdict::MayBeOut)
    note +=
        (note.empty() ? "" : ", ") + std::string("depends on runtime sizes");
  std::string suffix = note.empty() ? "" : " (" + note + ")";
  return opPrefix(op) + "memref " +
         (v == Verdict::MayBeOut ? "may be out of " : "out of ") + which +
         along + suffix;
}

/// Adds `d` unless the op already has the same diagnostic (a DMA's start and
/// transfer checks can find the same violation).
void addUnique(std::vector<BoundsDiagnostic> &out, BoundsDiagnostic d) {
  auto same = [&](const BoundsDiagnostic &o) {
    return o.op == d.op && o.severity == d.severity && o.message == d.message;
  };
  if (std::none_of(out.begin(), out.end(), same))
    out.push_back(std::move(d));
}

void reportVerdict(std::vector<BoundsDiagnostic> &out, const CheckedAccess &c,
                   Verdict v, bool upper, unsigned r) {
  if (v == Verdict::InBounds)
    return;
  Severity sev = v == Verdict::MayBeOut ? Severity::Warning : Severity::Error;
  addUnique(out, {c.access.op, sev,
                  verdictMessage(c.access.op, c.role, v, upper, r)});
}

void reportNotChecked(std::vector<BoundsDiagnostic> &out, Operation *op,
                      const std::string &why) {
  addUnique(out, {op, Severity::Warning,
                  opPrefix(op) + "memref access not checked (" + why + ")"});
}

void checkAccess(std::vector<BoundsDiagnostic> &out, const CheckedAccess &c) {
  Operation *op = c.access.op;
  RegionOptions options;
  options.addMemRefDimBounds = false;
  options.transferExtents = c.extents;
  std::optional<MemRefRegion> region =
      computeMemRefRegion(c.access, /*loopDepth=*/0, options);
  if (!region) {
    reportNotChecked(out, op,
                     c.extents && op->isa("affine.dma_start")
                         ? "the DMA transfer needs constant sizes and a "
                           "static identity-layout memref"
                         : "subscripts or loop bounds are not affine");
    return;
  }
  const ConstraintSystem &cst = region->getConstraints();
  try {
    for (unsigned r = 0; r < region->getRank(); ++r) {
      reportVerdict(out, c, checkUpper(cst, c.access.memref, r), true, r);
      reportVerdict(out, c, checkLower(cst, r), false, r);
    }
  } catch (const CoefficientOverflow &) {
    reportNotChecked(out, op, "coefficients overflow");
  } catch (const AnalysisBudgetExceeded &) {
    reportNotChecked(out, op, "analysis budget exceeded");
  }
}

} // namespace

std::vector<BoundsDiagnostic> checkOpBounds(Operation *op) {
  std::vector<BoundsDiagnostic> out;
  for (const CheckedAccess &c : checkedAccesses(op))
    checkAccess(out, c);
  return out;
}

std::vector<BoundsDiagnostic> checkMemRefBounds(Operation *root) {
  std::vector<BoundsDiagnostic> out;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    std::vector<BoundsDiagnostic> d = checkOpBounds(op);
    out.insert(out.end(), d.begin(), d.end());
  });
  return out;
}

} // namespace affjit

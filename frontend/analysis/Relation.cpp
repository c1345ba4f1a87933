// Relation inverse and composition, after MLIR's IntegerRelation (seed 001,
// "Inverse and Composition" walks through the same steps).
#include "frontend/analysis/Relation.h"

#include "frontend/analysis/DivisionRepr.h"

namespace affjit {

void inverse(Relation &rel) {
  unsigned numRange = rel.getNumRange();
  rel.cst.rotateDims(rel.numDomain);
  rel.numDomain = numRange;
}

void mergeAndAlignSymbols(ConstraintSystem &a, ConstraintSystem &b) {
  unsigned i = 0;
  for (; i < a.getNumSymbols(); ++i) {
    Value *id = a.getValue(a.getNumDims() + i);
    unsigned base = b.getNumDims(), found = b.getNumSymbols();
    for (unsigned k = i; k < b.getNumSymbols(); ++k)
      if (id && b.getValue(base + k) == id) {
        found = k;
        break;
      }
    if (found < b.getNumSymbols()) {
      b.swapVar(base + i, base + found);
    } else {
      unsigned pos = b.insertVar(VarKind::Symbol, i);
      b.setValue(pos, id);
    }
  }
  for (; i < b.getNumSymbols(); ++i) {
    unsigned pos = a.insertVar(VarKind::Symbol, i);
    a.setValue(pos, b.getValue(b.getNumDims() + i));
  }
}

/// Inserts `num` dims at dim position `pos`.
static void insertDims(ConstraintSystem &cst, unsigned pos, unsigned num) {
  cst.insertVar(VarKind::Dim, pos, num);
}

void mergeAndCompose(Relation &self, const Relation &other) {
  Relation result = other;
  unsigned thisDomain = self.numDomain, thisRange = self.getNumRange();
  unsigned otherDomain = other.numDomain, otherRange = other.getNumRange();
  // Both become [otherDomain thisDomain] -> [otherRange thisRange] so their
  // symbols and locals can be merged in one space.
  insertDims(self.cst, 0, otherDomain);
  self.numDomain += otherDomain;
  insertDims(self.cst, self.numDomain, otherRange);
  insertDims(result.cst, otherDomain, thisDomain);
  result.numDomain += thisDomain;
  insertDims(result.cst, result.numDomain + otherRange, thisRange);
  mergeAndAlignSymbols(self.cst, result.cst);
  mergeLocalVars(self.cst, result.cst);
  // result: [otherDomain] -> [thisRange], its B (otherRange) made local.
  result.cst.removeVarRange(otherDomain, otherDomain + thisDomain);
  result.numDomain = otherDomain;
  result.cst.convertToLocal(VarKind::Dim, otherDomain,
                            otherDomain + otherRange);
  // self: [otherDomain] -> [thisRange], its B (thisDomain) made local.
  self.cst.convertToLocal(VarKind::Dim, otherDomain, otherDomain + thisDomain);
  self.numDomain = otherDomain;
  self.cst.removeVarRange(otherDomain, otherDomain + otherRange);
  for (unsigned i = 0; i < otherDomain; ++i)
    if (result.cst.getValue(i))
      self.cst.setValue(i, result.cst.getValue(i));
  for (unsigned i = otherDomain; i < self.cst.getNumDims(); ++i)
    if (self.cst.getValue(i))
      result.cst.setValue(i, self.cst.getValue(i));
  // Equal B columns (now the same locals) equate the two accesses.
  result.cst.append(self.cst);
  result.cst.removeRedundantLocalVars();
  self = std::move(result);
}

} // namespace affjit

// Loop bounds as text (LoopDescription.h).
#include "frontend/transform/utils/LoopDescription.h"

#include <regex>

namespace affjit {

std::string valueName(const Value *value) {
  if (!value || value->getNameHint().empty())
    return "%?";
  return "%" + value->getNameHint();
}

std::string describeLocation(const Operation *op) {
  return std::to_string(op->getLoc().line) + ":" +
         std::to_string(op->getLoc().col);
}

namespace {

/// `expr` printed in MLIR's affine syntax with d_i / s_j replaced by the
/// names of the operands they stand for.
std::string describeExpr(const AffineExpr &expr, unsigned numDims,
                         const std::vector<Value *> &operands) {
  static const std::regex position(R"(\b([ds])([0-9]+)\b)");
  std::string text = expr.str(), out;
  auto last = text.cbegin();
  for (std::sregex_iterator it(text.begin(), text.end(), position), end;
       it != end; ++it) {
    const std::smatch &m = *it;
    unsigned index = std::stoul(m.str(2)) + (m.str(1) == "s" ? numDims : 0);
    out.append(last, m[0].first);
    out += index < operands.size() ? valueName(operands[index]) : m.str(0);
    last = m[0].second;
  }
  out.append(last, text.cend());
  return out;
}

} // namespace

std::string describeBound(const AffineMap &map,
                          const std::vector<Value *> &operands, bool lower) {
  std::vector<AffineExpr> results = map.getResults();
  if (results.size() == 1)
    return describeExpr(results[0], map.getNumDims(), operands);
  std::string text = lower ? "max(" : "min(";
  for (size_t i = 0; i < results.size(); ++i)
    text +=
        (i ? ", " : "") + describeExpr(results[i], map.getNumDims(), operands);
  return text + ")";
}

std::string describeLoopBounds(AffineForOp forOp) {
  std::string text =
      describeBound(forOp.getLowerBoundMap(), forOp.getLowerBoundOperands(),
                    /*lower=*/true) +
      " to " +
      describeBound(forOp.getUpperBoundMap(), forOp.getUpperBoundOperands(),
                    /*lower=*/false);
  if (forOp.getStep() != 1)
    text += " step " + std::to_string(forOp.getStep());
  return text;
}

std::string describeConflict(const DistributionConflict &conflict) {
  if (conflict.kind == DistributionConflict::Kind::OpaqueEffects)
    return "the op at " + describeLocation(conflict.op) +
           " has effects on memory the analysis cannot see";
  return "the access at " + describeLocation(conflict.op) +
         " would run after the one at " + describeLocation(conflict.other) +
         ", which it may precede";
}

} // namespace affjit

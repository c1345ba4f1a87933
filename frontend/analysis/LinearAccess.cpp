// Linear addresses of affine accesses (see LinearAccess.h).
#include "frontend/analysis/LinearAccess.h"

#include "frontend/analysis/AffineFlattening.h"
#include "frontend/analysis/AffineValueMap.h"
#include "frontend/analysis/MemRefRegion.h"
#include "frontend/ir/AffineAccess.h"
#include "frontend/ir/Ops.h"

namespace affjit {

int64_t LinearAccess::byteStrideOf(Value *v) const {
  int64_t stride = 0;
  for (size_t i = 0; i < operands.size(); ++i)
    if (operands[i] == v)
      stride += coefficients[i];
  return stride;
}

static bool isPlainLoadOrStore(Operation *op) {
  return isa<AffineLoadOp>(op) || isa<AffineStoreOp>(op) ||
         isa<AffineVectorLoadOp>(op) || isa<AffineVectorStoreOp>(op);
}

std::optional<LinearAccess> getLinearAccess(Operation *op) {
  auto access = AffineAccess::get(op);
  if (!access || !isPlainLoadOrStore(op))
    return std::nullopt;
  Type type = access->getMemRefType();
  std::optional<int64_t> element = getElementSizeInBytes(type);
  if (!element || !type.hasStaticShape() ||
      type.getLayoutKind() != LayoutKind::Identity)
    return std::nullopt;
  AffineValueMap avm =
      composeAffineValueMap({access->getMap(), access->getMapOperands()});
  FlatExprs flat;
  unsigned inputs = avm.map.getNumInputs();
  if (!flattenAffineExprs(avm.map.getResults(), avm.map.getNumDims(),
                          avm.map.getNumSymbols(), flat))
    return std::nullopt;
  LinearAccess out;
  out.memref = access->getMemRef();
  out.operands = avm.operands;
  out.coefficients.assign(inputs, 0);
  // Row-major: the last subscript's stride is one element.
  int64_t stride = *element;
  for (unsigned r = avm.map.getNumResults(); r-- > 0;) {
    const std::vector<int64_t> &row = flat.rows[r];
    for (unsigned l = inputs; l + 1 < row.size(); ++l)
      if (row[l] != 0) // a division or modulo: not linear
        return std::nullopt;
    for (unsigned i = 0; i < inputs; ++i)
      out.coefficients[i] += row[i] * stride;
    out.constant += row.back() * stride;
    stride *= type.getShape()[r];
  }
  Type value = op->getNumResults() ? op->getResult(0)->getType()
                                   : op->getOperand(0)->getType();
  out.bytes = *element * (value.isVector() ? value.getNumElements() : 1);
  return out;
}

} // namespace affjit

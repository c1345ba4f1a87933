// The operand layouts of the affine memory ops in MLIR 19's generic form.
#include "frontend/ir/AffineAccess.h"

#include <cassert>

namespace affjit {

namespace {

/// The number of map operands `op`'s map attribute `name` takes; nullopt if
/// the attribute is missing or not a map.
std::optional<unsigned> mapInputs(const Operation *op, const char *name) {
  Attribute attr = op->getAttr(name);
  if (!attr.isa(AttrKind::AffineMap))
    return std::nullopt;
  return attr.getAffineMap().getNumInputs();
}

} // namespace

//===-- AffineAccess ------------------------------------------------------===//

std::optional<AffineAccess> AffineAccess::get(Operation *op) {
  bool load = op->isa("affine.load") || op->isa("affine.vector_load");
  bool store = op->isa("affine.store") || op->isa("affine.vector_store");
  if (!load && !store)
    return std::nullopt;
  unsigned memrefIndex = store ? 1 : 0;
  std::optional<unsigned> inputs = mapInputs(op, "map");
  if (!inputs || op->getNumOperands() != memrefIndex + 1 + *inputs)
    return std::nullopt;
  return AffineAccess(op, memrefIndex);
}

bool AffineAccess::isVector() const {
  return op->isa("affine.vector_load") || op->isa("affine.vector_store");
}

AffineMap AffineAccess::getMap() const {
  return op->getAttr("map").getAffineMap();
}

std::vector<Value *> AffineAccess::getMapOperands() const {
  return op->getOperands(memrefIndex + 1, getMap().getNumInputs());
}

Value *AffineAccess::getValueToStore() const {
  return isWrite() ? op->getOperand(0) : nullptr;
}

Type AffineAccess::getVectorType() const {
  if (!isVector())
    return Type();
  return isWrite() ? op->getOperand(0)->getType() : op->getResult(0)->getType();
}

void AffineAccess::setMap(const AffineMap &map,
                          const std::vector<Value *> &operands) {
  assert(operands.size() == map.getNumInputs() &&
         "one operand per map dim and symbol");
  std::vector<Value *> all(op->getOperands().begin(),
                           op->getOperands().begin() + memrefIndex + 1);
  all.insert(all.end(), operands.begin(), operands.end());
  op->setOperands(std::move(all));
  op->setAttr("map", Attribute::affineMap(map));
}

void AffineAccess::setMemRef(Value *memref) {
  op->setOperand(memrefIndex, memref);
}

//===-- AffineDma ---------------------------------------------------------===//

std::optional<AffineDma> AffineDma::get(Operation *op) {
  if (op->isa("affine.dma_wait")) {
    std::optional<unsigned> tagInputs = mapInputs(op, "tag_map");
    if (!tagInputs || op->getNumOperands() != *tagInputs + 2)
      return std::nullopt;
    return AffineDma(op, /*dstIndex=*/0, /*tagIndex=*/0, *tagInputs + 1);
  }
  if (!op->isa("affine.dma_start"))
    return std::nullopt;
  std::optional<unsigned> srcInputs = mapInputs(op, "src_map");
  std::optional<unsigned> dstInputs = mapInputs(op, "dst_map");
  std::optional<unsigned> tagInputs = mapInputs(op, "tag_map");
  if (!srcInputs || !dstInputs || !tagInputs)
    return std::nullopt;
  unsigned dstIndex = 1 + *srcInputs;
  unsigned tagIndex = dstIndex + 1 + *dstInputs;
  unsigned numIndex = tagIndex + 1 + *tagInputs;
  // The element count, then possibly the stride pair.
  unsigned n = op->getNumOperands();
  if (n != numIndex + 1 && n != numIndex + 3)
    return std::nullopt;
  return AffineDma(op, dstIndex, tagIndex, numIndex);
}

AffineMemRefOperand AffineDma::memrefOperand(unsigned at,
                                             const char *mapName) const {
  AffineMemRefOperand m;
  m.memref = op->getOperand(at);
  m.operandIndex = at;
  m.map = op->getAttr(mapName).getAffineMap();
  m.mapOperands = op->getOperands(at + 1, m.map.getNumInputs());
  return m;
}

AffineMemRefOperand AffineDma::getSrc() const {
  assert(isStart() && "dma_wait has no source");
  return memrefOperand(0, "src_map");
}

AffineMemRefOperand AffineDma::getDst() const {
  assert(isStart() && "dma_wait has no destination");
  return memrefOperand(dstIndex, "dst_map");
}

AffineMemRefOperand AffineDma::getTag() const {
  return memrefOperand(tagIndex, "tag_map");
}

bool AffineDma::isStrided() const {
  return op->getNumOperands() == numElementsIndex + 3;
}

Value *AffineDma::getStride() const {
  return isStrided() ? op->getOperand(numElementsIndex + 1) : nullptr;
}

Value *AffineDma::getNumElementsPerStride() const {
  return isStrided() ? op->getOperand(numElementsIndex + 2) : nullptr;
}

} // namespace affjit

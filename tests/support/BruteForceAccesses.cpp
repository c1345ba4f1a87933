// An interpreter of affine loop structure that records accessed elements.
#include "support/BruteForceAccesses.h"

#include "frontend/parse/Parser.h"
#include "frontend/verify/Verifier.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <unordered_map>

namespace affjit::test {

Operation *ParsedModule::func() const {
  for (auto &op : module->getBody().getOperations())
    if (op->isa("func.func"))
      return op.get();
  return nullptr;
}

std::unique_ptr<ParsedModule> parseModuleText(const std::string &text,
                                              std::string *errors) {
  auto parsed = std::make_unique<ParsedModule>();
  parsed->source.name = std::make_shared<const std::string>("input.mlir");
  parsed->source.text = text;
  DiagnosticEngine diag;
  diag.setSource(&parsed->source);
  parsed->module = parseModule(parsed->source, diag);
  if (parsed->module)
    verifyModule(*parsed->module, diag);
  if (!parsed->module || diag.hadError()) {
    if (errors) {
      std::ostringstream os;
      diag.print(os);
      *errors = os.str();
    }
    return nullptr;
  }
  return parsed;
}

std::unique_ptr<ParsedModule> expectParsed(const std::string &text) {
  std::string errors;
  auto parsed = parseModuleText(text, &errors);
  EXPECT_TRUE(parsed) << errors << text;
  return parsed;
}

std::vector<Operation *> affineAccessOps(Operation *func) {
  std::vector<Operation *> ops;
  func->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op->isa("affine.load") || op->isa("affine.store") ||
        op->isa("affine.vector_load") || op->isa("affine.vector_store"))
      ops.push_back(op);
  });
  return ops;
}

namespace {

class Interpreter {
public:
  explicit Interpreter(size_t maxPoints) : maxPoints(maxPoints) {}
  bool runBlock(Block &block);
  AccessTrace trace;

private:
  std::optional<int64_t> valueOf(Value *v) const;
  std::optional<std::vector<int64_t>> apply(const AffineMap &map,
                                            const std::vector<Value *> &ops);
  bool runOp(Operation &op);
  bool runFor(Operation &op);
  bool runIf(Operation &op);
  bool runAccess(Operation &op, unsigned memrefAt, Type vectorType);

  std::unordered_map<Value *, int64_t> env;
  std::vector<int64_t> ivs;
  size_t maxPoints, numPoints = 0;
};

std::optional<int64_t> Interpreter::valueOf(Value *v) const {
  auto it = env.find(v);
  if (it != env.end())
    return it->second;
  Operation *def = v->getDefiningOp();
  if (def && def->isa("arith.constant") && v->getType().isIndex())
    return def->getAttr("value").getInt();
  return std::nullopt;
}

std::optional<std::vector<int64_t>>
Interpreter::apply(const AffineMap &map, const std::vector<Value *> &ops) {
  std::vector<int64_t> dims, syms;
  for (unsigned i = 0; i < ops.size(); ++i) {
    std::optional<int64_t> v = valueOf(ops[i]);
    if (!v)
      return std::nullopt;
    (i < map.getNumDims() ? dims : syms).push_back(*v);
  }
  return map.evaluate(dims, syms);
}

bool Interpreter::runFor(Operation &op) {
  const std::vector<int64_t> &seg = op.getAttr("operandSegmentSizes").getInts();
  auto lbs = apply(op.getAttr("lowerBoundMap").getAffineMap(),
                   op.getOperands(0, (unsigned)seg[0]));
  auto ubs = apply(op.getAttr("upperBoundMap").getAffineMap(),
                   op.getOperands((unsigned)seg[0], (unsigned)seg[1]));
  if (!lbs || !ubs || lbs->empty() || ubs->empty())
    return false;
  int64_t lb = *std::max_element(lbs->begin(), lbs->end());
  int64_t ub = *std::min_element(ubs->begin(), ubs->end());
  int64_t step = op.getAttr("step").getInt();
  Block &body = op.getRegion(0).front();
  Value *iv = body.getArgument(0);
  for (int64_t i = lb; i < ub; i += step) {
    env[iv] = i;
    ivs.push_back(i);
    bool ok = runBlock(body);
    ivs.pop_back();
    if (!ok)
      return false;
  }
  return true;
}

bool Interpreter::runIf(Operation &op) {
  IntegerSet set = op.getAttr("condition").getIntegerSet();
  std::vector<int64_t> dims, syms;
  for (unsigned i = 0; i < op.getNumOperands(); ++i) {
    std::optional<int64_t> v = valueOf(op.getOperand(i));
    if (!v)
      return false;
    (i < set.getNumDims() ? dims : syms).push_back(*v);
  }
  std::optional<bool> holds = set.evaluate(dims, syms);
  if (!holds)
    return false;
  Region &region = op.getRegion(*holds ? 0 : 1);
  return region.empty() || runBlock(region.front());
}

bool Interpreter::runAccess(Operation &op, unsigned memrefAt, Type vectorType) {
  AffineMap map = op.getAttr("map").getAffineMap();
  auto index = apply(map, op.getOperands(memrefAt + 1, map.getNumInputs()));
  if (!index)
    return false;
  std::vector<int64_t> shape;
  if (vectorType)
    shape = vectorType.getShape();
  // Every element of the vector: an odometer over its shape, added to the
  // trailing subscripts.
  std::vector<int64_t> offset(shape.size(), 0);
  size_t first = index->size() - shape.size();
  while (true) {
    AccessPoint p{ivs, *index, numPoints};
    for (size_t j = 0; j < shape.size(); ++j)
      p.index[first + j] += offset[j];
    trace[&op].push_back(std::move(p));
    if (++numPoints > maxPoints)
      return false;
    size_t j = shape.size();
    while (j > 0 && ++offset[j - 1] == shape[j - 1])
      offset[--j] = 0;
    if (j == 0)
      return true;
  }
}

bool Interpreter::runOp(Operation &op) {
  const std::string &n = op.getName();
  if (n == "affine.for")
    return runFor(op);
  if (n == "affine.if")
    return runIf(op);
  if (n == "affine.apply") {
    auto v = apply(op.getAttr("map").getAffineMap(), op.getOperands());
    if (!v)
      return false;
    env[op.getResult(0)] = (*v)[0];
    return true;
  }
  if (n == "affine.load")
    return runAccess(op, 0, Type());
  if (n == "affine.store")
    return runAccess(op, 1, Type());
  if (n == "affine.vector_load")
    return runAccess(op, 0, op.getResult(0)->getType());
  if (n == "affine.vector_store")
    return runAccess(op, 1, op.getOperand(0)->getType());
  return true;
}

bool Interpreter::runBlock(Block &block) {
  for (auto &op : block.getOperations())
    if (!runOp(*op))
      return false;
  return true;
}

} // namespace

std::optional<AccessTrace> traceAccesses(Operation *func, size_t maxPoints) {
  Interpreter interp(maxPoints);
  if (!interp.runBlock(func->getRegion(0).front()))
    return std::nullopt;
  return std::move(interp.trace);
}

bool isOverApproximated(Operation *op) {
  for (Operation *p = op; p->getParentOp(); p = p->getParentOp()) {
    Operation *parent = p->getParentOp();
    if (parent->isa("affine.if") && parent->getNumRegions() > 1 &&
        p->getBlock()->getParent() == &parent->getRegion(1)) {
      IntegerSet set = parent->getAttr("condition").getIntegerSet();
      if (set.getNumConstraints() != 1 || set.isEq(0))
        return true;
    }
    if (parent->isa("affine.for") && parent->getAttr("step").getInt() != 1 &&
        parent->getAttr("lowerBoundMap").getAffineMap().getNumResults() > 1)
      return true;
  }
  return false;
}

} // namespace affjit::test

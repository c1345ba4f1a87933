// Ownership, use lists and structural edits of affjit's IR.
#include "frontend/ir/IR.h"

#include <algorithm>

namespace affjit {

//===-- Value
//--------------------------------------------------------------===//

Block *Value::getParentBlock() const {
  return defOp ? defOp->getBlock() : ownerBlock;
}

void Value::replaceAllUsesWith(Value *other) {
  if (other == this)
    return;
  // setOperand edits `uses`, so iterate over a copy.
  std::vector<Use> copy = uses;
  for (const Use &u : copy)
    u.user->setOperand(u.index, other);
}

static void removeUse(Value *v, Operation *user, unsigned index) {
  auto &uses = const_cast<std::vector<Use> &>(v->getUses());
  auto it = std::find(uses.begin(), uses.end(), Use{user, index});
  if (it != uses.end())
    uses.erase(it);
}

static void addUse(Value *v, Operation *user, unsigned index) {
  const_cast<std::vector<Use> &>(v->getUses()).push_back(Use{user, index});
}

//===-- Region / Block
//-----------------------------------------------------===//

Block *Region::addBlock() {
  blocks.push_back(std::make_unique<Block>(this));
  return blocks.back().get();
}

void Region::takeBody(Region &other) {
  for (auto &b : other.blocks) {
    b->parentRegion = this;
    blocks.push_back(std::move(b));
  }
  other.blocks.clear();
}

Block::~Block() {
  // Drop every operand reference first so no op outlives a value it uses.
  for (auto &op : ops)
    op->dropAllUses();
  ops.clear();
}

Value *Block::addArgument(Type type) {
  args.push_back(std::unique_ptr<Value>(
      new Value(type, nullptr, this, (unsigned)args.size())));
  return args.back().get();
}

std::vector<Value *> Block::getArguments() const {
  std::vector<Value *> out;
  for (auto &a : args)
    out.push_back(a.get());
  return out;
}

Operation *Block::getTerminator() const {
  return ops.empty() ? nullptr : ops.back().get();
}

Operation *Block::insert(Operation *before, std::unique_ptr<Operation> op) {
  Operation *raw = op.get();
  auto where = before ? before->position : ops.end();
  raw->position = ops.insert(where, std::move(op));
  raw->parentBlock = this;
  return raw;
}

//===-- Operation
//----------------------------------------------------------===//

std::unique_ptr<Operation> Operation::create(std::string name, Location loc,
                                             std::vector<Value *> operands,
                                             std::vector<Type> resultTypes,
                                             std::vector<NamedAttribute> attrs,
                                             unsigned numRegions) {
  std::unique_ptr<Operation> op(new Operation());
  op->name = std::move(name);
  op->loc = std::move(loc);
  op->setOperands(std::move(operands));
  for (unsigned i = 0; i < resultTypes.size(); ++i)
    op->results.push_back(std::unique_ptr<Value>(
        new Value(resultTypes[i], op.get(), nullptr, i)));
  for (auto &a : attrs)
    op->setAttr(a.name, a.value);
  for (unsigned i = 0; i < numRegions; ++i)
    op->regions.push_back(std::make_unique<Region>(op.get()));
  return op;
}

Operation::~Operation() {
  dropAllUses();
  regions.clear();
}

void Operation::dropAllUses() {
  // Blocks drop their ops' uses before destroying them, and nested blocks
  // do so again: the flag keeps teardown linear instead of O(ops * depth).
  if (usesDropped)
    return;
  for (unsigned i = 0; i < operands.size(); ++i)
    if (operands[i])
      removeUse(operands[i], this, i);
  operands.clear();
  for (auto &r : regions)
    for (auto &b : r->getBlocks())
      for (auto &op : b->ops)
        op->dropAllUses();
  usesDropped = true;
}

std::string_view Operation::getDialect() const {
  std::string_view n = name;
  size_t dot = n.find('.');
  return dot == std::string_view::npos ? std::string_view() : n.substr(0, dot);
}

std::vector<Value *> Operation::getOperands(unsigned begin,
                                            unsigned count) const {
  return std::vector<Value *>(operands.begin() + begin,
                              operands.begin() + begin + count);
}

void Operation::setOperand(unsigned i, Value *v) {
  if (operands[i])
    removeUse(operands[i], this, i);
  operands[i] = v;
  if (v)
    addUse(v, this, i);
}

void Operation::setOperands(std::vector<Value *> newOperands) {
  for (unsigned i = 0; i < operands.size(); ++i)
    if (operands[i])
      removeUse(operands[i], this, i);
  operands = std::move(newOperands);
  for (unsigned i = 0; i < operands.size(); ++i)
    if (operands[i])
      addUse(operands[i], this, i);
}

std::vector<Value *> Operation::getResults() const {
  std::vector<Value *> out;
  for (auto &r : results)
    out.push_back(r.get());
  return out;
}

std::vector<Type> Operation::getResultTypes() const {
  std::vector<Type> out;
  for (auto &r : results)
    out.push_back(r->getType());
  return out;
}

std::vector<Type> Operation::getOperandTypes() const {
  std::vector<Type> out;
  for (Value *v : operands)
    out.push_back(v->getType());
  return out;
}

Attribute Operation::getAttr(std::string_view n) const {
  for (auto &a : attrs)
    if (a.name == n)
      return a.value;
  return Attribute();
}

void Operation::setAttr(std::string_view n, Attribute value) {
  auto it = std::lower_bound(
      attrs.begin(), attrs.end(), n,
      [](const NamedAttribute &a, std::string_view k) { return a.name < k; });
  if (it != attrs.end() && it->name == n)
    it->value = value;
  else
    attrs.insert(it, NamedAttribute{std::string(n), value});
}

void Operation::removeAttr(std::string_view n) {
  std::erase_if(attrs, [&](const NamedAttribute &a) { return a.name == n; });
}

bool Operation::isAncestorOrSelf(const Operation *other) const {
  for (const Operation *op = this; op; op = op->getParentOp())
    if (op == other)
      return true;
  return false;
}

Operation *Operation::getNextNode() const {
  if (!parentBlock)
    return nullptr;
  auto it = std::next(position);
  return it == parentBlock->ops.end() ? nullptr : it->get();
}

Operation *Operation::getPrevNode() const {
  if (!parentBlock || position == parentBlock->ops.begin())
    return nullptr;
  return std::prev(position)->get();
}

std::unique_ptr<Operation> Operation::remove() {
  Block *b = parentBlock;
  std::unique_ptr<Operation> self = std::move(*position);
  b->ops.erase(position);
  parentBlock = nullptr;
  return self;
}

void Operation::erase() {
  if (parentBlock)
    remove(); // the returned owner destroys it
  else
    delete this;
}

void Operation::moveBefore(Operation *other) {
  std::unique_ptr<Operation> self = remove();
  other->getBlock()->insert(other, std::move(self));
}

std::unique_ptr<Operation>
Operation::clone(std::unordered_map<Value *, Value *> &mapping) const {
  std::vector<Value *> newOperands;
  for (Value *v : operands) {
    auto it = mapping.find(v);
    newOperands.push_back(it == mapping.end() ? v : it->second);
  }
  auto op = create(name, loc, std::move(newOperands), getResultTypes(), attrs,
                   (unsigned)regions.size());
  for (unsigned i = 0; i < results.size(); ++i) {
    op->results[i]->setNameHint(results[i]->getNameHint());
    mapping[results[i].get()] = op->results[i].get();
  }
  for (unsigned r = 0; r < regions.size(); ++r) {
    for (auto &block : regions[r]->getBlocks()) {
      Block *nb = op->regions[r]->addBlock();
      for (auto &arg : block->args) {
        Value *na = nb->addArgument(arg->getType());
        na->setNameHint(arg->getNameHint());
        mapping[arg.get()] = na;
      }
      for (auto &inner : block->ops)
        nb->push_back(inner->clone(mapping));
    }
  }
  return op;
}

void Operation::walk(const std::function<void(Operation *)> &fn) {
  fn(this);
  for (auto &r : regions)
    for (auto &b : r->getBlocks())
      for (auto it = b->ops.begin(); it != b->ops.end();) {
        Operation *op = (it++)->get(); // fn may erase nothing but this op
        op->walk(fn);
      }
}

//===-- Module
//-------------------------------------------------------------===//

Module::Module() {
  op = Operation::create("builtin.module", Location(), {}, {}, {}, 1);
  op->getRegion(0).addBlock();
}

Module::Module(std::unique_ptr<Operation> moduleOp) : op(std::move(moduleOp)) {}

Operation *Module::lookupSymbol(std::string_view name) const {
  for (auto &o : getBody().getOperations()) {
    Attribute sym = o->getAttr("sym_name");
    if (sym && sym.getString() == name)
      return o.get();
  }
  return nullptr;
}

} // namespace affjit

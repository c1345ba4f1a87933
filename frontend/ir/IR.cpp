// Ownership, use lists and structural edits of affjit's IR.
#include "frontend/ir/IR.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <unordered_set>

namespace affjit {

/// A structural edit that would leave the IR inconsistent (erasing a value
/// that is still used) is a bug in the pass making it: stop with a message
/// rather than continue with dangling uses.
[[noreturn]] static void fatalIRError(const std::string &msg) {
  std::fprintf(stderr, "affjit: internal IR error: %s\n", msg.c_str());
  std::abort();
}

//===-- OpOperand / Value -------------------------------------------------===//

void OpOperand::link(Value *v) {
  value = v;
  if (!v)
    return;
  prev = v->lastUse;
  next = nullptr;
  if (prev)
    prev->next = this;
  else
    v->firstUse = this;
  v->lastUse = this;
  ++v->numUses;
}

void OpOperand::unlink() {
  if (!value)
    return;
  if (prev)
    prev->next = next;
  else
    value->firstUse = next;
  if (next)
    next->prev = prev;
  else
    value->lastUse = prev;
  --value->numUses;
  value = nullptr;
  prev = next = nullptr;
}

Value::~Value() {
  // Only reached with uses when a whole tree is torn down in an order that
  // destroys a value before its users; clear them so none dangles.
  while (firstUse) {
    OpOperand *use = firstUse;
    use->getOwner()->operands[use->getOperandNumber()] = nullptr;
    use->unlink();
  }
}

Block *Value::getParentBlock() const {
  return defOp ? defOp->getBlock() : ownerBlock;
}

std::vector<OpOperand *> Value::getOperandUses() const {
  std::vector<OpOperand *> out;
  out.reserve(numUses);
  for (OpOperand *u = firstUse; u; u = u->getNextUse())
    out.push_back(u);
  return out;
}

std::vector<Operation *> Value::getUsers() const {
  std::vector<Operation *> out;
  std::unordered_set<Operation *> seen;
  for (OpOperand *u = firstUse; u; u = u->getNextUse())
    if (seen.insert(u->getOwner()).second)
      out.push_back(u->getOwner());
  return out;
}

void Value::replaceAllUsesWith(Value *other) {
  if (other == this)
    return;
  while (firstUse)
    firstUse->getOwner()->setOperand(firstUse->getOperandNumber(), other);
}

void Value::replaceUsesWithIf(
    Value *other, const std::function<bool(OpOperand &)> &shouldReplace) {
  if (other == this)
    return;
  for (OpOperand *use : getOperandUses())
    if (shouldReplace(*use))
      use->getOwner()->setOperand(use->getOperandNumber(), other);
}

void Value::replaceAllUsesExcept(Value *other, Operation *exception) {
  replaceUsesWithIf(
      other, [&](OpOperand &use) { return use.getOwner() != exception; });
}

//===-- Region / Block ----------------------------------------------------===//

Block *Region::addBlock() {
  blocks.push_back(std::make_unique<Block>(this));
  return blocks.back().get();
}

Block *Region::insertBlockAfter(Block *after) {
  auto it = std::find_if(blocks.begin(), blocks.end(),
                         [&](const auto &b) { return b.get() == after; });
  if (it == blocks.end())
    fatalIRError("insertBlockAfter: the block is not in this region");
  return blocks.insert(it + 1, std::make_unique<Block>(this))->get();
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
  return insertArgument(getNumArguments(), type);
}

Value *Block::insertArgument(unsigned index, Type type) {
  auto it = args.insert(args.begin() + index, std::unique_ptr<Value>(new Value(
                                                  type, nullptr, this, index)));
  for (unsigned i = index + 1; i < args.size(); ++i)
    args[i]->index = i;
  return it->get();
}

void Block::eraseArgument(unsigned index) {
  if (!args[index]->use_empty())
    fatalIRError("erasing block argument #" + std::to_string(index) +
                 " that still has uses");
  args.erase(args.begin() + index);
  for (unsigned i = index; i < args.size(); ++i)
    args[i]->index = i;
}

std::vector<Value *> Block::getArguments() const {
  std::vector<Value *> out;
  for (auto &a : args)
    out.push_back(a.get());
  return out;
}

Operation *Block::getTerminator() const {
  if (ops.empty() || !ops.back()->isTerminator())
    return nullptr;
  return ops.back().get();
}

Operation *Block::insert(Operation *before, std::unique_ptr<Operation> op) {
  Operation *raw = op.get();
  auto where = before ? before->position : ops.end();
  raw->position = ops.insert(where, std::move(op));
  raw->parentBlock = this;
  orderValid = false;
  return raw;
}

void Block::spliceOps(Block *to, OpList::iterator where, Block *from,
                      OpList::iterator first, OpList::iterator last) {
  // Moving a range into itself is undefined for std::list; an op moved to
  // where it already is (before itself or its successor) stays.
  for (auto it = first; it != last; ++it)
    if (it == where)
      return;
  if (to == from && where == last)
    return;
  for (auto it = first; it != last; ++it)
    (*it)->parentBlock = to;
  to->getOperations().splice(where, from->getOperations(), first, last);
}
Block *Block::splitBefore(Operation *before) {
  if (before->getBlock() != this)
    fatalIRError("splitBefore: the op is not in this block");
  Block *tail = parentRegion->insertBlockAfter(this);
  Block::spliceOps(tail, tail->ops.end(), this, before->position, ops.end());
  orderValid = false;
  return tail;
}

void Block::inlineBefore(Block *dest, Operation *before,
                         const std::vector<Value *> &argValues) {
  if (dest == this)
    fatalIRError("inlineBefore: a block cannot be inlined into itself");
  if (argValues.size() != args.size())
    fatalIRError("inlineBefore: " + std::to_string(argValues.size()) +
                 " values for " + std::to_string(args.size()) + " arguments");
  for (size_t i = 0; i < args.size(); ++i)
    args[i]->replaceAllUsesWith(argValues[i]);
  auto where = before ? before->position : dest->ops.end();
  Block::spliceOps(dest, where, this, ops.begin(), ops.end());
  dest->orderValid = false;
}

void Block::renumberOps() const {
  unsigned i = 0;
  for (auto &op : ops)
    op->orderIndex = i++;
  orderValid = true;
}

//===-- Operation ---------------------------------------------------------===//

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
  unlinkOperands();
  operands.clear();
  slots.reset();
  for (auto &r : regions)
    for (auto &b : r->getBlocks())
      for (auto &op : b->ops)
        op->dropAllUses();
  usesDropped = true;
}

void Operation::unlinkOperands() {
  for (unsigned i = 0; i < operands.size(); ++i)
    slots[i].unlink();
}

void Operation::linkOperands() {
  slots.reset(operands.empty() ? nullptr : new OpOperand[operands.size()]);
  for (unsigned i = 0; i < operands.size(); ++i) {
    slots[i].owner = this;
    slots[i].index = i;
    slots[i].link(operands[i]);
  }
}

std::string_view Operation::getDialect() const {
  std::string_view n = name;
  size_t dot = n.find('.');
  return dot == std::string_view::npos ? std::string_view() : n.substr(0, dot);
}

bool Operation::isTerminator() const {
  return name == "affine.yield" || name == "func.return" ||
         name == "memref.alloca_scope.return" || name == "scf.yield" ||
         name == "scf.condition" || name == "scf.reduce" ||
         name == "scf.reduce.return" || name == "memref.atomic_yield";
}

std::vector<Value *> Operation::getOperands(unsigned begin,
                                            unsigned count) const {
  return std::vector<Value *>(operands.begin() + begin,
                              operands.begin() + begin + count);
}

void Operation::setOperand(unsigned i, Value *v) {
  slots[i].unlink();
  operands[i] = v;
  slots[i].link(v);
}

void Operation::setOperands(std::vector<Value *> newOperands) {
  unlinkOperands();
  operands = std::move(newOperands);
  linkOperands();
}

void Operation::replaceOperands(unsigned begin, unsigned count,
                                const std::vector<Value *> &values) {
  std::vector<Value *> next(operands.begin(), operands.begin() + begin);
  next.insert(next.end(), values.begin(), values.end());
  next.insert(next.end(), operands.begin() + begin + count, operands.end());
  setOperands(std::move(next));
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

void Operation::replaceAllUsesWith(const std::vector<Value *> &values) {
  if (values.size() != results.size())
    fatalIRError("replacing the " + std::to_string(results.size()) +
                 " results of '" + name + "' with " +
                 std::to_string(values.size()) + " values");
  for (size_t i = 0; i < results.size(); ++i)
    results[i]->replaceAllUsesWith(values[i]);
}

bool Operation::use_empty() const {
  return std::all_of(results.begin(), results.end(),
                     [](const auto &r) { return r->use_empty(); });
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

Operation *Operation::getParentWithName(std::string_view opName) const {
  for (Operation *p = getParentOp(); p; p = p->getParentOp())
    if (p->name == opName)
      return p;
  return nullptr;
}

bool Operation::isAncestorOrSelf(const Operation *other) const {
  for (const Operation *op = this; op; op = op->getParentOp())
    if (op == other)
      return true;
  return false;
}

bool Operation::isBeforeInBlock(const Operation *other) const {
  if (!parentBlock || parentBlock != other->parentBlock)
    fatalIRError("isBeforeInBlock: the ops are not in one block");
  if (!parentBlock->orderValid)
    parentBlock->renumberOps();
  return orderIndex < other->orderIndex;
}

Operation *Operation::findAncestorOpInBlock(const Block &block) {
  for (Operation *op = this; op; op = op->getParentOp())
    if (op->parentBlock == &block)
      return op;
  return nullptr;
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
  b->orderValid = false;
  parentBlock = nullptr;
  return self;
}

void Operation::erase() {
  for (auto &r : results)
    if (!r->use_empty())
      fatalIRError("erasing '" + name + "' whose result #" +
                   std::to_string(r->getIndex()) + " still has " +
                   std::to_string(r->getNumUses()) + " use(s)");
  if (parentBlock)
    remove(); // the returned owner destroys it
  else
    delete this;
}

void Operation::moveBefore(Operation *other) {
  Block *from = parentBlock;
  Block::spliceOps(other->parentBlock, other->position, from, position,
                   std::next(position));
  from->orderValid = false;
  parentBlock->orderValid = false;
}

void Operation::moveAfter(Operation *other) {
  Block *from = parentBlock;
  Block::spliceOps(other->parentBlock, std::next(other->position), from,
                   position, std::next(position));
  from->orderValid = false;
  parentBlock->orderValid = false;
}

void Operation::moveToEnd(Block *block, bool beforeTerminator) {
  Operation *term = beforeTerminator ? block->getTerminator() : nullptr;
  if (term == this)
    return;
  Block *from = parentBlock;
  Block::spliceOps(block, term ? term->position : block->ops.end(), from,
                   position, std::next(position));
  from->orderValid = false;
  block->orderValid = false;
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

std::unique_ptr<Operation> Operation::clone() const {
  std::unordered_map<Value *, Value *> mapping;
  return clone(mapping);
}

WalkResult
Operation::walkImpl(Operation *op, WalkOrder order,
                    const std::function<WalkResult(Operation *)> &fn) {
  if (order == WalkOrder::PreOrder) {
    WalkResult r = fn(op);
    if (r.wasInterrupted())
      return r;
    if (r.wasSkipped())
      return WalkResult::advance();
  }
  // Indices and a pre-advanced iterator: the callback may erase the op it
  // is given (post-order) or add blocks, without invalidating the walk.
  for (auto &region : op->regions)
    for (size_t b = 0; b < region->blocks.size(); ++b) {
      OpList &list = region->blocks[b]->ops;
      for (auto it = list.begin(); it != list.end();) {
        Operation *child = (it++)->get();
        if (walkImpl(child, order, fn).wasInterrupted())
          return WalkResult::interrupt();
      }
    }
  if (order == WalkOrder::PostOrder && fn(op).wasInterrupted())
    return WalkResult::interrupt();
  return WalkResult::advance();
}

//===-- Module ------------------------------------------------------------===//

Module::Module() {
  op = Operation::create("builtin.module", Location(), {}, {}, {}, 1);
  op->getRegion(0).addBlock();
}

Module::Module(std::unique_ptr<Operation> moduleOp) : op(std::move(moduleOp)) {}

Attribute getSymbolNameAttr(const Operation &op) {
  return op.getAttr(attrname::SymName);
}

Attribute getSymbolVisibilityAttr(const Operation &op) {
  return op.getAttr(attrname::SymVisibility);
}

Operation *Module::lookupSymbol(std::string_view name) const {
  for (auto &o : getBody().getOperations()) {
    Attribute sym = getSymbolNameAttr(*o);
    if (sym && sym.getString() == name)
      return o.get();
  }
  return nullptr;
}

std::string_view dialectOfOpName(std::string_view opName) {
  size_t dot = opName.find('.');
  return dot == std::string_view::npos ? "" : opName.substr(0, dot);
}

bool isDefinedInside(const Value *v, const Operation *op) {
  const Operation *def = v->getDefiningOp();
  if (!def && v->getParentBlock())
    def = v->getParentBlock()->getParentOp();
  return def && def->isAncestorOrSelf(op);
}

} // namespace affjit

// The structure of affjit's IR: SSA values with use lists, operations with
// operands, results, attributes and regions, blocks and regions, and the
// module. Operations are generic (a name plus MLIR's generic-form contents);
// op-specific meaning lives in the dialect accessors (Ops.h). The structure
// supports the rewrites passes need: erase, replace-all-uses, move, and clone
// with value mapping.
#pragma once

#include "frontend/ir/Attributes.h"
#include "frontend/ir/Types.h"

#include <cstdint>
#include <functional>
#include <list>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace affjit {

class Block;
class Operation;
class Region;

/// A source position (1-based line and column) in a named buffer.
struct Location {
  std::shared_ptr<const std::string> file;
  unsigned line = 0, col = 0;
  bool isKnown() const { return line != 0; }
};

/// One use of a value: operand `index` of `user`.
struct Use {
  Operation *user;
  unsigned index;
  bool operator==(const Use &o) const {
    return user == o.user && index == o.index;
  }
};

/// An SSA value: an operation result or a block argument.
class Value {
public:
  Type getType() const { return type; }
  void setType(Type t) { type = t; }
  /// The defining operation, or null for block arguments.
  Operation *getDefiningOp() const { return defOp; }
  /// The block owning a block argument, or the block of the defining op.
  Block *getParentBlock() const;
  bool isBlockArgument() const { return defOp == nullptr; }
  /// Result number or argument number.
  unsigned getIndex() const { return index; }
  const std::vector<Use> &getUses() const { return uses; }
  bool use_empty() const { return uses.empty(); }
  void replaceAllUsesWith(Value *other);
  /// The name the value had in the source (without '%'), kept as a hint.
  const std::string &getNameHint() const { return nameHint; }
  void setNameHint(std::string s) { nameHint = std::move(s); }

private:
  friend class Operation;
  friend class Block;
  Value(Type t, Operation *def, Block *block, unsigned idx)
      : type(t), defOp(def), ownerBlock(block), index(idx) {}
  Type type;
  Operation *defOp;
  Block *ownerBlock;
  unsigned index;
  std::vector<Use> uses;
  std::string nameHint;
};

/// A region: a list of blocks owned by an operation.
class Region {
public:
  explicit Region(Operation *parent) : parentOp(parent) {}
  Operation *getParentOp() const { return parentOp; }
  bool empty() const { return blocks.empty(); }
  Block &front() { return *blocks.front(); }
  const std::vector<std::unique_ptr<Block>> &getBlocks() const {
    return blocks;
  }
  Block *addBlock();
  /// Moves all blocks of `other` into this region.
  void takeBody(Region &other);

private:
  Operation *parentOp;
  std::vector<std::unique_ptr<Block>> blocks;
};

using OpList = std::list<std::unique_ptr<Operation>>;

/// A block: arguments plus an ordered list of operations.
class Block {
public:
  explicit Block(Region *parent) : parentRegion(parent) {}
  ~Block();
  Region *getParent() const { return parentRegion; }
  Operation *getParentOp() const {
    return parentRegion ? parentRegion->getParentOp() : nullptr;
  }
  Value *addArgument(Type type);
  unsigned getNumArguments() const { return (unsigned)args.size(); }
  Value *getArgument(unsigned i) const { return args[i].get(); }
  std::vector<Value *> getArguments() const;

  OpList &getOperations() { return ops; }
  const OpList &getOperations() const { return ops; }
  bool empty() const { return ops.empty(); }
  Operation &front() { return *ops.front(); }
  Operation &back() { return *ops.back(); }
  /// The last operation if it is a terminator of its dialect, else null.
  Operation *getTerminator() const;

  /// Inserts `op` before `before` (null: at the end) and takes ownership.
  Operation *insert(Operation *before, std::unique_ptr<Operation> op);
  Operation *push_back(std::unique_ptr<Operation> op) {
    return insert(nullptr, std::move(op));
  }

private:
  friend class Region;
  friend class Operation;
  Region *parentRegion;
  std::vector<std::unique_ptr<Value>> args;
  OpList ops;
};

/// A generic operation: MLIR's generic form in memory.
class Operation {
public:
  static std::unique_ptr<Operation> create(std::string name, Location loc,
                                           std::vector<Value *> operands,
                                           std::vector<Type> resultTypes,
                                           std::vector<NamedAttribute> attrs,
                                           unsigned numRegions);
  ~Operation();

  const std::string &getName() const { return name; }
  bool isa(std::string_view n) const { return name == n; }
  /// The dialect prefix of the name (`affine` for `affine.for`).
  std::string_view getDialect() const;
  const Location &getLoc() const { return loc; }
  void setLoc(Location l) { loc = std::move(l); }

  // Operands.
  unsigned getNumOperands() const { return (unsigned)operands.size(); }
  Value *getOperand(unsigned i) const { return operands[i]; }
  const std::vector<Value *> &getOperands() const { return operands; }
  std::vector<Value *> getOperands(unsigned begin, unsigned count) const;
  void setOperand(unsigned i, Value *v);
  void setOperands(std::vector<Value *> newOperands);

  // Results.
  unsigned getNumResults() const { return (unsigned)results.size(); }
  Value *getResult(unsigned i) const { return results[i].get(); }
  std::vector<Value *> getResults() const;
  std::vector<Type> getResultTypes() const;
  std::vector<Type> getOperandTypes() const;

  // Attributes, kept sorted by name like MLIR's dictionaries.
  const std::vector<NamedAttribute> &getAttrs() const { return attrs; }
  Attribute getAttr(std::string_view n) const;
  bool hasAttr(std::string_view n) const { return (bool)getAttr(n); }
  void setAttr(std::string_view n, Attribute value);
  void removeAttr(std::string_view n);

  // Regions.
  unsigned getNumRegions() const { return (unsigned)regions.size(); }
  Region &getRegion(unsigned i) { return *regions[i]; }
  const Region &getRegion(unsigned i) const { return *regions[i]; }

  // Position in the IR.
  Block *getBlock() const { return parentBlock; }
  Operation *getParentOp() const {
    return parentBlock ? parentBlock->getParentOp() : nullptr;
  }
  /// True if `this` is `other` or nested inside it.
  bool isAncestorOrSelf(const Operation *other) const;
  Operation *getNextNode() const;
  Operation *getPrevNode() const;

  /// Detaches from the parent block and returns ownership.
  std::unique_ptr<Operation> remove();
  /// Destroys the op; its results must have no uses left.
  void erase();
  void moveBefore(Operation *other);
  /// Deep copy; values defined outside are looked up in (and new values
  /// recorded into) `mapping`.
  std::unique_ptr<Operation>
  clone(std::unordered_map<Value *, Value *> &mapping) const;

  /// Pre-order walk over this op and all nested ops.
  void walk(const std::function<void(Operation *)> &fn);

private:
  Operation() = default;
  friend class Block;
  void dropAllUses();
  std::string name;
  Location loc;
  std::vector<Value *> operands;
  std::vector<std::unique_ptr<Value>> results;
  std::vector<NamedAttribute> attrs;
  std::vector<std::unique_ptr<Region>> regions;
  Block *parentBlock = nullptr;
  OpList::iterator position;
  bool usesDropped = false;
};

/// The top-level container: a `builtin.module` op with one block.
class Module {
public:
  Module();
  explicit Module(std::unique_ptr<Operation> moduleOp);
  Operation *getOperation() const { return op.get(); }
  Block &getBody() const { return op->getRegion(0).front(); }
  /// The `func.func` (or other symbol op) named `name`, or null.
  Operation *lookupSymbol(std::string_view name) const;

private:
  std::unique_ptr<Operation> op;
};

} // namespace affjit

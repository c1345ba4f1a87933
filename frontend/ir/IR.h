// The structure of affjit's IR: SSA values with use lists, operations with
// operands, results, attributes and regions, blocks and regions, and the
// module. Operations are generic (a name plus MLIR's generic-form contents);
// op-specific meaning lives in the typed views of Ops.h. The structure
// supports the rewrites passes need: erase, replace uses, move, split and
// inline blocks, edit block arguments, and clone with value mapping. Use
// lists are intrusive doubly-linked lists, so adding or removing one use is
// O(1) and redirecting every use of a value is linear.
#pragma once

#include "frontend/ir/Attributes.h"
#include "frontend/ir/Types.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <iterator>
#include <list>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <vector>

namespace affjit {

class Block;
class Operation;
class Region;
class Value;

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

/// One operand slot of an operation, linked into the use list of the value
/// it holds.
class OpOperand {
public:
  Value *get() const { return value; }
  Operation *getOwner() const { return owner; }
  unsigned getOperandNumber() const { return index; }
  OpOperand *getNextUse() const { return next; }

private:
  friend class Operation;
  friend class Value;
  void link(Value *v);
  void unlink();
  Value *value = nullptr;
  Operation *owner = nullptr;
  unsigned index = 0;
  OpOperand *prev = nullptr, *next = nullptr;
};

/// The uses of a value in the order they were made. Editing operands while
/// iterating invalidates the range: take `getUsers()` or a copy first.
class UseRange {
public:
  class iterator {
  public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Use;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = Use;
    explicit iterator(OpOperand *o) : cur(o) {}
    Use operator*() const {
      return Use{cur->getOwner(), cur->getOperandNumber()};
    }
    iterator &operator++() {
      cur = cur->getNextUse();
      return *this;
    }
    iterator operator++(int) {
      iterator old = *this;
      ++*this;
      return old;
    }
    bool operator==(const iterator &o) const { return cur == o.cur; }
    bool operator!=(const iterator &o) const { return cur != o.cur; }

  private:
    OpOperand *cur;
  };
  UseRange(OpOperand *first, size_t count) : first(first), count(count) {}
  iterator begin() const { return iterator(first); }
  iterator end() const { return iterator(nullptr); }
  size_t size() const { return count; }
  bool empty() const { return count == 0; }
  Use front() const { return *begin(); }

private:
  OpOperand *first;
  size_t count;
};

/// An SSA value: an operation result or a block argument.
class Value {
public:
  ~Value();
  Type getType() const { return type; }
  void setType(Type t) { type = t; }
  /// The defining operation, or null for block arguments.
  Operation *getDefiningOp() const { return defOp; }
  /// The block owning a block argument, or the block of the defining op.
  Block *getParentBlock() const;
  bool isBlockArgument() const { return defOp == nullptr; }
  /// Result number or argument number.
  unsigned getIndex() const { return index; }

  UseRange getUses() const { return UseRange(firstUse, numUses); }
  /// The operand slots using this value (stable while no operand changes).
  std::vector<OpOperand *> getOperandUses() const;
  /// The distinct operations using this value, in use order.
  std::vector<Operation *> getUsers() const;
  bool use_empty() const { return numUses == 0; }
  bool hasOneUse() const { return numUses == 1; }
  size_t getNumUses() const { return numUses; }

  /// Redirects every use to `other`; linear in the number of uses.
  void replaceAllUsesWith(Value *other);
  /// Redirects the uses for which `shouldReplace` is true.
  void replaceUsesWithIf(Value *other,
                         const std::function<bool(OpOperand &)> &shouldReplace);
  /// Redirects every use except those by `exception`.
  void replaceAllUsesExcept(Value *other, Operation *exception);

  /// The name the value had in the source (without '%'), kept as a hint.
  const std::string &getNameHint() const { return nameHint; }
  void setNameHint(std::string s) { nameHint = std::move(s); }

private:
  friend class Operation;
  friend class Block;
  friend class OpOperand;
  Value(Type t, Operation *def, Block *block, unsigned idx)
      : type(t), defOp(def), ownerBlock(block), index(idx) {}
  Type type;
  Operation *defOp;
  Block *ownerBlock;
  unsigned index;
  OpOperand *firstUse = nullptr, *lastUse = nullptr;
  size_t numUses = 0;
  std::string nameHint;
};

/// A region: a list of blocks owned by an operation.
class Region {
public:
  explicit Region(Operation *parent) : parentOp(parent) {}
  Operation *getParentOp() const { return parentOp; }
  bool empty() const { return blocks.empty(); }
  Block &front() { return *blocks.front(); }
  const Block &front() const { return *blocks.front(); }
  const std::vector<std::unique_ptr<Block>> &getBlocks() const {
    return blocks;
  }
  Block *addBlock();
  /// Inserts a new empty block right after `after`.
  Block *insertBlockAfter(Block *after);
  /// Moves all blocks of `other` into this region.
  void takeBody(Region &other);

private:
  friend class Block;
  friend class Operation;
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

  // Arguments.
  Value *addArgument(Type type);
  /// Inserts an argument at position `index` (later ones shift up).
  Value *insertArgument(unsigned index, Type type);
  /// Removes argument `index`, which must have no uses left.
  void eraseArgument(unsigned index);
  unsigned getNumArguments() const { return (unsigned)args.size(); }
  Value *getArgument(unsigned i) const { return args[i].get(); }
  std::vector<Value *> getArguments() const;

  // Operations.
  OpList &getOperations() { return ops; }
  const OpList &getOperations() const { return ops; }
  bool empty() const { return ops.empty(); }
  Operation &front() { return *ops.front(); }
  Operation &back() { return *ops.back(); }
  /// The last operation if it is a terminator (affine.yield, func.return,
  /// memref.alloca_scope.return), else null.
  Operation *getTerminator() const;

  /// Inserts `op` before `before` (null: at the end) and takes ownership.
  Operation *insert(Operation *before, std::unique_ptr<Operation> op);
  Operation *push_back(std::unique_ptr<Operation> op) {
    return insert(nullptr, std::move(op));
  }
  /// Moves `before` and every op after it into a new block inserted after
  /// this one in the same region, and returns the new block.
  Block *splitBefore(Operation *before);
  /// Moves every operation of this block before `before` (null: to the end
  /// of `dest`'s list), after replacing each argument's uses by the
  /// matching `argValues` entry. The block is left empty with its
  /// arguments unused.
  void inlineBefore(Block *dest, Operation *before,
                    const std::vector<Value *> &argValues);

private:
  friend class Region;
  friend class Operation;
  /// Recomputes the op order indices isBeforeInBlock reads.
  void renumberOps() const;
  /// Moves ops [first, last) of `from` before `where` in `to`; iterators
  /// and ownership move with the list nodes.
  static void spliceOps(Block *to, OpList::iterator where, Block *from,
                        OpList::iterator first, OpList::iterator last);
  Region *parentRegion;
  std::vector<std::unique_ptr<Value>> args;
  OpList ops;
  mutable bool orderValid = false;
};

/// The order of a walk: children before their parent (post-order, the
/// default, safe for erasing the visited op) or after (pre-order).
enum class WalkOrder { PreOrder, PostOrder };

/// What a walk callback tells the walk to do next.
class WalkResult {
public:
  enum Kind { Advance, Skip, Interrupt };
  WalkResult(Kind k = Advance) : kind(k) {}
  static WalkResult advance() { return Advance; }
  /// Pre-order only: do not visit the regions of this op.
  static WalkResult skip() { return Skip; }
  static WalkResult interrupt() { return Interrupt; }
  bool wasInterrupted() const { return kind == Interrupt; }
  bool wasSkipped() const { return kind == Skip; }

private:
  Kind kind;
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
  /// True for the ops that end a block (affine.yield, func.return,
  /// memref.alloca_scope.return): the one list the verifier, the printer
  /// and the lowering consult.
  bool isTerminator() const;

  // Operands.
  unsigned getNumOperands() const { return (unsigned)operands.size(); }
  Value *getOperand(unsigned i) const { return operands[i]; }
  const std::vector<Value *> &getOperands() const { return operands; }
  std::vector<Value *> getOperands(unsigned begin, unsigned count) const;
  OpOperand &getOpOperand(unsigned i) { return slots[i]; }
  void setOperand(unsigned i, Value *v);
  void setOperands(std::vector<Value *> newOperands);
  /// Replaces operands [begin, begin + count) by `values`.
  void replaceOperands(unsigned begin, unsigned count,
                       const std::vector<Value *> &values);

  // Results.
  unsigned getNumResults() const { return (unsigned)results.size(); }
  Value *getResult(unsigned i) const { return results[i].get(); }
  std::vector<Value *> getResults() const;
  std::vector<Type> getResultTypes() const;
  std::vector<Type> getOperandTypes() const;
  /// Redirects the uses of each result to the matching value of `values`.
  void replaceAllUsesWith(const std::vector<Value *> &values);
  /// True if no result has a use.
  bool use_empty() const;

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
  /// The closest enclosing op named `opName`, or null.
  Operation *getParentWithName(std::string_view opName) const;
  /// The closest enclosing op of typed view `OpT` (Ops.h), or a null view.
  template <typename OpT> OpT getParentOfType() const {
    for (Operation *p = getParentOp(); p; p = p->getParentOp())
      if (OpT::classof(p))
        return OpT(p);
    return OpT();
  }
  /// True if `this` is `other` or nested inside it.
  bool isAncestorOrSelf(const Operation *other) const;
  /// True if `this` comes before `other`; both must be in the same block.
  /// Amortized O(1): the block caches op order until it changes.
  bool isBeforeInBlock(const Operation *other) const;
  /// The op of `block` that is `this` or contains it, or null.
  Operation *findAncestorOpInBlock(const Block &block);
  Operation *getNextNode() const;
  Operation *getPrevNode() const;

  /// Detaches from the parent block and returns ownership.
  std::unique_ptr<Operation> remove();
  /// Destroys the op. Its results must have no uses left (checked: a pass
  /// that erases a used op aborts with a message instead of leaving
  /// dangling uses).
  void erase();
  void moveBefore(Operation *other);
  void moveAfter(Operation *other);
  /// Moves the op to the end of `block` (before its terminator if
  /// `beforeTerminator` and the block has one).
  void moveToEnd(Block *block, bool beforeTerminator = false);
  /// Deep copy; values defined outside are looked up in (and new values
  /// recorded into) `mapping`.
  std::unique_ptr<Operation>
  clone(std::unordered_map<Value *, Value *> &mapping) const;
  std::unique_ptr<Operation> clone() const;

  /// Walks this op and every nested op. The callback takes `Operation *`
  /// and returns void or a WalkResult (advance, skip, interrupt). In
  /// post-order, the default, it may erase the op it is given; in
  /// pre-order it may erase it only when it returns skip.
  template <WalkOrder Order = WalkOrder::PostOrder, typename FnT>
  WalkResult walk(FnT &&fn) {
    if constexpr (std::is_same_v<std::invoke_result_t<FnT, Operation *>,
                                 WalkResult>)
      return walkImpl(
          this, Order,
          std::function<WalkResult(Operation *)>(std::forward<FnT>(fn)));
    else
      return walkImpl(this, Order, [&fn](Operation *op) {
        fn(op);
        return WalkResult::advance();
      });
  }

private:
  Operation() = default;
  friend class Block;
  friend class Value;
  static WalkResult walkImpl(Operation *op, WalkOrder order,
                             const std::function<WalkResult(Operation *)> &fn);
  void dropAllUses();
  void unlinkOperands();
  void linkOperands();
  std::string name;
  Location loc;
  std::vector<Value *> operands;
  /// One use-list node per operand; rebuilt when the operand count changes.
  std::unique_ptr<OpOperand[]> slots;
  std::vector<std::unique_ptr<Value>> results;
  std::vector<NamedAttribute> attrs;
  std::vector<std::unique_ptr<Region>> regions;
  Block *parentBlock = nullptr;
  OpList::iterator position;
  mutable unsigned orderIndex = 0;
  bool usesDropped = false;
};

/// The names of attributes that ops of several dialects share.
namespace attrname {
/// MLIR's symbol attributes, on every symbol op (func.func, memref.global):
/// the name Module::lookupSymbol finds, and the visibility (public when
/// absent).
inline constexpr char SymName[] = "sym_name";
inline constexpr char SymVisibility[] = "sym_visibility";
/// MLIR's AttrSizedOperandSegments: how many operands each operand group
/// of an op with several variadic groups takes (affine.for, scf.parallel).
inline constexpr char OperandSegmentSizes[] = "operandSegmentSizes";
} // namespace attrname

/// `op`'s symbol name; null when `op` is not a symbol.
Attribute getSymbolNameAttr(const Operation &op);
/// `op`'s symbol visibility; null when it has none.
Attribute getSymbolVisibilityAttr(const Operation &op);

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

/// True if `v` is defined inside `op`: by an op nested in it, or as an
/// argument of a block of its regions (a loop's induction variable).
bool isDefinedInside(const Value *v, const Operation *op);

/// The dialect prefix of an op name: "affine" for "affine.for", "" for a
/// name without a dot.
std::string_view dialectOfOpName(std::string_view opName);

/// The op names of a registry (a map from op name to handler), sorted.
template <typename Map> std::vector<std::string> sortedOpNames(const Map &m) {
  std::vector<std::string> names;
  for (const auto &entry : m)
    names.push_back(entry.first);
  std::sort(names.begin(), names.end());
  return names;
}

} // namespace affjit

// The alias guard (see AliasGuard.h).
#include "frontend/transform/AliasGuard.h"

#include "frontend/analysis/MemRefRegion.h"
#include "frontend/ir/AffineOps.h"
#include "frontend/ir/Builder.h"
#include "frontend/ir/FuncOps.h"
#include "frontend/ir/MemRefLayout.h"
#include "frontend/ir/MemoryEffects.h"
#include "frontend/print/Printer.h"

#include <algorithm>
#include <sstream>

namespace affjit {

namespace {

std::string printed(Operation &func) {
  std::ostringstream os;
  printOperation(func, os);
  return os.str();
}

/// The ranked memref arguments of `func`'s entry block.
std::vector<Value *> memrefArguments(Operation *func) {
  std::vector<Value *> out;
  for (Value *arg : FuncOp(func).getArguments())
    if (arg->getType().isMemRef())
      out.push_back(arg);
  return out;
}

/// Per memref argument, whether `func` may write (or free) it: through a
/// view of it, a call it is passed to, or memory the analysis cannot name
/// (which may be any argument).
std::vector<bool> writtenArguments(Operation *func,
                                   const std::vector<Value *> &args) {
  std::vector<bool> written(args.size(), false);
  for (const MemoryEffect &e : getMemoryEffectsRecursive(func)) {
    if (e.kind != EffectKind::Write && e.kind != EffectKind::Free)
      continue;
    Value *root = e.memref ? getViewRoot(e.memref) : nullptr;
    if (!root || getBufferOrigin(root) == BufferOrigin::Unknown) {
      std::fill(written.begin(), written.end(), true);
      break;
    }
    auto it = std::find(args.begin(), args.end(), root);
    if (it != args.end())
      written[it - args.begin()] = true;
  }
  return written;
}

bool mayNeedGuard(Operation *func) {
  // A version of an earlier guard runs only as its dispatcher decides.
  if (FuncOp(func).isDeclaration() || isAliasGuardVersion(func))
    return false;
  std::vector<Value *> args = memrefArguments(func);
  if (args.size() < 2)
    return false;
  std::vector<bool> written = writtenArguments(func, args);
  return std::find(written.begin(), written.end(), true) != written.end();
}

//===-- building the dispatcher
//------------------------------------------------===//

Value *createOp(OpBuilder &b, std::string name, std::vector<Value *> operands,
                Type result, std::vector<NamedAttribute> attrs = {}) {
  OperationState state(std::move(name), b.getLoc());
  state.operands = std::move(operands);
  state.types.push_back(result);
  for (NamedAttribute &a : attrs)
    state.addAttr(a.name, a.value);
  return b.create(state)->getResult(0);
}

/// arith.cmpi's predicates used here.
enum Predicate : int64_t { kSgt = 4, kUlt = 6 };

/// Index and i1 arithmetic that folds constants, so a static shape costs
/// one pointer extraction and one addition per argument.
class Folder {
public:
  explicit Folder(OpBuilder &b) : b(b) {}

  /// A constant or a value.
  struct Term {
    std::optional<int64_t> constant;
    Value *value = nullptr;
  };
  static Term constant(int64_t c) { return {c, nullptr}; }
  static Term of(Value *v) { return {std::nullopt, v}; }

  Term add(Term x, Term y) {
    if (x.constant && y.constant)
      return constant(*x.constant + *y.constant);
    if (x.constant == 0)
      return y;
    if (y.constant == 0)
      return x;
    return of(binary("arith.addi", x, y, Type::index()));
  }
  Term mul(Term x, Term y) {
    if (x.constant && y.constant)
      return constant(*x.constant * *y.constant);
    if (x.constant == 1)
      return y;
    if (y.constant == 1)
      return x;
    return of(binary("arith.muli", x, y, Type::index()));
  }
  Term minOrMax(Term x, int64_t c, bool max) {
    if (x.constant)
      return constant(max ? std::max(*x.constant, c)
                          : std::min(*x.constant, c));
    return of(binary(max ? "arith.maxsi" : "arith.minsi", x, constant(c),
                     Type::index()));
  }
  /// Booleans are terms of constant 0 or 1.
  Term both(Term x, Term y) {
    if (x.constant)
      return *x.constant ? y : constant(0);
    if (y.constant)
      return *y.constant ? x : constant(0);
    return of(binary("arith.andi", x, y, Type::integer(1)));
  }
  Term either(Term x, Term y) {
    if (x.constant)
      return *x.constant ? constant(1) : y;
    if (y.constant)
      return *y.constant ? constant(1) : x;
    return of(binary("arith.ori", x, y, Type::integer(1)));
  }
  Term compare(Predicate p, Term x, Term y) {
    if (x.constant && y.constant)
      return constant(p == kSgt
                          ? *x.constant > *y.constant
                          : (uint64_t)*x.constant < (uint64_t)*y.constant);
    return of(createOp(b, "arith.cmpi",
                       {value(x, Type::index()), value(y, Type::index())},
                       Type::integer(1),
                       {{attrname::arith::Predicate,
                         Attribute::integer(p, Type::integer(64))}}));
  }
  Value *value(Term t, Type type) {
    if (t.value)
      return t.value;
    return ConstantOp::create(b, type.isIndex()
                                     ? Attribute::index(*t.constant)
                                     : Attribute::integer(*t.constant, type))
        .getResult();
  }

private:
  Value *binary(const char *name, Term x, Term y, Type type) {
    return createOp(b, name, {value(x, type), value(y, type)}, type);
  }
  OpBuilder &b;
};
using Term = Folder::Term;

/// The bytes [lo, hi) a memref argument's descriptor can address, and
/// whether it addresses any.
struct AddressRange {
  Term lo, hi, nonEmpty;
};

/// Offset, sizes and strides: from the type where static, else from
/// memref.extract_strided_metadata.
struct DescriptorFields {
  Term offset;
  std::vector<Term> sizes, strides;
};

DescriptorFields descriptorFields(OpBuilder &b, Value *memref,
                                  const StridedLayout &layout) {
  Type t = memref->getType();
  unsigned rank = (unsigned)t.getRank();
  bool dynamic =
      layout.offset == kDynamic || !t.hasStaticShape() ||
      std::count(layout.strides.begin(), layout.strides.end(), kDynamic) != 0;
  Operation *metadata = nullptr;
  if (dynamic) {
    OperationState state("memref.extract_strided_metadata", b.getLoc());
    state.operands = {memref};
    state.types.push_back(
        Type::memref({}, t.getElementType(), t.getMemorySpace()));
    state.types.insert(state.types.end(), 1 + 2 * rank, Type::index());
    metadata = b.create(state);
  }
  auto field = [&](int64_t known, unsigned result) {
    return known != kDynamic ? Folder::constant(known)
                             : Folder::of(metadata->getResult(result));
  };
  DescriptorFields f;
  f.offset = field(layout.offset, 1);
  for (unsigned d = 0; d < rank; ++d) {
    f.sizes.push_back(field(t.getDimSize(d), 2 + d));
    f.strides.push_back(field(layout.strides[d], 2 + rank + d));
  }
  return f;
}

std::optional<AddressRange> addressRange(Folder &f, OpBuilder &b,
                                         Value *memref) {
  Type t = memref->getType();
  std::optional<int64_t> bytes = getElementSizeInBytes(t);
  std::optional<StridedLayout> layout = getStridedLayout(t);
  if (!bytes || !layout)
    return std::nullopt;
  Term pointer = Folder::of(createOp(
      b, "memref.extract_aligned_pointer_as_index", {memref}, Type::index()));
  DescriptorFields fields = descriptorFields(b, memref, *layout);
  Term lo = fields.offset, hi = fields.offset, nonEmpty = Folder::constant(1);
  for (size_t d = 0; d < fields.sizes.size(); ++d) {
    Term span =
        f.mul(f.add(fields.sizes[d], Folder::constant(-1)), fields.strides[d]);
    lo = f.add(lo, f.minOrMax(span, 0, /*max=*/false));
    hi = f.add(hi, f.minOrMax(span, 0, /*max=*/true));
    nonEmpty =
        f.both(nonEmpty, f.compare(kSgt, fields.sizes[d], Folder::constant(0)));
  }
  hi = f.add(hi, Folder::constant(1));
  auto address = [&](Term elements) {
    return f.add(pointer, f.mul(elements, Folder::constant(*bytes)));
  };
  return AddressRange{address(lo), address(hi), nonEmpty};
}

/// An i1 that is true when two ranges that must not overlap do.
Value *anyOverlap(OpBuilder &b, const std::vector<Value *> &args,
                  const std::vector<bool> &written) {
  Folder f(b);
  std::vector<std::optional<AddressRange>> ranges;
  for (Value *arg : args)
    ranges.push_back(addressRange(f, b, arg));
  Term overlap = Folder::constant(0);
  for (size_t i = 0; i < args.size(); ++i)
    for (size_t j = i + 1; j < args.size(); ++j) {
      if (!written[i] && !written[j])
        continue;
      if (!ranges[i] || !ranges[j])
        return f.value(Folder::constant(1), Type::integer(1));
      const AddressRange &x = *ranges[i], &y = *ranges[j];
      Term meet =
          f.both(f.compare(kUlt, x.lo, y.hi), f.compare(kUlt, y.lo, x.hi));
      overlap = f.either(overlap, f.both(f.both(x.nonEmpty, y.nonEmpty), meet));
    }
  return f.value(overlap, Type::integer(1));
}

/// Calls `callee` with `args` at the end of `block` (before its yield when
/// it has one) and yields the results when there are any.
void callAndYield(Block *block, const std::string &callee,
                  const std::vector<Value *> &args,
                  const std::vector<Type> &results) {
  OpBuilder b(block);
  if (!block->empty() && block->back().isTerminator())
    b.setInsertionPoint(&block->back());
  CallOp call = CallOp::create(b, callee, args, results);
  if (!results.empty())
    AffineYieldOp::create(b, call.getResults());
}

/// `func.func` named and typed like `original`, with its attributes, whose
/// body calls `asWritten` when arguments overlap and `optimized` otherwise.
void buildDispatcher(OpBuilder &b, Operation *original,
                     const std::vector<bool> &written,
                     const std::string &optimized,
                     const std::string &asWritten) {
  FuncOp source(original);
  Type type = source.getFunctionType();
  FuncOp dispatcher = FuncOp::create(b, source.getName(), type);
  for (const NamedAttribute &a : original->getAttrs())
    if (a.name != attrname::SymName && a.name != attrname::func::FunctionType &&
        a.name != kAliasVersionAttr)
      dispatcher->setAttr(a.name, a.value);
  OpBuilder body(dispatcher.getBody(), original->getLoc());
  Value *overlap =
      anyOverlap(body, memrefArguments(dispatcher.getOperation()), written);
  Folder f(body);
  Value *flag = createOp(body, "arith.select",
                         {overlap, f.value(Folder::constant(1), Type::index()),
                          f.value(Folder::constant(0), Type::index())},
                         Type::index());
  // flag - 1 >= 0: the arguments overlap.
  IntegerSet overlapping =
      IntegerSet::get(1, 0, {AffineExpr::dim(0) - 1}, {false});
  std::vector<Type> results = type.getResults();
  AffineIfOp choice = AffineIfOp::create(body, overlapping, {flag}, results,
                                         /*withElse=*/true);
  std::vector<Value *> args = dispatcher.getArguments();
  callAndYield(choice.getThenBlock(), asWritten, args, results);
  callAndYield(choice.getElseBlock(), optimized, args, results);
  ReturnOp::create(body, choice->getResults());
}

/// `base` if no symbol of `module` has that name, else `base` with a
/// number appended.
std::string freeSymbolName(const Module &module, const std::string &base) {
  std::string name = base;
  for (int n = 1; module.lookupSymbol(name); ++n)
    name = base + "_" + std::to_string(n);
  return name;
}

/// Makes `func` the guard's `version` of a function, named `name`.
void makeVersion(FuncOp func, const std::string &name, const char *version) {
  func.setSymName(name);
  func.setPrivate();
  func->setAttr(kAliasVersionAttr, Attribute::string(version));
}

} // namespace

AliasGuardSnapshot snapshotForAliasGuard(const Module &module) {
  AliasGuardSnapshot snapshot;
  for (auto &op : module.getBody().getOperations()) {
    if (!op->isa("func.func") || !mayNeedGuard(op.get()))
      continue;
    snapshot.functions.push_back(
        {FuncOp(op.get()).getName(), printed(*op), op->clone()});
  }
  return snapshot;
}

void guardArgumentAliasing(Module &module, AliasGuardSnapshot snapshot,
                           PassContext &context) {
  for (AliasGuardSnapshot::Entry &entry : snapshot.functions) {
    Operation *func = module.lookupSymbol(entry.name);
    if (!func || !func->isa("func.func") || printed(*func) == entry.printed)
      continue;
    Operation *copy = entry.copy.get();
    std::string optimized = freeSymbolName(module, entry.name + ".optimized");
    std::string asWritten = freeSymbolName(module, entry.name + ".as_written");
    OpBuilder before = OpBuilder::before(func);
    buildDispatcher(before, copy, writtenArguments(copy, memrefArguments(copy)),
                    optimized, asWritten);
    makeVersion(FuncOp(func), optimized, "optimized");
    makeVersion(FuncOp(copy), asWritten, "as_written");
    func->getBlock()->insert(func->getNextNode(), std::move(entry.copy));
    context.remark(func->getLoc(),
                   "@" + entry.name +
                       ": memref arguments that overlap at run time call "
                       "@" +
                       asWritten + ", others @" + optimized);
  }
}

/// The callee of the func.call in `block`, or "".
static std::string calleeIn(Block *block) {
  for (auto &op : block->getOperations())
    if (CallOp call = dyn_cast<CallOp>(op.get()))
      return call.getCallee();
  return "";
}

Operation *getGuardedFunction(const Module &module, Operation *func) {
  if (!func || !func->isa("func.func") || FuncOp(func).isDeclaration())
    return nullptr;
  for (auto &op : FuncOp(func).getBody()->getOperations()) {
    AffineIfOp choice = dyn_cast<AffineIfOp>(op.get());
    if (!choice || !choice.hasElse())
      continue;
    Operation *fallback = module.lookupSymbol(calleeIn(choice.getThenBlock()));
    if (fallback && isAliasGuardVersion(fallback, "as_written"))
      return module.lookupSymbol(calleeIn(choice.getElseBlock()));
  }
  return nullptr;
}

std::vector<SetAsideFunction> setAsideFallbacks(Module &module) {
  std::vector<SetAsideFunction> fallbacks;
  std::vector<Operation *> found;
  for (auto &op : module.getBody().getOperations())
    if (op->isa("func.func") && isAliasGuardVersion(op.get(), "as_written"))
      found.push_back(op.get());
  for (Operation *op : found) {
    // A declaration keeps the calls to it valid while the body is away.
    OpBuilder b = OpBuilder::before(op);
    FuncOp stub = FuncOp::create(b, FuncOp(op).getName(),
                                 FuncOp(op).getFunctionType(), true);
    fallbacks.push_back({stub.getOperation(), op->remove()});
  }
  return fallbacks;
}

void restoreFallbacks(std::vector<SetAsideFunction> fallbacks) {
  for (SetAsideFunction &f : fallbacks) {
    f.stub->getBlock()->insert(f.stub, std::move(f.function));
    f.stub->erase();
  }
}

} // namespace affjit

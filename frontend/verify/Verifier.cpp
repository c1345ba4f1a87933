// The verifier driver: walks the module, checks the structure every op
// shares (known op, terminators last in their block, symbol names unique)
// and calls the per-op verifiers of the dialects.
#include "frontend/verify/Verifier.h"

#include "frontend/print/Printer.h"
#include "frontend/verify/OpVerifiers.h"

#include <sstream>
#include <unordered_set>

namespace affjit {

/// A module nested in the top-level one: one block of ops, no arguments.
static bool verifyNestedModule(Operation &op, VerifyContext &ctx) {
  if (op.getNumRegions() != 1 || op.getRegion(0).getBlocks().size() != 1 ||
      !op.getRegion(0).front().getArguments().empty() ||
      op.getNumOperands() != 0 || op.getNumResults() != 0)
    return ctx.emitOpError(op, "expects one region with one block without "
                               "arguments, and no operands or results");
  return true;
}

std::string quoted(Type t) { return "'" + t.str() + "'"; }

bool badOperand(Operation &op, VerifyContext &ctx, unsigned i,
                const std::string &what) {
  return ctx.emitOpError(op, "operand #" + std::to_string(i) + " must be " +
                                 what + ", but got " +
                                 quoted(op.getOperand(i)->getType()));
}

bool badResult(Operation &op, VerifyContext &ctx, unsigned i,
               const std::string &what) {
  return ctx.emitOpError(op, "result #" + std::to_string(i) + " must be " +
                                 what + ", but got " +
                                 quoted(op.getResult(i)->getType()));
}

bool missingAttr(Operation &op, VerifyContext &ctx, std::string_view name) {
  return ctx.emitOpError(op, "requires attribute '" + std::string(name) + "'");
}

bool badAttr(Operation &op, VerifyContext &ctx, std::string_view name,
             std::string_view what) {
  return ctx.emitOpError(
      op, "attribute '" + std::string(name) +
              "' failed to satisfy constraint: " + std::string(what));
}

Attribute requireAttr(Operation &op, VerifyContext &ctx, Attribute a,
                      std::string_view name) {
  if (!a)
    missingAttr(op, ctx, name);
  return a;
}

const OpVerifierRegistry &OpVerifierRegistry::get() {
  static const OpVerifierRegistry registry = [] {
    OpVerifierRegistry r;
    registerFuncOpVerifiers(r);
    registerArithOpVerifiers(r);
    registerAffineOpVerifiers(r);
    registerMemRefOpVerifiers(r);
    registerVectorOpVerifiers(r);
    registerScfOpVerifiers(r);
    registerMemRefAtomicOpVerifiers(r);
    registerControlFlowOpVerifiers(r);
    // MLIR's ModuleOp is an AffineScope: a value at a module's top level
    // is a symbol in the regions of the (unregistered) ops beside it.
    r.add("builtin.module", verifyNestedModule,
          OpTraits{/*isAffineScope=*/true, /*noTerminator=*/true});
    return r;
  }();
  return registry;
}

bool OpVerifierRegistry::isKnownDialect(std::string_view dialect) const {
  for (const auto &[name, fn] : verifiers)
    if (dialectOfOpName(name) == dialect)
      return true;
  return false;
}

OpVerifyFn OpVerifierRegistry::lookup(std::string_view name) const {
  auto it = verifiers.find(std::string(name));
  return it == verifiers.end() ? nullptr : it->second;
}

OpTraits OpVerifierRegistry::traits(std::string_view name) const {
  auto it = opTraits.find(std::string(name));
  return it == opTraits.end() ? OpTraits{} : it->second;
}

bool VerifyContext::emitOpError(Operation &op, const std::string &msg) {
  diag.error(op.getLoc(), "'" + op.getName() + "' op " + msg);
  return false;
}

bool VerifyContext::emitError(Operation &op, const std::string &msg) {
  diag.error(op.getLoc(), msg);
  return false;
}

unsigned VerifyContext::positionOf(Operation *op) {
  auto it = positions.find(op);
  if (it != positions.end())
    return it->second;
  unsigned i = 0;
  for (auto &o : op->getBlock()->getOperations())
    positions[o.get()] = i++;
  return positions[op];
}

bool VerifyContext::dominates(Value *v, Operation *user) {
  Block *defBlock = v->getParentBlock();
  Operation *anc = user;
  while (anc && anc->getBlock() != defBlock)
    anc = anc->getParentOp();
  if (!anc)
    return false;
  Operation *def = v->getDefiningOp();
  return !def || positionOf(def) < positionOf(anc);
}

/// SSA dominance: uses before definitions parse (MLIR allows forward
/// references) but are invalid.
static bool verifyOperandDominance(Operation &op, VerifyContext &ctx) {
  for (unsigned i = 0; i < op.getNumOperands(); ++i)
    if (!ctx.dominates(op.getOperand(i), &op))
      return ctx.emitError(op, "operand #" + std::to_string(i) +
                                   " does not dominate this use");
  return true;
}

/// Symbols (func.func, memref.global) have one of MLIR's three
/// visibilities; printers rely on it.
static bool verifySymbolVisibility(Operation &op, VerifyContext &ctx) {
  Attribute vis = getSymbolVisibilityAttr(op);
  if (!vis)
    return true;
  if (vis.isa(AttrKind::String) &&
      (vis.getString() == "public" || vis.getString() == "private" ||
       vis.getString() == "nested"))
    return true;
  return ctx.emitOpError(op, "visibility expected to be one of [\"public\", "
                             "\"private\", \"nested\"], but got " +
                                 vis.str());
}

/// Checks that a terminator is the last op of its block.
static bool verifyTerminatorPlacement(Operation &op, VerifyContext &ctx) {
  if (!op.isTerminator())
    return true;
  if (op.getNextNode())
    return ctx.emitOpError(op, "must be the last operation in the parent "
                               "block");
  return true;
}

/// An op of a dialect affjit does not implement, kept as an opaque op.
static bool isUnregistered(const Operation &op) {
  const OpVerifierRegistry &reg = OpVerifierRegistry::get();
  return !reg.lookup(op.getName()) &&
         !reg.isKnownDialect(dialectOfOpName(op.getName()));
}

/// Every block of a region must end in a terminator (MLIR reports the
/// offending last op in its generic form). An unregistered op may end a
/// function, as in MLIR.
static bool verifyBlocksTerminated(Operation &op, VerifyContext &ctx) {
  for (unsigned r = 0; r < op.getNumRegions(); ++r) {
    for (auto &block : op.getRegion(r).getBlocks()) {
      if (block->empty())
        return ctx.emitOpError(op, "empty block: expect at least a "
                                   "terminator");
      Operation &last = block->back();
      // A function body may end in an unregistered op, which may be a
      // terminator; a loop's or a condition's must end in its own yield.
      bool opaqueEnd = isUnregistered(last) && op.isa("func.func");
      if (!last.isTerminator() && !opaqueEnd) {
        std::ostringstream os;
        printOperation(last, os, PrintOptions{/*generic=*/true});
        return ctx.emitError(last, "block with no terminator, has " + os.str());
      }
    }
  }
  return true;
}

/// Verifies `op` and then its nested ops; an op whose own checks fail does
/// not have its body verified (its structure may be unusable).
static bool verifyOpRecursive(Operation &op, VerifyContext &ctx) {
  const OpVerifierRegistry &reg = OpVerifierRegistry::get();
  OpVerifyFn fn = reg.lookup(op.getName());
  std::string_view dialect = dialectOfOpName(op.getName());
  if (!fn && reg.isKnownDialect(dialect))
    return ctx.emitError(op, "unregistered operation '" + op.getName() +
                                 "' found in dialect ('" +
                                 std::string(dialect) +
                                 "') that does not allow unknown operations");
  // An unregistered op's regions need not end in terminators: only its
  // dialect would know.
  bool needsTerminators = fn && !reg.traits(op.getName()).noTerminator;
  if (!verifyOperandDominance(op, ctx) || !verifySymbolVisibility(op, ctx) ||
      !verifyTerminatorPlacement(op, ctx) ||
      (needsTerminators && !verifyBlocksTerminated(op, ctx)))
    return false;
  bool ok = !fn || fn(op, ctx);
  if (!ok)
    return false;
  for (unsigned r = 0; r < op.getNumRegions(); ++r)
    for (auto &block : op.getRegion(r).getBlocks())
      for (auto &inner : block->getOperations())
        ok &= verifyOpRecursive(*inner, ctx);
  return ok;
}

bool verifyModule(const Module &module, DiagnosticEngine &diag) {
  VerifyContext ctx(module, diag);
  bool ok = true;
  std::unordered_set<std::string> symbols;
  for (auto &op : module.getBody().getOperations()) {
    if (Attribute sym = getSymbolNameAttr(*op)) {
      if (!symbols.insert(sym.getString()).second) {
        diag.error(op->getLoc(),
                   "redefinition of symbol named '" + sym.getString() + "'");
        ok = false;
      }
    }
    ok &= verifyOpRecursive(*op, ctx);
  }
  return ok;
}

} // namespace affjit

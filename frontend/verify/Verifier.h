// The verifier: structural rules every op obeys (regions and terminators,
// operand and result types, symbol references) plus the per-op rules of each
// dialect (OpVerifiers.h), and the affine dimension/symbol validity rules of
// seed 000 ("Restrictions on Dimensions and Symbols").
#pragma once

#include "frontend/ir/Diagnostics.h"
#include "frontend/ir/IR.h"

#include <unordered_map>

namespace affjit {

/// Verifies the whole module; reports every error found; true if none.
bool verifyModule(const Module &module, DiagnosticEngine &diag);

/// What op verifiers receive: the op, the module (for symbol lookup) and a
/// way to report errors as `'op.name' op message` at the op's location.
class VerifyContext {
public:
  VerifyContext(const Module &m, DiagnosticEngine &d) : module(m), diag(d) {}
  const Module &getModule() const { return module; }
  /// Reports "'<op name>' op <msg>" at op's location; always returns false.
  bool emitOpError(Operation &op, const std::string &msg);
  /// Reports `msg` verbatim at op's location; always returns false.
  bool emitError(Operation &op, const std::string &msg);
  /// True if `v` is defined before `user` in a block enclosing it.
  bool dominates(Value *v, Operation *user);

private:
  unsigned positionOf(Operation *op);
  const Module &module;
  DiagnosticEngine &diag;
  /// Op positions within their blocks, numbered on demand per block.
  std::unordered_map<const Operation *, unsigned> positions;
};

/// True if `v` may be bound to an affine symbol at `user` (seed 000 rules
/// 1-6); `v` must be of index type.
bool isValidAffineSymbol(Value *v, Operation *user);
/// True if `v` may be bound to an affine dimension at `user`: a valid
/// symbol, or an IV of an enclosing affine.for/affine.parallel, or an
/// affine.apply/min/max of valid dims.
bool isValidAffineDim(Value *v, Operation *user);

} // namespace affjit

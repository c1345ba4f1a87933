// The registry of per-op verifiers, filled by one file per dialect
// (AffineOpsVerifier.cpp, ...). A verifier checks one op's operands, result
// types, attributes and region shapes and reports through VerifyContext.
#pragma once

#include "frontend/verify/Verifier.h"

#include <string>
#include <string_view>
#include <unordered_map>

namespace affjit {

using OpVerifyFn = bool (*)(Operation &, VerifyContext &);

/// What the verifier needs to know of an op besides its own checks
/// (whether it ends a block is Operation::isTerminator).
struct OpTraits {
  /// Ops whose body region is isolated and is an affine scope (func.func).
  bool isAffineScope = false;
  /// Blocks of its regions need no terminator (builtin.module).
  bool noTerminator = false;
};

class OpVerifierRegistry {
public:
  static const OpVerifierRegistry &get();
  OpVerifyFn lookup(std::string_view name) const;
  OpTraits traits(std::string_view name) const;
  /// Whether `dialect` has ops here; ops of other dialects are
  /// unregistered (opaque) ops, verified only structurally.
  bool isKnownDialect(std::string_view dialect) const;
  /// Every op with a verifier, sorted.
  std::vector<std::string> names() const { return sortedOpNames(verifiers); }
  void add(std::string name, OpVerifyFn fn, OpTraits t = {}) {
    verifiers[name] = fn;
    opTraits[std::move(name)] = t;
  }

private:
  std::unordered_map<std::string, OpVerifyFn> verifiers;
  std::unordered_map<std::string, OpTraits> opTraits;
};

/// `'T'`: how MLIR quotes a type in its messages.
std::string quoted(Type t);
/// ODS's wording for an operand or result that fails its type constraint:
/// "operand #i must be <what>, but got 'T'".
bool badOperand(Operation &op, VerifyContext &ctx, unsigned i,
                const std::string &what);
bool badResult(Operation &op, VerifyContext &ctx, unsigned i,
               const std::string &what);
/// ODS's wording for a required attribute that is absent:
/// "requires attribute 'name'".
bool missingAttr(Operation &op, VerifyContext &ctx, std::string_view name);
/// ODS's wording for an attribute that fails its constraint:
/// "attribute 'name' failed to satisfy constraint: what".
bool badAttr(Operation &op, VerifyContext &ctx, std::string_view name,
             std::string_view what);
/// `a`, the attribute named `name`; reported as missing when null.
Attribute requireAttr(Operation &op, VerifyContext &ctx, Attribute a,
                      std::string_view name);

void registerFuncOpVerifiers(OpVerifierRegistry &r);
void registerArithOpVerifiers(OpVerifierRegistry &r);
void registerAffineOpVerifiers(OpVerifierRegistry &r);
void registerMemRefOpVerifiers(OpVerifierRegistry &r);
void registerVectorOpVerifiers(OpVerifierRegistry &r);
void registerScfOpVerifiers(OpVerifierRegistry &r);
void registerMemRefAtomicOpVerifiers(OpVerifierRegistry &r);
void registerControlFlowOpVerifiers(OpVerifierRegistry &r);

} // namespace affjit

// Custom-syntax parsers of the scf dialect, after MLIR 19's SCF.cpp and
// SCFOps.td: for (index or integer IV, iter_args), if/else with results,
// while (`(%a = %x) : (T) -> (U) {before} do {after}`) and condition,
// parallel (with init and reduce) and reduce / reduce.return,
// index_switch, execute_region and yield. Each fills MLIR's generic form;
// bodies that may omit their terminator get it appended (scf.yield, or
// scf.reduce for scf.parallel), as MLIR's ensureTerminator does.
#include "frontend/parse/OpParsers.h"

namespace affjit {

namespace {

/// `(%a = %x, %b = %y)`: block arguments declared with their initial
/// values (MLIR's parseAssignmentList); types are filled in later.
bool parseAssignmentList(Parser &p, std::vector<BlockArgDecl> &args,
                         std::vector<UnresolvedOperand> &inits) {
  if (!p.expect(Tok::LParen, "'('"))
    return false;
  if (p.consumeIf(Tok::RParen))
    return true;
  do {
    BlockArgDecl decl;
    UnresolvedOperand init;
    if (!p.parseOperand(decl.id) || !p.expect(Tok::Equal, "'='") ||
        !p.parseOperand(init))
      return false;
    args.push_back(decl);
    inits.push_back(init);
  } while (p.consumeIf(Tok::Comma));
  return p.expect(Tok::RParen, "')'");
}

/// `-> t1, t2` or `-> (t1, t2)` when present (MLIR's
/// parseOptionalArrowTypeList).
bool parseOptionalArrowTypes(Parser &p, std::vector<Type> &types) {
  if (!p.consumeIf(Tok::Arrow))
    return true;
  if (p.tok().is(Tok::LParen))
    return p.parseFunctionResultTypes(types);
  return p.parseTypeList(types);
}

/// `(%a, %b)`: an operand list in parentheses.
bool parseParenOperands(Parser &p, std::vector<UnresolvedOperand> &ops) {
  return p.expect(Tok::LParen, "'('") && p.parseOperandList(ops) &&
         p.expect(Tok::RParen, "')'");
}

bool parseFor(Parser &p, OperationState &state) {
  std::vector<BlockArgDecl> args(1);
  UnresolvedOperand lb, ub, step;
  if (!p.parseOperand(args[0].id) || !p.expect(Tok::Equal, "'='") ||
      !p.parseOperand(lb) || !p.expectKeyword("to") || !p.parseOperand(ub) ||
      !p.expectKeyword("step") || !p.parseOperand(step))
    return false;
  std::vector<UnresolvedOperand> inits;
  if (p.consumeKeyword("iter_args")) {
    Location listLoc = p.getLoc();
    if (!parseAssignmentList(p, args, inits) || !p.expect(Tok::Arrow, "'->'") ||
        !p.parseFunctionResultTypes(state.types))
      return false;
    if (state.types.size() != inits.size())
      return customOpError(p, state, listLoc,
                           "mismatch in number of loop-carried values and "
                           "defined values");
  }
  Type ivType = Type::index();
  if (p.consumeIf(Tok::Colon) && !p.parseType(ivType))
    return false;
  args[0].type = ivType;
  for (size_t i = 0; i < inits.size(); ++i)
    args[i + 1].type = state.types[i];
  if (!p.resolveOperand(lb, ivType, state.operands) ||
      !p.resolveOperand(ub, ivType, state.operands) ||
      !p.resolveOperand(step, ivType, state.operands) ||
      !p.resolveOperands(inits, state.types, state.operands))
    return false;
  return p.parseRegion(*state.addRegion(), args, "scf.yield") &&
         p.parseOptionalAttrDict(state.attrs);
}

bool parseIf(Parser &p, OperationState &state) {
  UnresolvedOperand cond;
  if (!p.parseOperand(cond) ||
      !p.resolveOperand(cond, Type::integer(1), state.operands) ||
      !parseOptionalArrowTypes(p, state.types) ||
      !p.parseRegion(*state.addRegion(), {}, "scf.yield"))
    return false;
  Region *elseRegion = state.addRegion();
  if (p.consumeKeyword("else") && !p.parseRegion(*elseRegion, {}, "scf.yield"))
    return false;
  return p.parseOptionalAttrDict(state.attrs);
}

/// `(T, U) -> (V, W)` (MLIR's FunctionType in scf.while's syntax).
bool parseFunctionType(Parser &p, std::vector<Type> &inputs,
                       std::vector<Type> &results) {
  if (!p.expect(Tok::LParen, "'('"))
    return false;
  if (!p.consumeIf(Tok::RParen) &&
      (!p.parseTypeList(inputs) || !p.expect(Tok::RParen, "')'")))
    return false;
  return p.expect(Tok::Arrow, "'->'") && p.parseFunctionResultTypes(results);
}

bool parseWhile(Parser &p, OperationState &state) {
  std::vector<BlockArgDecl> args;
  std::vector<UnresolvedOperand> inits;
  if (p.tok().is(Tok::LParen) && !parseAssignmentList(p, args, inits))
    return false;
  if (!p.expect(Tok::Colon, "':'"))
    return false;
  Location typeLoc = p.getLoc();
  std::vector<Type> inputs;
  if (!parseFunctionType(p, inputs, state.types))
    return false;
  if (inputs.size() != inits.size())
    return p.emitError(typeLoc, "expected as many input types as operands "
                                "(expected " +
                                    std::to_string(inits.size()) + " got " +
                                    std::to_string(inputs.size()) + ")");
  if (!p.resolveOperands(inits, inputs, state.operands))
    return false;
  for (size_t i = 0; i < args.size(); ++i)
    args[i].type = inputs[i];
  return p.parseRegion(*state.addRegion(), args) && p.expectKeyword("do") &&
         p.parseRegion(*state.addRegion(), {}) &&
         p.parseOptionalAttrDictWithKeyword(state.attrs);
}

/// `scf.condition(%c) [%a, %b : T, U]`
bool parseCondition(Parser &p, OperationState &state) {
  UnresolvedOperand cond;
  if (!p.expect(Tok::LParen, "'('") || !p.parseOperand(cond) ||
      !p.expect(Tok::RParen, "')'") ||
      !p.resolveOperand(cond, Type::integer(1), state.operands) ||
      !p.parseOptionalAttrDict(state.attrs))
    return false;
  std::vector<UnresolvedOperand> args;
  if (!p.parseOperandList(args))
    return false;
  if (args.empty())
    return true;
  std::vector<Type> types;
  return p.parseColonTypeList(types) &&
         p.resolveOperands(args, types, state.operands);
}

/// `scf.yield` or `scf.yield %a, %b : T, U`
bool parseYield(Parser &p, OperationState &state) {
  std::vector<UnresolvedOperand> ops;
  if (!p.parseOptionalAttrDict(state.attrs) || !p.parseOperandList(ops))
    return false;
  if (ops.empty())
    return true;
  std::vector<Type> types;
  return p.parseColonTypeList(types) &&
         p.resolveOperands(ops, types, state.operands);
}

/// A list of `count` index operands in parentheses, for scf.parallel.
bool parseBoundList(Parser &p, OperationState &state, size_t count) {
  std::vector<UnresolvedOperand> ops;
  Location loc = p.getLoc();
  if (!parseParenOperands(p, ops))
    return false;
  if (ops.size() != count)
    return p.emitError(loc, "expected " + std::to_string(count) + " operands");
  return p.resolveOperands(ops, Type::index(), state.operands);
}

bool parseParallel(Parser &p, OperationState &state) {
  std::vector<UnresolvedOperand> ivs;
  if (!parseParenOperands(p, ivs) || !p.expect(Tok::Equal, "'='") ||
      !parseBoundList(p, state, ivs.size()) || !p.expectKeyword("to") ||
      !parseBoundList(p, state, ivs.size()) || !p.expectKeyword("step") ||
      !parseBoundList(p, state, ivs.size()))
    return false;
  std::vector<UnresolvedOperand> inits;
  if (p.consumeKeyword("init") && !parseParenOperands(p, inits))
    return false;
  Location typesLoc = p.getLoc();
  if (!parseOptionalArrowTypes(p, state.types))
    return false;
  std::vector<BlockArgDecl> args;
  for (const UnresolvedOperand &iv : ivs)
    args.push_back(BlockArgDecl{iv, Type::index()});
  if (!p.parseRegion(*state.addRegion(), args, "scf.reduce"))
    return false;
  int64_t n = (int64_t)ivs.size();
  state.addAttr("operandSegmentSizes",
                Attribute::denseArray(Type::integer(32),
                                      {n, n, n, (int64_t)inits.size()}));
  if (!p.parseOptionalAttrDict(state.attrs))
    return false;
  if (inits.size() != state.types.size())
    return p.emitError(typesLoc, std::to_string(inits.size()) +
                                     " operands present, but expected " +
                                     std::to_string(state.types.size()));
  return p.resolveOperands(inits, state.types, state.operands);
}

/// `scf.reduce[(%a, %b : T, U) {region}, {region}]`
bool parseReduce(Parser &p, OperationState &state) {
  std::vector<UnresolvedOperand> ops;
  std::vector<Type> types;
  if (p.consumeIf(Tok::LParen)) {
    if (!p.parseOperandList(ops, false) || !p.expect(Tok::Colon, "':'") ||
        !p.parseTypeList(types) || !p.expect(Tok::RParen, "')'") ||
        !p.resolveOperands(ops, types, state.operands))
      return false;
    do {
      if (!p.parseRegion(*state.addRegion(), {}))
        return false;
    } while (p.consumeIf(Tok::Comma));
  }
  return p.parseOptionalAttrDict(state.attrs);
}

/// `scf.reduce.return %v : T`
bool parseReduceReturn(Parser &p, OperationState &state) {
  UnresolvedOperand v;
  Type t;
  if (!p.parseOperand(v) || !p.parseOptionalAttrDict(state.attrs) ||
      !p.parseColonType(t))
    return false;
  return p.resolveOperand(v, t, state.operands);
}

/// `scf.index_switch %arg [attrs] [-> types] (case N {..})* default {..}`
bool parseIndexSwitch(Parser &p, OperationState &state) {
  UnresolvedOperand arg;
  if (!p.parseOperand(arg) ||
      !p.resolveOperand(arg, Type::index(), state.operands) ||
      !p.parseOptionalAttrDict(state.attrs) ||
      !parseOptionalArrowTypes(p, state.types))
    return false;
  Region *defaultRegion = state.addRegion();
  std::vector<int64_t> cases;
  while (p.consumeKeyword("case")) {
    int64_t value;
    if (!p.parseSignedInteger(value) ||
        !p.parseRegion(*state.addRegion(), {}, "scf.yield"))
      return false;
    cases.push_back(value);
  }
  state.addAttr("cases", Attribute::denseArray(Type::integer(64), cases));
  return p.expectKeyword("default") &&
         p.parseRegion(*defaultRegion, {}, "scf.yield");
}

/// `scf.execute_region [-> types] {..} [attrs]`
bool parseExecuteRegion(Parser &p, OperationState &state) {
  return parseOptionalArrowTypes(p, state.types) &&
         p.parseRegion(*state.addRegion(), {}) &&
         p.parseOptionalAttrDict(state.attrs);
}

} // namespace

void registerScfOpParsers(OpParserRegistry &r) {
  r.add("scf.for", parseFor);
  r.add("scf.if", parseIf);
  r.add("scf.while", parseWhile);
  r.add("scf.condition", parseCondition);
  r.add("scf.parallel", parseParallel);
  r.add("scf.reduce", parseReduce);
  r.add("scf.reduce.return", parseReduceReturn);
  r.add("scf.index_switch", parseIndexSwitch);
  r.add("scf.execute_region", parseExecuteRegion);
  r.add("scf.yield", parseYield);
}

} // namespace affjit

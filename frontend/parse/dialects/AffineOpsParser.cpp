// Custom-syntax parsers of the affine dialect (seed 000, "Operations"):
// apply/min/max, for (constant, symbol and min/max map bounds, step,
// iter_args), if/else with results, parallel with bound groups, steps and
// reductions, load/store and their vector forms, prefetch, dma_start,
// dma_wait and yield. Each fills MLIR 19's generic form of the op.
#include "frontend/ir/ArithOpTable.h"
#include "frontend/ir/Ops.h"
#include "frontend/parse/OpParsers.h"

namespace affjit {

namespace {

Attribute mapAttr(const AffineMap &m) { return Attribute::affineMap(m); }

/// `(%d0, %d1)[%s0]`: dims in parentheses, optional symbols in brackets.
bool parseDimAndSymbolList(Parser &p, std::vector<UnresolvedOperand> &ops,
                           unsigned &numDims) {
  if (!p.expect(Tok::LParen, "'('") || !p.parseOperandList(ops) ||
      !p.expect(Tok::RParen, "')'"))
    return false;
  numDims = (unsigned)ops.size();
  if (!p.consumeIf(Tok::LSquare))
    return true;
  return p.parseOperandList(ops) && p.expect(Tok::RSquare, "']'");
}

/// Checks operand counts against a map's or set's inputs.
bool checkInputCounts(Parser &p, const OperationState &state, unsigned numDims,
                      unsigned numOps, unsigned mapDims, unsigned mapSyms,
                      const char *what) {
  if (numDims != mapDims)
    return customOpError(p, state, state.loc,
                         std::string("dim operand count and ") + what +
                             " dim count must match");
  if (numOps - numDims != mapSyms)
    return customOpError(p, state, state.loc,
                         std::string("symbol operand count and ") + what +
                             " symbol count must match");
  return true;
}

/// `#map(%a)[%b]` with index operands: affine.apply, affine.min/max.
bool parseMapApplication(Parser &p, OperationState &state, bool oneResult) {
  AffineMap map;
  std::vector<UnresolvedOperand> ops;
  unsigned numDims;
  if (!p.parseAffineMapRef(map) || !parseDimAndSymbolList(p, ops, numDims) ||
      !p.parseOptionalAttrDict(state.attrs))
    return false;
  if (numDims != map.getNumDims() || ops.size() != map.getNumInputs())
    return customOpError(p, state, state.loc,
                         "dimension or symbol index mismatch");
  state.addAttr("map", mapAttr(map));
  state.types.assign(oneResult ? 1 : map.getNumResults(), Type::index());
  return p.resolveOperands(ops, Type::index(), state.operands);
}

/// `%i into (%b0, %b1, ...) : index, index, ...`
bool parseDelinearizeIndex(Parser &p, OperationState &state) {
  UnresolvedOperand index;
  std::vector<UnresolvedOperand> basis;
  if (!p.parseOperand(index) || !p.expectKeyword("into") ||
      !p.expect(Tok::LParen, "'('") || !p.parseOperandList(basis) ||
      !p.expect(Tok::RParen, "')'") || !p.parseOptionalAttrDict(state.attrs) ||
      !p.expect(Tok::Colon, "':'"))
    return false;
  do {
    Type t;
    if (!p.parseType(t))
      return false;
    state.types.push_back(t);
  } while (p.consumeIf(Tok::Comma));
  return p.resolveOperand(index, Type::index(), state.operands) &&
         p.resolveOperands(basis, Type::index(), state.operands);
}

bool parseApply(Parser &p, OperationState &state) {
  return parseMapApplication(p, state, /*oneResult=*/false);
}
bool parseMinMax(Parser &p, OperationState &state) {
  return parseMapApplication(p, state, /*oneResult=*/true);
}

/// `%m[%i + 1, symbol(%n)]`: the memref operand and its access map.
bool parseMemRefAccess(Parser &p, UnresolvedOperand &memref, AffineMap &map,
                       std::vector<UnresolvedOperand> &indices) {
  return p.parseOperand(memref) && p.expect(Tok::LSquare, "'['") &&
         p.parseAffineMapOfSSAIds(map, indices, ']');
}

/// Resolves `memref` as `type` (which must be a memref) and the indices.
bool resolveAccess(Parser &p, OperationState &state,
                   const UnresolvedOperand &memref, Type type,
                   const std::vector<UnresolvedOperand> &indices,
                   const Location &typeLoc) {
  if (!type.isMemRef())
    return p.emitError(typeLoc, "expected a ranked memref type");
  return p.resolveOperand(memref, type, state.operands) &&
         p.resolveOperands(indices, Type::index(), state.operands);
}

/// affine.load / affine.vector_load: `%m[...] : memref<...>[, vector<...>]`
bool parseLoadLike(Parser &p, OperationState &state, bool isVector) {
  UnresolvedOperand memref;
  AffineMap map;
  std::vector<UnresolvedOperand> indices;
  Type memrefType, vectorType;
  if (!parseMemRefAccess(p, memref, map, indices) ||
      !p.parseOptionalAttrDict(state.attrs))
    return false;
  Location typeLoc = p.getLoc();
  if (!p.parseColonType(memrefType))
    return false;
  if (isVector && (!p.expect(Tok::Comma, "','") || !p.parseType(vectorType)))
    return false;
  if (!resolveAccess(p, state, memref, memrefType, indices, typeLoc))
    return false;
  state.addAttr("map", mapAttr(map));
  state.types.push_back(isVector ? vectorType : memrefType.getElementType());
  return true;
}

/// affine.store / affine.vector_store: `%v, %m[...] : memref<...>[, vec]`
bool parseStoreLike(Parser &p, OperationState &state, bool isVector) {
  UnresolvedOperand value, memref;
  AffineMap map;
  std::vector<UnresolvedOperand> indices;
  Type memrefType, vectorType;
  if (!p.parseOperand(value) || !p.expect(Tok::Comma, "','") ||
      !parseMemRefAccess(p, memref, map, indices) ||
      !p.parseOptionalAttrDict(state.attrs))
    return false;
  Location typeLoc = p.getLoc();
  if (!p.parseColonType(memrefType))
    return false;
  if (isVector && (!p.expect(Tok::Comma, "','") || !p.parseType(vectorType)))
    return false;
  if (!memrefType.isMemRef())
    return p.emitError(typeLoc, "expected a ranked memref type");
  Type valueType = isVector ? vectorType : memrefType.getElementType();
  if (!p.resolveOperand(value, valueType, state.operands))
    return false;
  state.addAttr("map", mapAttr(map));
  return resolveAccess(p, state, memref, memrefType, indices, typeLoc);
}

bool parseLoad(Parser &p, OperationState &s) { return parseLoadLike(p, s, 0); }
bool parseVectorLoad(Parser &p, OperationState &s) {
  return parseLoadLike(p, s, 1);
}
bool parseStore(Parser &p, OperationState &s) {
  return parseStoreLike(p, s, 0);
}
bool parseVectorStore(Parser &p, OperationState &s) {
  return parseStoreLike(p, s, 1);
}

/// One affine.for bound: an integer, a symbol `%n`, or
/// `[max|min] #map(%dims)[%syms]`.
bool parseForBound(Parser &p, OperationState &state, bool isLower,
                   AffineMap &map, std::vector<Value *> &operands) {
  std::vector<UnresolvedOperand> ops;
  bool hasMinMax = p.consumeKeyword(isLower ? "max" : "min");
  if (!hasMinMax && p.isOperand()) {
    UnresolvedOperand sym;
    if (!p.parseOperand(sym))
      return false;
    map = AffineMap::getSymbolIdentity();
    return p.resolveOperand(sym, Type::index(), operands);
  }
  if (!hasMinMax && (p.tok().is(Tok::Integer) || p.tok().is(Tok::Minus))) {
    int64_t v;
    if (!p.parseSignedInteger(v))
      return false;
    map = AffineMap::getConstant(v);
    return true;
  }
  Location mapLoc = p.getLoc();
  unsigned numDims;
  if (!p.parseAffineMapRef(map) || !parseDimAndSymbolList(p, ops, numDims) ||
      !checkInputCounts(p, state, numDims, (unsigned)ops.size(),
                        map.getNumDims(), map.getNumSymbols(), "affine map"))
    return false;
  if (map.getNumResults() == 0)
    return customOpError(p, state, mapLoc, "expected a non-empty bound map");
  if (map.getNumResults() > 1 && !hasMinMax)
    return customOpError(p, state, mapLoc,
                         std::string(isLower ? "lower" : "upper") +
                             " loop bound affine map with multiple results "
                             "requires '" +
                             (isLower ? "max" : "min") + "' prefix");
  return p.resolveOperands(ops, Type::index(), operands);
}

/// `iter_args(%a = %init, ...) -> (types)`: declares the body arguments.
bool parseIterArgs(Parser &p, OperationState &state,
                   std::vector<BlockArgDecl> &args,
                   std::vector<Value *> &inits) {
  if (!p.consumeKeyword("iter_args"))
    return true;
  std::vector<UnresolvedOperand> initOps;
  if (!p.expect(Tok::LParen, "'('"))
    return false;
  do {
    BlockArgDecl decl;
    UnresolvedOperand init;
    if (!p.parseArgument(decl.id) || !p.expect(Tok::Equal, "'='") ||
        !p.parseOperand(init))
      return false;
    args.push_back(decl);
    initOps.push_back(init);
  } while (p.consumeIf(Tok::Comma));
  Location typesLoc = p.getLoc();
  if (!p.expect(Tok::RParen, "')'") || !p.expect(Tok::Arrow, "'->'") ||
      !p.parseFunctionResultTypes(state.types))
    return false;
  if (state.types.size() != initOps.size())
    return customOpError(
        p, state, typesLoc,
        "mismatch between the number of loop-carried values and "
        "results");
  for (size_t i = 0; i < initOps.size(); ++i)
    args[i + 1].type = state.types[i];
  return p.resolveOperands(initOps, state.types, inits);
}

bool parseFor(Parser &p, OperationState &state) {
  std::vector<BlockArgDecl> args(1);
  args[0].type = Type::index();
  AffineMap lbMap, ubMap;
  std::vector<Value *> lbOps, ubOps, inits;
  if (!p.parseArgument(args[0].id) || !p.expect(Tok::Equal, "'='") ||
      !parseForBound(p, state, true, lbMap, lbOps) || !p.expectKeyword("to") ||
      !parseForBound(p, state, false, ubMap, ubOps))
    return false;
  int64_t step = 1;
  if (p.consumeKeyword("step")) {
    Location stepLoc = p.getLoc();
    if (!p.parseSignedInteger(step))
      return false;
    if (step <= 0)
      return customOpError(p, state, stepLoc,
                           "expected step to be representable as a positive "
                           "signed integer");
  }
  if (!parseIterArgs(p, state, args, inits))
    return false;
  state.operands = lbOps;
  state.operands.insert(state.operands.end(), ubOps.begin(), ubOps.end());
  state.operands.insert(state.operands.end(), inits.begin(), inits.end());
  state.addAttr("lowerBoundMap", mapAttr(lbMap));
  state.addAttr("upperBoundMap", mapAttr(ubMap));
  state.addAttr("step", Attribute::index(step));
  state.addAttr(
      "operandSegmentSizes",
      Attribute::denseArray(Type::integer(32),
                            {(int64_t)lbOps.size(), (int64_t)ubOps.size(),
                             (int64_t)inits.size()}));
  return p.parseRegion(*state.addRegion(), args, "affine.yield") &&
         p.parseOptionalAttrDict(state.attrs);
}

bool parseIf(Parser &p, OperationState &state) {
  IntegerSet set;
  std::vector<UnresolvedOperand> ops;
  unsigned numDims;
  if (!p.parseIntegerSetRef(set) || !parseDimAndSymbolList(p, ops, numDims) ||
      !checkInputCounts(p, state, numDims, (unsigned)ops.size(),
                        set.getNumDims(), set.getNumSymbols(), "integer set") ||
      !p.resolveOperands(ops, Type::index(), state.operands))
    return false;
  state.addAttr("condition", Attribute::integerSet(set));
  if (p.consumeIf(Tok::Arrow) && !p.parseFunctionResultTypes(state.types))
    return false;
  if (!p.parseRegion(*state.addRegion(), {}, "affine.yield"))
    return false;
  Region *elseRegion = state.addRegion();
  if (p.consumeKeyword("else") &&
      !p.parseRegion(*elseRegion, {}, "affine.yield"))
    return false;
  return p.parseOptionalAttrDict(state.attrs);
}

bool parseReductions(Parser &p, OperationState &state) {
  std::vector<Attribute> kinds;
  if (!p.consumeKeyword("reduce"))
    return true;
  if (!p.expect(Tok::LParen, "'('"))
    return false;
  do {
    Location loc = p.getLoc();
    std::string kind;
    if (!p.parseString(kind))
      return false;
    int64_t value = -1;
    for (int64_t i = 0; i < kNumAtomicRMWKinds; ++i)
      if (kind == kAtomicRMWKinds[i])
        value = i;
    if (value < 0)
      return customOpError(p, state, loc,
                           "invalid reduction value: \"" + kind + "\"");
    kinds.push_back(Attribute::integer(value, Type::integer(64)));
  } while (p.consumeIf(Tok::Comma));
  if (!p.expect(Tok::RParen, "')'") || !p.expect(Tok::Arrow, "'->'") ||
      !p.parseFunctionResultTypes(state.types))
    return false;
  state.addAttr("reductions", Attribute::array(std::move(kinds)));
  return true;
}

/// `step (1, 2)`; all ones when absent.
bool parseParallelSteps(Parser &p, OperationState &state, size_t numIvs) {
  std::vector<Attribute> steps;
  if (p.consumeKeyword("step")) {
    if (!p.expect(Tok::LParen, "'('"))
      return false;
    do {
      Location loc = p.getLoc();
      int64_t s;
      if (!p.parseSignedInteger(s))
        return false;
      if (s <= 0)
        return customOpError(p, state, loc, "steps must be positive integers");
      steps.push_back(Attribute::integer(s, Type::integer(64)));
    } while (p.consumeIf(Tok::Comma));
    if (!p.expect(Tok::RParen, "')'"))
      return false;
  } else {
    steps.assign(numIvs, Attribute::integer(1, Type::integer(64)));
  }
  state.addAttr("steps", Attribute::array(std::move(steps)));
  return true;
}

Attribute groupsAttr(const std::vector<int32_t> &groups) {
  std::vector<int64_t> v(groups.begin(), groups.end());
  Type type = Type::tensor({(int64_t)v.size()}, Type::integer(32));
  return Attribute::denseInts(type, std::move(v));
}

/// `(%i, %j)`: the induction variables, possibly none.
bool parseParallelIvs(Parser &p, std::vector<UnresolvedOperand> &ivs) {
  if (!p.expect(Tok::LParen, "'('"))
    return false;
  if (p.consumeIf(Tok::RParen))
    return true;
  do {
    ivs.emplace_back();
    if (!p.parseArgument(ivs.back()))
      return false;
  } while (p.consumeIf(Tok::Comma));
  return p.expect(Tok::RParen, "')'");
}

bool parseParallel(Parser &p, OperationState &state) {
  std::vector<UnresolvedOperand> ivs;
  if (!parseParallelIvs(p, ivs) || !p.expect(Tok::Equal, "'='"))
    return false;
  AffineMap lbMap, ubMap;
  std::vector<UnresolvedOperand> lbOps, ubOps;
  std::vector<int32_t> lbGroups, ubGroups;
  Location boundsLoc = p.getLoc();
  if (!p.parseAffineBoundGroups("max", lbMap, lbOps, lbGroups) ||
      !p.expectKeyword("to") ||
      !p.parseAffineBoundGroups("min", ubMap, ubOps, ubGroups))
    return false;
  if (lbGroups.size() != ivs.size() || ubGroups.size() != ivs.size())
    return customOpError(p, state, boundsLoc,
                         "expected as many lower and upper bounds as induction "
                         "variables");
  if (!parseParallelSteps(p, state, ivs.size()) || !parseReductions(p, state))
    return false;
  if (!state.hasAttr("reductions"))
    state.addAttr("reductions", Attribute::array({}));
  state.addAttr("lowerBoundsMap", mapAttr(lbMap));
  state.addAttr("lowerBoundsGroups", groupsAttr(lbGroups));
  state.addAttr("upperBoundsMap", mapAttr(ubMap));
  state.addAttr("upperBoundsGroups", groupsAttr(ubGroups));
  if (!p.resolveOperands(lbOps, Type::index(), state.operands) ||
      !p.resolveOperands(ubOps, Type::index(), state.operands))
    return false;
  std::vector<BlockArgDecl> args;
  for (const UnresolvedOperand &iv : ivs)
    args.push_back(BlockArgDecl{iv, Type::index()});
  return p.parseRegion(*state.addRegion(), args, "affine.yield") &&
         p.parseOptionalAttrDict(state.attrs);
}

/// `affine.yield` or `affine.yield %a, %b : T, U`
bool parseYield(Parser &p, OperationState &state) {
  std::vector<UnresolvedOperand> ops;
  if (!p.parseOperandList(ops) || !p.parseOptionalAttrDict(state.attrs))
    return false;
  if (ops.empty())
    return true;
  std::vector<Type> types;
  Location loc = p.getLoc();
  if (!p.parseColonTypeList(types))
    return false;
  if (types.size() != ops.size())
    return p.emitError(loc, std::to_string(ops.size()) +
                                " operands present, but expected " +
                                std::to_string(types.size()));
  return p.resolveOperands(ops, types, state.operands);
}

/// `%m[...], read|write, locality<N>, data|instr : memref<...>`
bool parsePrefetch(Parser &p, OperationState &state) {
  UnresolvedOperand memref;
  AffineMap map;
  std::vector<UnresolvedOperand> indices;
  if (!parseMemRefAccess(p, memref, map, indices) ||
      !p.expect(Tok::Comma, "','"))
    return false;
  Location loc = p.getLoc();
  std::string rw, cache;
  int64_t locality;
  if (!p.parseKeyword(rw) || !p.expect(Tok::Comma, "','") ||
      !p.expectKeyword("locality") || !p.expect(Tok::Less, "'<'") ||
      !p.parseInteger(locality) || !p.expect(Tok::Greater, "'>'") ||
      !p.expect(Tok::Comma, "','") || !p.parseKeyword(cache))
    return false;
  if (rw != "read" && rw != "write")
    return customOpError(p, state, loc,
                         "rw specifier has to be 'read' or 'write'");
  if (cache != "data" && cache != "instr")
    return customOpError(p, state, loc,
                         "cache type has to be 'data' or 'instr'");
  if (locality < 0 || locality > 3)
    return customOpError(p, state, loc,
                         "locality hint must be between 0 and 3");
  Location typeLoc = p.getLoc();
  Type type;
  if (!p.parseOptionalAttrDict(state.attrs) || !p.parseColonType(type))
    return false;
  state.addAttr(attrname::prefetch::IsWrite, Attribute::boolean(rw == "write"));
  state.addAttr(attrname::prefetch::LocalityHint,
                Attribute::integer(locality, Type::integer(32)));
  state.addAttr(attrname::prefetch::IsDataCache,
                Attribute::boolean(cache == "data"));
  state.addAttr("map", mapAttr(map));
  return resolveAccess(p, state, memref, type, indices, typeLoc);
}

/// `%src[...], %dst[...], %tag[...], %n[, %stride, %perStride] : T, U, V`
bool parseDmaStart(Parser &p, OperationState &state) {
  UnresolvedOperand src, dst, tag;
  AffineMap srcMap, dstMap, tagMap;
  std::vector<UnresolvedOperand> srcIdx, dstIdx, tagIdx, sizes;
  if (!parseMemRefAccess(p, src, srcMap, srcIdx) ||
      !p.expect(Tok::Comma, "','") ||
      !parseMemRefAccess(p, dst, dstMap, dstIdx) ||
      !p.expect(Tok::Comma, "','") ||
      !parseMemRefAccess(p, tag, tagMap, tagIdx) ||
      !p.expect(Tok::Comma, "','") || !p.parseOperandList(sizes, false))
    return false;
  if (sizes.size() != 1 && sizes.size() != 3)
    return customOpError(p, state, state.loc,
                         "expected two stride related operands");
  std::vector<Type> types;
  Location typeLoc = p.getLoc();
  if (!p.parseOptionalAttrDict(state.attrs) || !p.parseColonTypeList(types))
    return false;
  if (types.size() != 3)
    return customOpError(p, state, typeLoc, "expected three types");
  state.addAttr("src_map", mapAttr(srcMap));
  state.addAttr("dst_map", mapAttr(dstMap));
  state.addAttr("tag_map", mapAttr(tagMap));
  return resolveAccess(p, state, src, types[0], srcIdx, typeLoc) &&
         resolveAccess(p, state, dst, types[1], dstIdx, typeLoc) &&
         resolveAccess(p, state, tag, types[2], tagIdx, typeLoc) &&
         p.resolveOperands(sizes, Type::index(), state.operands);
}

/// `%tag[...], %n : memref<...>`
bool parseDmaWait(Parser &p, OperationState &state) {
  UnresolvedOperand tag, count;
  AffineMap tagMap;
  std::vector<UnresolvedOperand> tagIdx;
  Type type;
  if (!parseMemRefAccess(p, tag, tagMap, tagIdx) ||
      !p.expect(Tok::Comma, "','") || !p.parseOperand(count) ||
      !p.parseOptionalAttrDict(state.attrs))
    return false;
  Location typeLoc = p.getLoc();
  if (!p.parseColonType(type))
    return false;
  state.addAttr("tag_map", mapAttr(tagMap));
  return resolveAccess(p, state, tag, type, tagIdx, typeLoc) &&
         p.resolveOperand(count, Type::index(), state.operands);
}

} // namespace

void registerAffineOpParsers(OpParserRegistry &r) {
  r.add("affine.apply", parseApply);
  r.add("affine.delinearize_index", parseDelinearizeIndex);
  r.add("affine.min", parseMinMax);
  r.add("affine.max", parseMinMax);
  r.add("affine.load", parseLoad);
  r.add("affine.store", parseStore);
  r.add("affine.vector_load", parseVectorLoad);
  r.add("affine.vector_store", parseVectorStore);
  r.add("affine.for", parseFor);
  r.add("affine.if", parseIf);
  r.add("affine.parallel", parseParallel);
  r.add("affine.yield", parseYield);
  r.add("affine.prefetch", parsePrefetch);
  r.add("affine.dma_start", parseDmaStart);
  r.add("affine.dma_wait", parseDmaWait);
}

} // namespace affjit

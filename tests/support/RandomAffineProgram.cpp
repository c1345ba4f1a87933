// Random affine loop-nest programs in MLIR 19 syntax. A program is planned
// first (memrefs, nests as trees of loops, which access goes where), then
// printed op by op; bounds, guards and subscripts are drawn while printing.
// All randomness comes from one std::mt19937_64 through Rng's own draws.
#include "support/RandomAffineProgram.h"
#include "support/SeededRng.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <sstream>
#include <vector>

namespace affjit::test {

namespace {

//===----------------------------------------------------------------------===//
// Affine expressions
//===----------------------------------------------------------------------===//

struct Expr;
using ExprRef = std::shared_ptr<const Expr>;

/// A pure affine expression over operands numbered by an OperandTable.
struct Expr {
  enum Kind { Const, Var, Add, Mul, FloorDiv, CeilDiv, Mod } kind;
  int64_t value = 0; // Const value, Mul factor, or divisor
  int var = -1;      // Var: operand index
  ExprRef lhs, rhs;
};

ExprRef constant(int64_t v) {
  return std::make_shared<Expr>(Expr{Expr::Const, v, -1, nullptr, nullptr});
}
ExprRef variable(int var) {
  return std::make_shared<Expr>(Expr{Expr::Var, 0, var, nullptr, nullptr});
}
ExprRef add(ExprRef a, ExprRef b) {
  return std::make_shared<Expr>(Expr{Expr::Add, 0, -1, a, b});
}
ExprRef scale(ExprRef a, int64_t factor) {
  if (factor == 1)
    return a;
  return std::make_shared<Expr>(Expr{Expr::Mul, factor, -1, a, nullptr});
}
ExprRef divide(Expr::Kind kind, ExprRef a, int64_t divisor) {
  return std::make_shared<Expr>(Expr{kind, divisor, -1, a, nullptr});
}
/// a + c, leaving out a zero constant.
ExprRef plusConstant(ExprRef a, int64_t c) {
  return c == 0 ? a : add(a, constant(c));
}

void collectVars(const Expr &e, std::vector<bool> &used) {
  if (e.kind == Expr::Var)
    used[e.var] = true;
  if (e.lhs)
    collectVars(*e.lhs, used);
  if (e.rhs)
    collectVars(*e.rhs, used);
}

using VarNamer = std::function<std::string(int)>;

std::string printExpr(const Expr &e, const VarNamer &name);

/// Operand of `*`, floordiv, ceildiv, mod: parenthesized unless atomic.
std::string printFactor(const Expr &e, const VarNamer &name) {
  if (e.kind == Expr::Var)
    return name(e.var);
  if (e.kind == Expr::Const && e.value >= 0)
    return std::to_string(e.value);
  return "(" + printExpr(e, name) + ")";
}

bool isNegativeTerm(const Expr &e) {
  return (e.kind == Expr::Const || e.kind == Expr::Mul) && e.value < 0;
}

/// A term of a sum; `negate` prints its absolute value after a " - ".
std::string printTerm(const Expr &e, const VarNamer &name, bool negate) {
  int64_t v = negate ? -e.value : e.value;
  switch (e.kind) {
  case Expr::Const:
    return std::to_string(v);
  case Expr::Var:
    return name(e.var);
  case Expr::Mul:
    if (v == 1)
      return printFactor(*e.lhs, name);
    if (v == -1)
      return "-" + printFactor(*e.lhs, name);
    return printFactor(*e.lhs, name) + " * " + std::to_string(v);
  case Expr::FloorDiv:
    return printFactor(*e.lhs, name) + " floordiv " + std::to_string(v);
  case Expr::CeilDiv:
    return printFactor(*e.lhs, name) + " ceildiv " + std::to_string(v);
  case Expr::Mod:
    return printFactor(*e.lhs, name) + " mod " + std::to_string(v);
  case Expr::Add:
    break;
  }
  return "(" + printExpr(e, name) + ")";
}

void flattenSum(const Expr &e, std::vector<const Expr *> &terms) {
  if (e.kind != Expr::Add) {
    terms.push_back(&e);
    return;
  }
  flattenSum(*e.lhs, terms);
  flattenSum(*e.rhs, terms);
}

std::string printExpr(const Expr &e, const VarNamer &name) {
  std::vector<const Expr *> terms;
  flattenSum(e, terms);
  std::string out = printTerm(*terms[0], name, false);
  for (size_t i = 1; i < terms.size(); ++i) {
    bool negative = isNegativeTerm(*terms[i]);
    out += negative ? " - " : " + ";
    out += printTerm(*terms[i], name, negative);
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Operands, maps and sets
//===----------------------------------------------------------------------===//

/// SSA index values an expression may mention: induction variables and
/// affine.apply results (dimensions), function arguments (symbols).
struct Operand {
  std::string name;
  bool isSymbol = false;
};

using OperandTable = std::vector<Operand>;

/// `affine_map<(d..)[s..] -> (results)>(dims)[syms]` pieces: the map's
/// parameter list, its operand list, and names of operands inside the map.
struct MapForm {
  std::string params, operands;
  std::vector<std::string> names;
};

MapForm mapFormFor(const std::vector<ExprRef> &exprs,
                   const OperandTable &table) {
  std::vector<bool> used(table.size(), false);
  for (const ExprRef &e : exprs)
    collectVars(*e, used);
  MapForm form;
  form.names.resize(table.size());
  std::string dims, syms, dimOps, symOps;
  int numDims = 0, numSyms = 0;
  for (size_t i = 0; i < table.size(); ++i) {
    if (!used[i])
      continue;
    bool sym = table[i].isSymbol;
    std::string &params = sym ? syms : dims;
    std::string &ops = sym ? symOps : dimOps;
    int &count = sym ? numSyms : numDims;
    form.names[i] = (sym ? "s" : "d") + std::to_string(count++);
    params += (params.empty() ? "" : ", ") + form.names[i];
    ops += (ops.empty() ? "" : ", ") + table[i].name;
  }
  form.params = "(" + dims + ")" + (numSyms ? "[" + syms + "]" : "");
  form.operands = "(" + dimOps + ")" + (numSyms ? "[" + symOps + "]" : "");
  return form;
}

/// `affine_map<...>(operands)` for `results`.
std::string printMapUse(const std::vector<ExprRef> &results,
                        const OperandTable &table) {
  MapForm form = mapFormFor(results, table);
  VarNamer name = [&](int v) { return form.names[v]; };
  std::string out = "affine_map<" + form.params + " -> (";
  for (size_t i = 0; i < results.size(); ++i)
    out += (i ? ", " : "") + printExpr(*results[i], name);
  return out + ")>" + form.operands;
}

/// A constraint `expr >= 0` or `expr == 0`.
struct Constraint {
  ExprRef expr;
  bool isEquality = false;
};

/// `affine_set<...>(operands)` for `constraints`.
std::string printSetUse(const std::vector<Constraint> &constraints,
                        const OperandTable &table) {
  std::vector<ExprRef> exprs;
  for (const Constraint &c : constraints)
    exprs.push_back(c.expr);
  MapForm form = mapFormFor(exprs, table);
  VarNamer name = [&](int v) { return form.names[v]; };
  std::string out = "affine_set<" + form.params + " : (";
  for (size_t i = 0; i < constraints.size(); ++i)
    out += (i ? ", " : "") + printExpr(*constraints[i].expr, name) +
           (constraints[i].isEquality ? " == 0" : " >= 0");
  return out + ")>" + form.operands;
}

//===----------------------------------------------------------------------===//
// Program plan
//===----------------------------------------------------------------------===//

struct Memref {
  std::string name;
  std::vector<int64_t> shape; // -1: dynamic
  std::string type() const {
    std::string t = "memref<";
    for (int64_t d : shape)
      t += (d < 0 ? std::string("?") : std::to_string(d)) + "x";
    return t + "f32>";
  }
};

struct AccessPlan {
  bool isStore = false;
  int memref = 0;
};

/// A loop body item: an access (global index) or a loop (index in its nest).
struct Item {
  bool isLoop = false;
  int index = 0;
};

struct LoopPlan {
  int depth = 1; // 1 = outermost
  std::vector<Item> body;
};

/// A top-level nest; loops[0] is its outermost loop.
struct NestPlan {
  std::vector<LoopPlan> loops;
};

/// Even split of `total` into `parts` (each >= 1 when total >= parts), or a
/// random one.
std::vector<int> splitCount(Rng &rng, int total, int parts, bool even) {
  std::vector<int> counts(parts, 1);
  for (int i = 0; i < total - parts; ++i)
    counts[even ? i % parts : rng.below(parts)]++;
  return counts;
}

//===----------------------------------------------------------------------===//
// Generator
//===----------------------------------------------------------------------===//

const std::vector<int64_t> kCoefficients = {1, 1, 1, 1, -1, 2, -2, 3};

class Generator {
public:
  Generator(uint64_t seed, const GeneratorOptions &opts)
      : rng(seed), opts(opts) {}

  std::string run() {
    chooseSymbols();
    chooseMemrefs();
    planAccesses();
    planNests();
    emitFunction();
    return out.str();
  }

private:
  Rng rng;
  const GeneratorOptions &opts;
  std::ostringstream out;
  int indent = 0;

  std::vector<std::string> symbols;
  std::vector<Memref> memrefs;
  std::string memrefArg; // "" or "%A: memref<...>"
  std::vector<AccessPlan> accesses;
  std::vector<NestPlan> nests;

  // Printing state: enclosing induction variables and, per open region,
  // the f32 values defined there (loads) that a store may use.
  std::vector<std::string> ivs;
  std::vector<std::vector<std::string>> valueScopes;
  std::vector<std::string> constants;
  int nextIv = 0, nextValue = 0, nextApply = 0;

  int draw(int lo, int hi) { return (int)rng.range(lo, std::max(lo, hi)); }

  void line(const std::string &text) {
    out << std::string(2 * indent, ' ') << text << "\n";
  }

  // --- Plan -------------------------------------------------------------

  void chooseSymbols() {
    static const char *names[] = {"%N", "%M", "%K", "%L"};
    int n = std::min(draw(opts.minSymbols, opts.maxSymbols), 4);
    for (int i = 0; i < n; ++i)
      symbols.push_back(names[i]);
  }

  std::vector<int64_t> randomShape(int rank) {
    static const int64_t maxSize[] = {0, 16, 10, 6};
    std::vector<int64_t> shape;
    for (int d = 0; d < rank; ++d)
      shape.push_back(rng.range(rank == 3 ? 2 : 4, maxSize[rank]));
    return shape;
  }

  void chooseMemrefs() {
    int n = draw(opts.minMemrefs, opts.maxMemrefs);
    int maxRank = std::clamp(opts.maxRank, 1, 3);
    for (int i = 0; i < n; ++i) {
      Memref m{"%m" + std::to_string(i), randomShape(draw(1, maxRank))};
      if (opts.dynamicDims && !symbols.empty() && rng.chance(20))
        m.shape[0] = -1;
      memrefs.push_back(m);
    }
    if (opts.memrefArgument && rng.chance(25)) {
      Memref arg{"%A", randomShape(draw(1, maxRank))};
      if (rng.chance(30))
        arg.shape.back() = -1;
      memrefArg = "%A: " + arg.type();
      memrefs.push_back(arg);
    }
  }

  void planAccesses() {
    int n = draw(opts.minAccesses, opts.maxAccesses);
    bool anyStore = false, anyLoad = false;
    for (int i = 0; i < n; ++i) {
      AccessPlan a{rng.chance(opts.percentStore),
                   (int)rng.below(memrefs.size())};
      anyStore |= a.isStore;
      anyLoad |= !a.isStore;
      accesses.push_back(a);
    }
    // At least one store (loads alone never depend), and a load if n >= 2.
    if (!anyStore && n > 0)
      accesses[rng.below(n)].isStore = true;
    if (!anyLoad && n >= 2)
      for (AccessPlan &a : accesses)
        if (a.isStore) {
          a.isStore = false;
          break;
        }
  }

  int numNests(int numAccesses) {
    if (opts.accessesPerNest > 0)
      return std::max(1, (numAccesses + opts.accessesPerNest - 1) /
                             opts.accessesPerNest);
    return std::max(1, draw(opts.minNests,
                            std::min(opts.maxNests, std::max(1, numAccesses))));
  }

  /// A spine of `depth` loops plus sibling loops up to `numLoops`.
  NestPlan planLoopTree(int depth, int numLoops) {
    NestPlan nest;
    for (int d = 1; d <= depth; ++d) {
      nest.loops.push_back(LoopPlan{d, {}});
      if (d > 1)
        nest.loops[d - 2].body.push_back(Item{true, d - 1});
    }
    int maxDepth = std::max(opts.maxDepth, depth);
    while ((int)nest.loops.size() < numLoops) {
      std::vector<int> parents;
      for (size_t i = 0; i < nest.loops.size(); ++i)
        if (nest.loops[i].depth < maxDepth)
          parents.push_back((int)i);
      if (parents.empty())
        break;
      int parent = rng.pick(parents);
      nest.loops[parent].body.push_back(Item{true, (int)nest.loops.size()});
      nest.loops.push_back(LoopPlan{nest.loops[parent].depth + 1, {}});
    }
    return nest;
  }

  int chooseLoopForAccess(const NestPlan &nest) {
    std::vector<int> innermost;
    for (size_t i = 0; i < nest.loops.size(); ++i) {
      bool hasLoop = false;
      for (const Item &it : nest.loops[i].body)
        hasLoop |= it.isLoop;
      if (!hasLoop)
        innermost.push_back((int)i);
    }
    if (rng.chance(opts.percentInnermost))
      return rng.pick(innermost);
    return (int)rng.below(nest.loops.size());
  }

  void planNests() {
    int total = (int)accesses.size();
    int n = numNests(total);
    std::vector<int> perNest =
        splitCount(rng, total, n, opts.accessesPerNest > 0);
    int nextAccess = 0;
    for (int k = 0; k < n; ++k) {
      int depth = draw(std::max(1, opts.minDepth), opts.maxDepth);
      int numLoops = depth;
      if (opts.maxLoopsPerNest > depth && rng.chance(40))
        numLoops = draw(depth + 1, opts.maxLoopsPerNest);
      NestPlan nest = planLoopTree(depth, numLoops);
      for (int a = 0; a < perNest[k] && nextAccess < total; ++a)
        nest.loops[chooseLoopForAccess(nest)].body.push_back(
            Item{false, nextAccess++});
      for (LoopPlan &loop : nest.loops)
        rng.shuffle(loop.body);
      nests.push_back(std::move(nest));
    }
  }

  // --- Expressions ------------------------------------------------------

  /// Operands visible here: enclosing IVs then symbols.
  OperandTable currentOperands() const {
    OperandTable table;
    for (const std::string &iv : ivs)
      table.push_back(Operand{iv, false});
    for (const std::string &s : symbols)
      table.push_back(Operand{s, true});
    return table;
  }

  std::vector<int> operandsOfKind(const OperandTable &table, bool symbol) {
    std::vector<int> out;
    for (size_t i = 0; i < table.size(); ++i)
      if (table[i].isSymbol == symbol)
        out.push_back((int)i);
    return out;
  }

  int64_t coefficient() { return rng.pick(kCoefficients); }

  /// c1*v1 + ... + c, with 1..maxTerms distinct variables from `vars`.
  ExprRef linear(std::vector<int> vars, int maxTerms, int64_t lo, int64_t hi) {
    rng.shuffle(vars);
    int terms = std::min<int>(draw(1, maxTerms), (int)vars.size());
    ExprRef e;
    for (int i = 0; i < terms; ++i) {
      bool unit = i == 0 && rng.chance(70);
      ExprRef t = scale(variable(vars[i]), unit ? 1 : coefficient());
      e = e ? add(e, t) : t;
    }
    return plusConstant(e, rng.range(lo, hi));
  }

  ExprRef divMod(ExprRef e) {
    static const Expr::Kind kinds[] = {Expr::FloorDiv, Expr::Mod,
                                       Expr::CeilDiv};
    return divide(kinds[rng.below(3)], e, rng.range(2, 4));
  }

  /// A memref subscript over `table`; `dims` are the dimension operands.
  ExprRef subscript(const OperandTable &table, const std::vector<int> &dims) {
    std::vector<int> syms = operandsOfKind(table, true);
    uint64_t r = rng.below(100);
    if (r < 15 || dims.empty())
      return constant(rng.range(0, 3));
    ExprRef e;
    if (r < 65)
      e = plusConstant(
          scale(variable(rng.pick(dims)), rng.chance(80) ? 1 : coefficient()),
          rng.range(-1, 2));
    else {
      std::vector<int> all = dims;
      all.insert(all.end(), syms.begin(), syms.end());
      e = linear(all, 2, -2, 3);
    }
    if (rng.chance(opts.percentDivMod)) {
      e = divMod(e);
      if (rng.chance(40))
        e = add(e, rng.chance(50) ? constant(rng.range(1, 2))
                                  : variable(rng.pick(dims)));
    }
    if (!syms.empty() && rng.chance(10))
      e = add(e, variable(rng.pick(syms)));
    return e;
  }

  // --- Loop bounds ------------------------------------------------------

  /// A loop bound: a constant, a bare symbol, or a (max/min) map use.
  std::string printBound(const std::vector<ExprRef> &results,
                         const OperandTable &table, bool lower) {
    const Expr &e = *results[0];
    if (results.size() == 1 && e.kind == Expr::Const)
      return std::to_string(e.value);
    if (results.size() == 1 && e.kind == Expr::Var && table[e.var].isSymbol &&
        rng.chance(50))
      return table[e.var].name;
    std::string prefix = results.size() > 1 ? (lower ? "max " : "min ") : "";
    return prefix + printMapUse(results, table);
  }

  /// Results of a bound map on symbols: s, s - c, or (s - c, constant).
  std::vector<ExprRef> symbolBound(const std::vector<int> &syms, bool lower) {
    ExprRef s = plusConstant(variable(rng.pick(syms)),
                             lower ? rng.range(-4, 1) : rng.range(-3, 1));
    if (rng.chance(30))
      return {s, constant(lower ? rng.range(-2, 2) : rng.range(4, 12))};
    return {s};
  }

  /// Results of a bound map on an outer IV: iv + c, (iv + c, s), (iv + c, k).
  std::vector<ExprRef> ivBound(const std::vector<int> &dims,
                               const std::vector<int> &syms, bool lower) {
    ExprRef iv = variable(rng.pick(dims));
    if (rng.chance(15))
      iv = divMod(iv);
    else if (rng.chance(15))
      iv = scale(iv, 2);
    ExprRef e = plusConstant(iv, lower ? rng.range(-2, 1) : rng.range(1, 5));
    if (rng.chance(40)) {
      ExprRef other =
          !syms.empty() && rng.chance(60)
              ? plusConstant(variable(rng.pick(syms)), rng.range(-3, 0))
              : constant(lower ? rng.range(-1, 2) : rng.range(5, 12));
      return {e, other};
    }
    return {e};
  }

  /// `LB to UB [step S]` for a loop inside the current IVs.
  std::string loopRange() {
    OperandTable table = currentOperands();
    std::vector<int> dims = operandsOfKind(table, false);
    std::vector<int> syms = operandsOfKind(table, true);
    std::string lb, ub;
    int64_t constLower = rng.chance(35) ? 0 : rng.range(-3, 4);
    if (!dims.empty() && rng.chance(opts.percentIvBound))
      lb = printBound(ivBound(dims, syms, true), table, true);
    else if (!syms.empty() && rng.chance(opts.percentSymbolicBound))
      lb = printBound(symbolBound(syms, true), table, true);
    else
      lb = std::to_string(constLower);
    bool constantLower = lb == std::to_string(constLower);

    if (!dims.empty() && rng.chance(opts.percentIvBound))
      ub = printBound(ivBound(dims, syms, false), table, false);
    else if (!syms.empty() && rng.chance(opts.percentSymbolicBound))
      ub = printBound(symbolBound(syms, false), table, false);
    else
      ub = std::to_string((constantLower ? constLower : 0) + rng.range(-1, 8));

    int step = draw(1, std::max(1, opts.maxStep));
    if (rng.chance(50))
      step = 1;
    return lb + " to " + ub + (step > 1 ? " step " + std::to_string(step) : "");
  }

  // --- Guards -----------------------------------------------------------

  Constraint randomConstraint(const OperandTable &table) {
    std::vector<int> all(table.size());
    for (size_t i = 0; i < all.size(); ++i)
      all[i] = (int)i;
    Constraint c;
    c.isEquality = rng.chance(25);
    ExprRef e = linear(all, 2, -4, 4);
    if (rng.chance(25)) {
      Expr::Kind kind = rng.chance(50) ? Expr::Mod : Expr::FloorDiv;
      e = divide(kind, linear(all, 2, -1, 1), rng.range(2, 4));
      if (kind == Expr::FloorDiv || rng.chance(40))
        e = plusConstant(e, rng.range(-2, 1));
    }
    c.expr = e;
    return c;
  }

  /// `affine.if affine_set<...>(...)` over the current IVs and symbols.
  std::string guardCondition() {
    OperandTable table = currentOperands();
    std::vector<Constraint> constraints;
    int n = draw(1, 2);
    for (int i = 0; i < n; ++i)
      constraints.push_back(randomConstraint(table));
    return "affine.if " + printSetUse(constraints, table);
  }

  // --- Printing -----------------------------------------------------------

  void emitFunction() {
    std::string params;
    for (const std::string &s : symbols)
      params += (params.empty() ? "" : ", ") + s + ": index";
    if (!memrefArg.empty())
      params += (params.empty() ? "" : ", ") + memrefArg;
    line("func.func @f(" + params + ") {");
    ++indent;
    emitAllocs();
    emitConstants();
    valueScopes.push_back({});
    for (const NestPlan &nest : nests)
      emitNest(nest);
    valueScopes.pop_back();
    line("return");
    --indent;
    line("}");
  }

  void emitAllocs() {
    for (const Memref &m : memrefs) {
      if (m.name == "%A")
        continue;
      std::string sizes = m.shape[0] < 0 ? rng.pick(symbols) : "";
      line(m.name + " = memref.alloc(" + sizes + ") : " + m.type());
    }
  }

  void emitConstants() {
    static const char *values[] = {"1.000000e+00", "2.500000e+00"};
    for (int i = 0; i < 2; ++i) {
      constants.push_back("%cst" + std::to_string(i));
      line(constants.back() + " = arith.constant " + values[i] + " : f32");
    }
  }

  void emitNest(const NestPlan &nest) {
    if (!symbols.empty() && rng.chance(opts.percentIf / 2)) {
      line(guardCondition() + " {");
      ++indent;
      emitLoop(nest, 0);
      --indent;
      line("}");
      return;
    }
    emitLoop(nest, 0);
  }

  void emitLoop(const NestPlan &nest, int index) {
    std::string iv = "%i" + std::to_string(nextIv++);
    line("affine.for " + iv + " = " + loopRange() + " {");
    ++indent;
    ivs.push_back(iv);
    valueScopes.push_back({});
    emitBody(nest, nest.loops[index].body);
    valueScopes.pop_back();
    ivs.pop_back();
    --indent;
    line("}");
  }

  void emitBody(const NestPlan &nest, const std::vector<Item> &items) {
    for (size_t i = 0; i < items.size(); ++i) {
      if (!rng.chance(opts.percentIf)) {
        emitItem(nest, items[i]);
        continue;
      }
      line(guardCondition() + " {");
      emitInRegion(nest, items[i]);
      if (i + 1 < items.size() && rng.chance(30)) {
        line("} else {");
        emitInRegion(nest, items[++i]);
      }
      line("}");
    }
  }

  void emitInRegion(const NestPlan &nest, const Item &item) {
    ++indent;
    valueScopes.push_back({});
    emitItem(nest, item);
    valueScopes.pop_back();
    --indent;
  }

  void emitItem(const NestPlan &nest, const Item &item) {
    if (item.isLoop)
      emitLoop(nest, item.index);
    else
      emitAccess(accesses[item.index]);
  }

  /// `%tK = affine.apply ...` on the current IVs; returns %tK.
  std::string emitApply(const OperandTable &table,
                        const std::vector<int> &dims) {
    std::vector<int> all = dims;
    for (int s : operandsOfKind(table, true))
      all.push_back(s);
    ExprRef e = linear(dims, 1, -2, 2);
    if (all.size() > 1 && rng.chance(40))
      e = add(e, scale(variable(rng.pick(all)), coefficient()));
    if (rng.chance(50))
      e = divMod(e);
    std::string name = "%t" + std::to_string(nextApply++);
    line(name + " = affine.apply " + printMapUse({e}, table));
    return name;
  }

  std::string storedValue() {
    std::vector<std::string> visible;
    for (const auto &scope : valueScopes)
      visible.insert(visible.end(), scope.begin(), scope.end());
    if (!visible.empty() && rng.chance(70))
      return rng.pick(visible);
    return rng.pick(constants);
  }

  void emitAccess(const AccessPlan &access) {
    const Memref &m = memrefs[access.memref];
    OperandTable table = currentOperands();
    std::vector<int> dims = operandsOfKind(table, false);
    int forced = -1; // subscript position that uses the apply result
    if (!dims.empty() && rng.chance(opts.percentApply)) {
      table.push_back(Operand{emitApply(table, dims), false});
      forced = (int)rng.below(m.shape.size());
    }
    bool symbolSyntax = rng.chance(50);
    VarNamer name = [&](int v) {
      return table[v].isSymbol && symbolSyntax ? "symbol(" + table[v].name + ")"
                                               : table[v].name;
    };
    std::string subs;
    for (size_t d = 0; d < m.shape.size(); ++d) {
      ExprRef e =
          (int)d == forced
              ? plusConstant(variable((int)table.size() - 1), rng.range(-1, 1))
              : subscript(table, operandsOfKind(table, false));
      subs += (d ? ", " : "") + printExpr(*e, name);
    }
    std::string ref = m.name + "[" + subs + "] : " + m.type();
    if (access.isStore) {
      line("affine.store " + storedValue() + ", " + ref);
      return;
    }
    std::string v = "%v" + std::to_string(nextValue++);
    line(v + " = affine.load " + ref);
    valueScopes.back().push_back(v);
  }
};

} // namespace

GeneratorOptions GeneratorOptions::forBenchmark(int numAccesses,
                                                int accessesPerNest,
                                                int numMemrefs) {
  GeneratorOptions o;
  o.minSymbols = o.maxSymbols = 2;
  o.minMemrefs = o.maxMemrefs = std::max(1, numMemrefs);
  o.memrefArgument = false;
  o.minDepth = o.maxDepth = o.maxLoopsPerNest = 3;
  o.minAccesses = o.maxAccesses = numAccesses;
  o.accessesPerNest = std::max(1, accessesPerNest);
  o.percentInnermost = 85;
  o.percentIf = 5;
  o.percentApply = 10;
  o.percentDivMod = 10;
  o.percentSymbolicBound = 20;
  o.percentIvBound = 15;
  return o;
}

std::string generateAffineProgram(uint64_t seed, const GeneratorOptions &opts) {
  return Generator(seed, opts).run();
}

uint64_t programSeed(uint64_t baseSeed, uint64_t index) {
  return baseSeed + index;
}

int countAffineAccesses(const std::string &program) {
  int n = 0;
  for (const char *op : {"affine.load ", "affine.store "})
    for (size_t p = program.find(op); p != std::string::npos;
         p = program.find(op, p + 1))
      ++n;
  return n;
}

} // namespace affjit::test

// libFuzzer target: differential testing of the pass pipeline (loop fusion
// above all). An input of at most 16 bytes is a seed and option bits for
// the fusion program generator (tests/support/RandomFusionProgram); any
// other input is MLIR text that must parse, verify and have a `func.func
// @main()` without arguments. A gate rejects programs that could hang,
// exhaust memory or behave nondeterministically (unbounded or large loops,
// big allocations, unsafe views and frees, calls other than the printers,
// operations with undefined results). The rest runs in-process, every run
// guarded against crashes and runtime errors: --pipeline=none with bounds
// checks decides whether the program is well-behaved (compiles, stays in
// bounds, does not trap) and, run again with other contents of
// uninitialized memory, whether its output is deterministic; then
// --pipeline=default with checks, and both pipelines without. A run that
// fails, a compile error in one pipeline only, or printed output that
// differs (buffer addresses masked) aborts with the program and both
// outputs, so libFuzzer keeps the input as an artifact.
#include "affjit/Engine.h"
#include "engine/repl/CrashGuard.h"
#include "frontend/analysis/BoundsCheck.h"
#include "frontend/ir/Ops.h"
#include "frontend/parse/Parser.h"
#include "frontend/verify/Verifier.h"
#include "support/RandomFusionProgram.h"

#include <sanitizer/allocator_interface.h>
#include <sanitizer/lsan_interface.h>

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

// A failed allocation is an error the runtime reports, not an ASan crash;
// a smaller quarantine keeps the memory of long campaigns flat (each input
// compiles five times, and freed memory would pile up to 256 MiB and keep
// growing through fragmentation).
extern "C" const char *__asan_default_options() {
  return "allocator_may_return_null=1:quarantine_size_mb=32";
}

namespace {

using namespace affjit;

constexpr size_t kMaxTextBytes = 64 * 1024;
constexpr size_t kMaxSeedBytes = 16;
/// Operations executed (every op counts one per execution, a printed or
/// copied element one more) in one run.
constexpr double kMaxWork = 4e6;
/// Bytes of one allocation, of all heap allocations and of all stack
/// allocations of one run.
constexpr double kMaxAllocationBytes = 16.0 * (1 << 20);
constexpr double kMaxHeapBytes = 128.0 * (1 << 20);
constexpr double kMaxStackBytes = 1.0 * (1 << 20);
/// Printed output kept for the report on a difference.
constexpr size_t kMaxReportedOutput = 16 * 1024;

//===----------------------------------------------------------------------===//
// Statistics, printed at exit
//===----------------------------------------------------------------------===//

struct Stats {
  uint64_t generated = 0, text = 0;
  uint64_t notParsed = 0, noMain = 0, gated = 0, failedUnfused = 0,
           uninitialized = 0;
  uint64_t compared = 0;
  std::map<std::string, uint64_t> gateReasons;
};

Stats stats;
bool verbose = false;

void printStats() {
  std::fprintf(
      stderr,
      "affjit-fuzz-fusion: %llu inputs compared (of %llu generated "
      "and %llu text inputs); rejected: %llu unparsable or "
      "unverified, %llu without @main(), %llu by the gate, %llu "
      "failing unfused, %llu reading uninitialized memory\n",
      (unsigned long long)stats.compared, (unsigned long long)stats.generated,
      (unsigned long long)stats.text, (unsigned long long)stats.notParsed,
      (unsigned long long)stats.noMain, (unsigned long long)stats.gated,
      (unsigned long long)stats.failedUnfused,
      (unsigned long long)stats.uninitialized);
  if (verbose)
    for (const auto &[reason, n] : stats.gateReasons)
      std::fprintf(stderr, "  gate: %llu x %s\n", (unsigned long long)n,
                   reason.c_str());
}

//===----------------------------------------------------------------------===//
// Inputs
//===----------------------------------------------------------------------===//

/// The generator's options from option bytes 8.. of a short input (defaults
/// where the input ends): every value stays in a range the generator
/// supports.
test::FusionGenOptions optionsFromBytes(const uint8_t *data, size_t size) {
  test::FusionGenOptions o;
  auto byte = [&](size_t i) -> std::optional<unsigned> {
    if (i < size)
      return data[i];
    return std::nullopt;
  };
  if (auto b = byte(8)) {
    o.maxNests = 1 + (int)(*b % 6);
    o.minNests = 1 + (int)((*b / 6) % (unsigned)o.maxNests);
  }
  if (auto b = byte(9))
    o.percentDynamic = (int)(*b % 101);
  if (auto b = byte(10))
    o.percentI32 = (int)(*b % 101);
  if (auto b = byte(11))
    o.percentAlloca = (int)(*b % 101);
  if (auto b = byte(12))
    o.percentLiveOut = (int)(*b % 101);
  if (auto b = byte(13))
    o.percentReduction = (int)(*b % 101);
  if (auto b = byte(14))
    o.percentOlderSource = (int)(*b % 101);
  if (auto b = byte(15)) {
    // Sizes 3..40; 3 always qualifies, so drawing a size terminates.
    o.minSize = 3;
    o.maxSize = 3 + (int)(*b % 38);
    o.maxInputs = 1 + (int)((*b >> 6) % 3);
  }
  return o;
}

/// The program an input stands for.
std::string programOf(const uint8_t *data, size_t size) {
  if (size > kMaxSeedBytes)
    return std::string(reinterpret_cast<const char *>(data), size);
  uint64_t seed = 0;
  for (size_t i = 0; i < size && i < 8; ++i)
    seed |= uint64_t(data[i]) << (8 * i);
  return test::generateFusionProgram(seed, optionsFromBytes(data, size));
}

//===----------------------------------------------------------------------===//
// The gate: bounded work and memory, safe views and frees, defined results
//===----------------------------------------------------------------------===//

/// Integer bounds; kBig stands for "unknown" (any value).
constexpr int64_t kBig = int64_t(1) << 40;

struct Interval {
  int64_t lo = -kBig, hi = kBig;
  bool bounded() const { return lo > -kBig && hi < kBig; }
  bool exact() const { return lo == hi; }
  bool contains(int64_t v) const { return lo <= v && v <= hi; }
};

int64_t clampBig(__int128 v) {
  if (v <= -kBig)
    return -kBig;
  if (v >= kBig)
    return kBig;
  return (int64_t)v;
}

Interval make(__int128 a, __int128 b) {
  return {clampBig(std::min(a, b)), clampBig(std::max(a, b))};
}

Interval point(int64_t v) { return make(v, v); }

Interval add(Interval a, Interval b) {
  return make((__int128)a.lo + b.lo, (__int128)a.hi + b.hi);
}

Interval mul(Interval a, Interval b) {
  __int128 c[] = {(__int128)a.lo * b.lo, (__int128)a.lo * b.hi,
                  (__int128)a.hi * b.lo, (__int128)a.hi * b.hi};
  return make(*std::min_element(c, c + 4), *std::max_element(c, c + 4));
}

Interval join(Interval a, Interval b) {
  return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
}

/// What is known of a memref value: its sizes, and the elements of the
/// buffer it views (at least; -1 when unknown).
struct MemInfo {
  std::vector<Interval> dims;
  int64_t bufferElements = -1;
};

/// External functions a program may call: the runtime's printers, with the
/// exact types the runtime gives them.
const std::map<std::string, std::string> &allowedExternals() {
  static const std::map<std::string, std::string> m = {
      {"printMemrefF32", "(memref<*xf32>) -> ()"},
      {"printMemrefF64", "(memref<*xf64>) -> ()"},
      {"printMemrefI8", "(memref<*xi8>) -> ()"},
      {"printMemrefI16", "(memref<*xi16>) -> ()"},
      {"printMemrefI32", "(memref<*xi32>) -> ()"},
      {"printMemrefI64", "(memref<*xi64>) -> ()"},
      {"printMemrefInd", "(memref<*xindex>) -> ()"},
      {"printF32", "(f32) -> ()"},
      {"printF64", "(f64) -> ()"},
      {"printI64", "(i64) -> ()"},
      {"printU64", "(i64) -> ()"},
      {"printNewline", "() -> ()"},
      {"printOpen", "() -> ()"},
      {"printClose", "() -> ()"},
      {"printComma", "() -> ()"},
  };
  return m;
}

int64_t elementBytes(Type t) {
  if (t.isVector())
    return elementBytes(t.getElementType()) *
           std::max<int64_t>(1, t.getNumElements());
  if (t.isIndex())
    return 8;
  if (t.isIntOrFloat())
    return std::max<int64_t>(1, t.getWidth() / 8);
  return 8;
}

/// Walks a function like an interpreter that knows only bounds: each
/// integer value gets an interval, each memref its sizes, each op is
/// counted as often as its loops can run it.
class Gate {
public:
  explicit Gate(Module &module) : module(module) {}

  /// Empty if `main` may run; else why not.
  std::string check(FuncOp main) {
    if (!function(main, {}, {}, 1.0))
      return reason;
    if (!checkDeallocs())
      return reason;
    for (const BoundsDiagnostic &d : checkMemRefBounds(module.getOperation()))
      if (d.severity == Severity::Error)
        return "static bounds check: " + d.message;
    return "";
  }

private:
  Module &module;
  std::unordered_map<Value *, Interval> ints;
  std::unordered_map<Value *, MemInfo> mems;
  std::vector<Operation *> callStack;
  std::set<Operation *> deallocs;
  double work = 0, heapBytes = 0, stackBytes = 0;
  std::string reason;

  bool fail(const std::string &why) {
    if (reason.empty())
      reason = why;
    return false;
  }

  Interval intOf(Value *v) const {
    auto it = ints.find(v);
    return it == ints.end() ? Interval{} : it->second;
  }

  /// The memref info of `v`; unknown sizes for a value never described.
  MemInfo memOf(Value *v) const {
    auto it = mems.find(v);
    if (it != mems.end())
      return it->second;
    MemInfo m;
    Type t = v->getType();
    if (t.isMemRef())
      for (int64_t d : t.getShape())
        m.dims.push_back(d == kDynamic ? Interval{} : point(d));
    return m;
  }

  bool countWork(double amount) {
    work += amount;
    if (work > kMaxWork)
      return fail("more than " + std::to_string((long long)kMaxWork) +
                  " operations");
    return true;
  }

  //===--- affine expressions and maps

  std::optional<Interval> eval(AffineExpr e, const std::vector<Interval> &dims,
                               const std::vector<Interval> &syms) {
    switch (e.getKind()) {
    case AffineExprKind::Constant:
      return point(e.getValue());
    case AffineExprKind::Dim:
      return dims[e.getPosition()];
    case AffineExprKind::Symbol:
      return syms[e.getPosition()];
    default:
      break;
    }
    auto l = eval(e.getLHS(), dims, syms), r = eval(e.getRHS(), dims, syms);
    if (!l || !r)
      return std::nullopt;
    switch (e.getKind()) {
    case AffineExprKind::Add:
      return add(*l, *r);
    case AffineExprKind::Mul:
      return mul(*l, *r);
    default:
      break;
    }
    // floordiv, ceildiv, mod: only by a positive constant.
    if (!r->exact() || r->lo <= 0)
      return std::nullopt;
    int64_t c = r->lo;
    if (e.getKind() == AffineExprKind::Mod) {
      if (l->lo >= 0 && l->hi < c)
        return *l;
      return Interval{0, c - 1};
    }
    if (!l->bounded())
      return Interval{};
    if (e.getKind() == AffineExprKind::FloorDiv)
      return make(floorDivInt(l->lo, c), floorDivInt(l->hi, c));
    return make(ceilDivInt(l->lo, c), ceilDivInt(l->hi, c));
  }

  /// Each result of `map` over `operands`; nullopt for a map the gate
  /// cannot bound safely.
  std::optional<std::vector<Interval>>
  evalMap(AffineMap map, const std::vector<Value *> &operands) {
    std::vector<Interval> dims, syms;
    for (unsigned i = 0; i < operands.size(); ++i)
      (i < map.getNumDims() ? dims : syms).push_back(intOf(operands[i]));
    if (dims.size() != map.getNumDims() || syms.size() != map.getNumSymbols())
      return std::nullopt;
    std::vector<Interval> out;
    for (AffineExpr e : map.getResults()) {
      auto v = eval(e, dims, syms);
      if (!v)
        return std::nullopt;
      out.push_back(*v);
    }
    return out;
  }

  /// max (lower bounds) or min (upper bounds) of a bound map's results.
  std::optional<Interval>
  evalBound(AffineMap map, const std::vector<Value *> &operands, bool isMax) {
    auto results = evalMap(map, operands);
    if (!results || results->empty())
      return std::nullopt;
    Interval r = results->front();
    for (const Interval &i : *results) {
      r.lo = isMax ? std::max(r.lo, i.lo) : std::min(r.lo, i.lo);
      r.hi = isMax ? std::max(r.hi, i.hi) : std::min(r.hi, i.hi);
    }
    return r;
  }

  /// Binds the induction variable of a loop from `lb` to `ub` by `step` and
  /// returns how often its body can run.
  std::optional<double> loopTrips(std::optional<Interval> lb,
                                  std::optional<Interval> ub, int64_t step,
                                  Value *iv) {
    if (!lb || !ub || !lb->bounded() || !ub->bounded() || step <= 0) {
      fail("a loop bound is not known");
      return std::nullopt;
    }
    ints[iv] = {lb->lo, std::max(lb->lo, ub->hi - 1)};
    int64_t span = ub->hi - lb->lo;
    return span <= 0 ? 0.0 : (double)ceilDivInt(span, step);
  }

  //===--- functions, blocks, ops

  bool function(FuncOp fn, const std::vector<Interval> &argInts,
                const std::vector<MemInfo> &argMems, double mult) {
    if (std::find(callStack.begin(), callStack.end(), fn.getOperation()) !=
        callStack.end())
      return fail("recursive call");
    if (callStack.size() >= 8)
      return fail("calls nested too deep");
    std::vector<Value *> args = fn.getArguments();
    for (size_t i = 0; i < args.size(); ++i) {
      ints[args[i]] = i < argInts.size() ? argInts[i] : Interval{};
      if (i < argMems.size())
        mems[args[i]] = argMems[i];
    }
    callStack.push_back(fn.getOperation());
    bool ok = block(*fn.getBody(), mult);
    callStack.pop_back();
    return ok;
  }

  bool block(Block &b, double mult) {
    for (auto &op : b.getOperations())
      if (!operation(op.get(), mult))
        return false;
    return true;
  }

  bool regions(Operation *op, double mult) {
    for (unsigned r = 0; r < op->getNumRegions(); ++r)
      for (const auto &b : op->getRegion(r).getBlocks())
        if (!block(*b, mult))
          return false;
    return true;
  }

  bool operation(Operation *op, double mult) {
    if (!countWork(mult))
      return false;
    const std::string &name = op->getName();
    if (name == "affine.for")
      return affineFor(AffineForOp(op), mult);
    if (name == "affine.parallel")
      return affineParallel(AffineParallelOp(op), mult);
    if (name == "affine.apply" || name == "affine.min" ||
        name == "affine.max") {
      auto results =
          evalMap(op->getAttr("map").getAffineMap(), op->getOperands());
      if (!results || results->empty())
        return fail("'" + name + "' with a map the gate cannot bound");
      Interval r = results->front();
      for (const Interval &i : *results) {
        bool isMax = name == "affine.max";
        r.lo = isMax ? std::max(r.lo, i.lo) : std::min(r.lo, i.lo);
        r.hi = isMax ? std::max(r.hi, i.hi) : std::min(r.hi, i.hi);
      }
      ints[op->getResult(0)] = r;
      return true;
    }
    if (name.rfind("arith.", 0) == 0)
      return arith(op);
    if (name.rfind("memref.", 0) == 0 && name != "memref.alloca_scope" &&
        name != "memref.alloca_scope.return")
      return memref(op, mult);
    if (name == "func.call")
      return call(op, mult);
    if (name == "vector.load" || name == "vector.store" ||
        name == "vector.transfer_read" || name == "vector.transfer_write" ||
        name == "affine.dma_start" || name == "affine.dma_wait")
      return fail("'" + name + "' is not fuzzed here");
    return regions(op, mult);
  }

  bool affineFor(AffineForOp loop, double mult) {
    auto lb = evalBound(loop.getLowerBoundMap(), loop.getLowerBoundOperands(),
                        /*isMax=*/true);
    auto ub = evalBound(loop.getUpperBoundMap(), loop.getUpperBoundOperands(),
                        /*isMax=*/false);
    auto trips = loopTrips(lb, ub, loop.getStep(), loop.getInductionVar());
    if (!trips)
      return false;
    return block(*loop.getBody(), mult * *trips);
  }

  bool affineParallel(AffineParallelOp loop, double mult) {
    std::vector<Value *> ivs = loop.getIVs();
    std::vector<int64_t> steps = loop.getSteps();
    double trips = 1;
    for (unsigned d = 0; d < loop.getNumDims(); ++d) {
      auto lb = evalBound(loop.getLowerBoundMap(d),
                          loop.getLowerBoundsOperands(), /*isMax=*/true);
      auto ub = evalBound(loop.getUpperBoundMap(d),
                          loop.getUpperBoundsOperands(), /*isMax=*/false);
      auto t = loopTrips(lb, ub, d < steps.size() ? steps[d] : 0, ivs[d]);
      if (!t)
        return false;
      trips *= *t;
    }
    return block(*loop.getBody(), mult * trips);
  }

  /// Integer arithmetic on index and integer scalars, tracked where it
  /// bounds loops and sizes; divisions and shifts only where their result
  /// is defined.
  /// Records `i` for `v`, or nothing if `v`'s type cannot hold all of it
  /// (the value wraps).
  void setInt(Value *v, Interval i) {
    Type t = v->getType();
    if (t.isInteger() && t.getWidth() < 64) {
      int64_t max = (int64_t(1) << (t.getWidth() - 1)) - 1;
      if (i.lo < -max - 1 || i.hi > max) {
        ints.erase(v);
        return;
      }
    }
    ints[v] = i;
  }

  bool arith(Operation *op) {
    const std::string &name = op->getName();
    Type resultType =
        op->getNumResults() ? op->getResult(0)->getType() : Type();
    bool scalarInt = resultType && resultType.isIntOrIndex();
    auto in = [&](unsigned i) { return intOf(op->getOperand(i)); };
    if (name == "arith.constant") {
      Attribute v = op->getAttr("value");
      if (scalarInt && v && v.isa(AttrKind::Integer))
        setInt(op->getResult(0), point(v.getInt()));
      return true;
    }
    if (name == "arith.fptosi" || name == "arith.fptoui")
      return fail("'" + name + "' may give poison");
    bool division = name == "arith.divsi" || name == "arith.divui" ||
                    name == "arith.remsi" || name == "arith.remui" ||
                    name == "arith.ceildivsi" || name == "arith.ceildivui" ||
                    name == "arith.floordivsi";
    bool shift =
        name == "arith.shli" || name == "arith.shrsi" || name == "arith.shrui";
    if (division || shift) {
      if (!scalarInt)
        return fail("'" + name + "' on vectors");
      Interval rhs = in(1);
      if (!rhs.bounded())
        return fail("'" + name + "' by an unknown amount");
      if (division && (rhs.contains(0) || rhs.contains(-1)))
        return fail("'" + name + "' by a divisor that may be 0 or -1");
      if (shift && (rhs.lo < 0 || rhs.hi >= (int64_t)resultType.getWidth()))
        return fail("'" + name + "' by a shift that may be out of range");
      return true;
    }
    if (!scalarInt)
      return true;
    Value *r = op->getResult(0);
    if (name == "arith.addi")
      ints[r] = add(in(0), in(1));
    else if (name == "arith.subi")
      ints[r] = add(in(0), mul(in(1), point(-1)));
    else if (name == "arith.muli")
      ints[r] = mul(in(0), in(1));
    else if (name == "arith.index_cast" || name == "arith.extsi")
      ints[r] = in(0);
    else if ((name == "arith.index_castui" || name == "arith.extui") &&
             in(0).lo >= 0)
      ints[r] = in(0);
    else if (name == "arith.maxsi")
      ints[r] = {std::max(in(0).lo, in(1).lo), std::max(in(0).hi, in(1).hi)};
    else if (name == "arith.minsi")
      ints[r] = {std::min(in(0).lo, in(1).lo), std::min(in(0).hi, in(1).hi)};
    else if (name == "arith.select")
      ints[r] = join(in(1), in(2));
    // Anything else (unsigned, bitwise, ...): unknown.
    if (ints.count(r))
      setInt(r, ints[r]);
    return true;
  }

  /// The offsets, sizes and strides of a subview or reinterpret_cast, the
  /// dynamic ones from their operands' intervals.
  bool mixedLists(Operation *op, std::vector<Interval> lists[3]) {
    static const char *const attrs[] = {"static_offsets", "static_sizes",
                                        "static_strides"};
    unsigned next = 1;
    for (int k = 0; k < 3; ++k)
      for (int64_t v : op->getAttr(attrs[k]).getInts()) {
        if (v != kDynamic) {
          lists[k].push_back(point(v));
          continue;
        }
        if (next >= op->getNumOperands())
          return fail("malformed '" + op->getName() + "'");
        lists[k].push_back(intOf(op->getOperand(next++)));
      }
    for (int k = 0; k < 3; ++k)
      for (const Interval &i : lists[k])
        if (!i.bounded() || i.lo < 0)
          return fail("'" + op->getName() +
                      "' with an offset, size or stride not known to be "
                      "non-negative");
    return true;
  }

  bool memref(Operation *op, double mult) {
    const std::string &name = op->getName();
    Value *result = op->getNumResults() ? op->getResult(0) : nullptr;
    if (name == "memref.alloc" || name == "memref.alloca") {
      Type t = result->getType();
      MemInfo m;
      unsigned next = 0;
      double elements = 1, atLeast = 1;
      for (int64_t d : t.getShape()) {
        Interval i = d != kDynamic ? point(d)
                     : next < op->getNumOperands()
                         ? intOf(op->getOperand(next++))
                         : Interval{};
        if (!i.bounded())
          return fail("an allocation of unknown size");
        m.dims.push_back(i);
        elements *= (double)std::max<int64_t>(i.hi, 0);
        atLeast *= (double)std::max<int64_t>(i.lo, 0);
      }
      double bytes = elements * (double)elementBytes(t.getElementType());
      if (bytes > kMaxAllocationBytes)
        return fail("an allocation of more than 16 MiB");
      double &total = name == "memref.alloc" ? heapBytes : stackBytes;
      total += bytes * mult;
      if (total > (name == "memref.alloc" ? kMaxHeapBytes : kMaxStackBytes))
        return fail("too much memory allocated (" + name + ")");
      m.bufferElements = (int64_t)atLeast;
      mems[result] = m;
      return true;
    }
    if (name == "memref.dealloc") {
      deallocs.insert(op);
      return true;
    }
    if (name == "memref.get_global") {
      MemInfo m = memOf(result);
      if (result->getType().hasStaticShape())
        m.bufferElements = result->getType().getNumElements();
      mems[result] = m;
      return true;
    }
    if (name == "memref.dim") {
      MemInfo m = memOf(op->getOperand(0));
      Interval index = intOf(op->getOperand(1));
      Interval r{};
      if (index.exact() && index.lo >= 0 && index.lo < (int64_t)m.dims.size())
        r = m.dims[index.lo];
      else if (index.bounded() && !m.dims.empty()) {
        r = m.dims.front();
        for (const Interval &d : m.dims)
          r = join(r, d);
      }
      ints[result] = r;
      return true;
    }
    if (name == "memref.rank") {
      Type t = op->getOperand(0)->getType();
      if (t.isMemRef())
        ints[result] = point(t.getRank());
      return true;
    }
    if (name == "memref.cast")
      return cast(op);
    if (name == "memref.subview" || name == "memref.reinterpret_cast")
      return view(op);
    if (name == "memref.collapse_shape" || name == "memref.expand_shape" ||
        name == "memref.transpose" || name == "memref.assume_alignment") {
      if (!result)
        return true;
      MemInfo m = memOf(result);
      m.bufferElements = memOf(op->getOperand(0)).bufferElements;
      mems[result] = m;
      return true;
    }
    if (name == "memref.copy") {
      MemInfo s = memOf(op->getOperand(0)), d = memOf(op->getOperand(1));
      double elements = 1;
      bool same = s.dims.size() == d.dims.size();
      for (size_t i = 0; same && i < s.dims.size(); ++i) {
        same = s.dims[i].exact() && d.dims[i].exact() &&
               s.dims[i].lo == d.dims[i].lo;
        elements *= (double)std::max<int64_t>(s.dims[i].lo, 0);
      }
      if (!same)
        return fail("'memref.copy' between sizes not known to be equal");
      return countWork(elements * mult);
    }
    if (name == "memref.load" || name == "memref.store" ||
        name == "memref.prefetch")
      return true;
    return fail("'" + name + "' is not fuzzed here");
  }

  bool cast(Operation *op) {
    Type from = op->getOperand(0)->getType(), to = op->getResult(0)->getType();
    MemInfo m = memOf(op->getOperand(0));
    if (to.isUnrankedMemRef()) {
      mems[op->getResult(0)] = m;
      return true;
    }
    if (!from.isMemRef())
      return fail("'memref.cast' from an unranked memref");
    for (unsigned d = 0; d < to.getRank(); ++d) {
      if (to.isDynamicDim(d))
        continue;
      if (d >= m.dims.size() || !m.dims[d].exact() ||
          m.dims[d].lo != to.getDimSize(d))
        return fail("'memref.cast' to a size not known to hold");
    }
    std::vector<int64_t> fromStrides, toStrides;
    int64_t fromOffset = 0, toOffset = 0;
    if (!from.getStridesAndOffset(fromStrides, fromOffset) ||
        !to.getStridesAndOffset(toStrides, toOffset))
      return fail("'memref.cast' of a layout that is not strided");
    if (toOffset != kDynamic && toOffset != fromOffset)
      return fail("'memref.cast' to an offset not known to hold");
    for (size_t d = 0; d < toStrides.size(); ++d)
      if (toStrides[d] != kDynamic && toStrides[d] != fromStrides[d])
        return fail("'memref.cast' to a stride not known to hold");
    mems[op->getResult(0)] = m;
    return true;
  }

  /// subview and reinterpret_cast: the view must lie inside its source.
  bool view(Operation *op) {
    std::vector<Interval> lists[3];
    if (!mixedLists(op, lists))
      return false;
    MemInfo source = memOf(op->getOperand(0));
    MemInfo m;
    m.bufferElements = source.bufferElements;
    if (op->getName() == "memref.subview") {
      if (lists[1].size() != source.dims.size())
        return fail("malformed 'memref.subview'");
      for (size_t d = 0; d < lists[1].size(); ++d) {
        const Interval &off = lists[0][d], &size = lists[1][d],
                       &stride = lists[2][d];
        __int128 last = (__int128)off.hi +
                        (__int128)std::max<int64_t>(size.hi - 1, 0) * stride.hi;
        if (!source.dims[d].bounded() || last >= source.dims[d].lo)
          return fail("'memref.subview' not known to be in bounds");
      }
    } else {
      if (source.bufferElements < 0)
        return fail("'memref.reinterpret_cast' of a buffer of unknown size");
      __int128 last = lists[0].empty() ? 0 : lists[0][0].hi;
      for (size_t d = 0; d < lists[1].size(); ++d)
        last +=
            (__int128)std::max<int64_t>(lists[1][d].hi - 1, 0) * lists[2][d].hi;
      if (last >= source.bufferElements)
        return fail("'memref.reinterpret_cast' not known to be in bounds");
    }
    // The result's sizes: the non-unit sizes in order (a rank-reducing
    // subview drops unit ones), read from the result type where static.
    Type t = op->getResult(0)->getType();
    std::vector<Interval> sizes;
    for (const Interval &s : lists[1])
      if ((int64_t)lists[1].size() == t.getRank() || !s.exact() || s.lo != 1)
        sizes.push_back(s);
    for (unsigned d = 0; d < t.getRank(); ++d)
      m.dims.push_back(!t.isDynamicDim(d) ? point(t.getDimSize(d))
                       : d < sizes.size() ? sizes[d]
                                          : Interval{});
    mems[op->getResult(0)] = m;
    return true;
  }

  bool call(Operation *op, double mult) {
    Attribute callee = op->getAttr("callee");
    Operation *target =
        callee ? module.lookupSymbol(callee.getString()) : nullptr;
    if (!target || !isa<FuncOp>(target))
      return fail("a call of an unknown function");
    FuncOp fn(target);
    if (fn.isDeclaration()) {
      auto it = allowedExternals().find(fn.getName());
      if (it == allowedExternals().end() ||
          fn.getFunctionType().str() != it->second)
        return fail("a call of @" + fn.getName() +
                    " (only the printers are allowed)");
      double elements = 1;
      for (Value *arg : op->getOperands())
        if (arg->getType().isAnyMemRef())
          for (const Interval &d : memOf(arg).dims) {
            if (!d.bounded())
              return fail("a printed memref of unknown size");
            elements *= (double)std::max<int64_t>(d.hi, 0);
          }
      return countWork(elements * mult);
    }
    std::vector<Interval> argInts;
    std::vector<MemInfo> argMems;
    for (Value *arg : op->getOperands()) {
      argInts.push_back(intOf(arg));
      argMems.push_back(memOf(arg));
    }
    return function(fn, argInts, argMems, mult);
  }

  /// A dealloc frees a memref.alloc of its own block, once, after every
  /// use of the buffer and its views.
  bool checkDeallocs() {
    std::set<Value *> freed;
    for (Operation *d : deallocs) {
      Value *buffer = d->getOperand(0);
      Operation *alloc = buffer->getDefiningOp();
      if (!alloc || !alloc->isa("memref.alloc") ||
          alloc->getBlock() != d->getBlock())
        return fail("'memref.dealloc' of something other than a "
                    "memref.alloc of its block");
      if (!freed.insert(buffer).second)
        return fail("a buffer deallocated twice");
      std::vector<Value *> work = {buffer};
      while (!work.empty()) {
        Value *v = work.back();
        work.pop_back();
        for (Operation *user : v->getUsers()) {
          if (user == d)
            continue;
          Operation *inBlock = user->findAncestorOpInBlock(*d->getBlock());
          if (!inBlock || !inBlock->isBeforeInBlock(d))
            return fail("a buffer used after its 'memref.dealloc'");
          if (user->isa("memref.dealloc"))
            return fail("a buffer deallocated twice");
          for (Value *r : user->getResults())
            if (r->getType().isAnyMemRef())
              work.push_back(r);
        }
      }
    }
    return true;
  }
};

//===----------------------------------------------------------------------===//
// Running @main
//===----------------------------------------------------------------------===//

/// Memory a program reads before writing it must not make runs differ
/// without a bug. During a run every new heap block is filled with
/// `fillByte`, and the stack below is painted with it; the unfused program
/// runs with two fill bytes, and if its output depends on the fill it is
/// skipped. The others run with the first fill byte.
int fillByte = -1;

void fillNewBlock(const volatile void *ptr, size_t size) {
  if (fillByte >= 0 && ptr)
    std::memset(const_cast<void *>(ptr), fillByte, size);
}

/// The hook pair needs a free hook too.
void ignoreFree(const volatile void *) {}

__attribute__((noinline, no_sanitize("address"))) void paintStack(int byte) {
  volatile unsigned char buffer[256 * 1024];
  for (size_t i = 0; i < sizeof(buffer); ++i)
    buffer[i] = (unsigned char)byte;
}

constexpr int kFill = 0xbe, kOtherFill = 0x41;

/// Redirects file descriptor 1 to a temporary file until finish().
class StdoutCapture {
public:
  StdoutCapture() {
    std::cout.flush();
    std::fflush(stdout);
    file = std::tmpfile();
    saved = dup(1);
    if (!file || saved < 0 || dup2(fileno(file), 1) < 0) {
      std::perror("affjit-fuzz-fusion: cannot capture stdout");
      std::abort();
    }
  }
  std::string finish() {
    std::cout.flush();
    std::fflush(stdout);
    dup2(saved, 1);
    close(saved);
    std::string out;
    std::rewind(file);
    char chunk[4096];
    size_t n;
    while ((n = std::fread(chunk, 1, sizeof(chunk), file)) > 0)
      out.append(chunk, n);
    std::fclose(file);
    return out;
  }

private:
  FILE *file = nullptr;
  int saved = -1;
};

struct Run {
  const char *pipeline;
  bool checked;
  /// Compile errors; empty when it compiled.
  std::string compileError;
  /// Why the call did not finish (crash, runtime error, bad call).
  std::optional<std::string> failure;
  std::string output;

  bool ok() const { return compileError.empty() && !failure; }
  std::string label() const {
    return std::string("--pipeline=") + pipeline +
           (checked ? " --checked" : "");
  }
  std::string outcome() const {
    if (!compileError.empty())
      return "compile error: " + compileError;
    if (failure)
      return "run failed: " + *failure;
    return "ok";
  }
};

Run runMain(const std::string &text, const char *pipeline, bool checked,
            int fill = kFill) {
  auto start = std::chrono::steady_clock::now();
  Run run{pipeline, checked, "", std::nullopt, ""};
  EngineOptions options;
  options.pipeline = pipeline;
  options.checked = checked;
  options.verifyEach = true;
  Engine engine(options);
  if (Error err = engine.compile(text, "fuzz.mlir")) {
    run.compileError = err.message();
    return run;
  }
  Expected<Function> main = engine.lookup("main");
  if (!main) {
    run.compileError = main.error().message();
    return run;
  }
  StdoutCapture capture;
  paintStack(fill);
  std::optional<std::string> callError;
  // What the program allocates and never frees is its business, and so is
  // what a run abandoned by a trap leaves behind.
  __lsan_disable();
  fillByte = fill;
  run.failure = repl::runGuarded([&] {
    if (Error err = main->invoke({}))
      callError = err.message();
  });
  fillByte = -1;
  __lsan_enable();
  run.output = capture.finish();
  if (run.failure && run.failure->rfind("interrupted", 0) == 0)
    std::raise(SIGINT); // Ctrl-C stops the fuzzer, not just this run
  if (!run.failure && callError)
    run.failure = callError;
  if (verbose)
    std::fprintf(stderr, "affjit-fuzz-fusion: %s: %s in %.0f ms\n",
                 run.label().c_str(), run.ok() ? "ran" : "failed",
                 std::chrono::duration<double, std::milli>(
                     std::chrono::steady_clock::now() - start)
                     .count());
  return run;
}

/// The output with what may differ without a bug made equal: buffer
/// addresses (`base@ = 0x...`), the sign of NaN and of zero.
std::string masked(const std::string &out) {
  std::string r;
  r.reserve(out.size());
  static const std::string base = "base@ = 0x";
  auto isNumberChar = [](char c) {
    return std::isalnum((unsigned char)c) || c == '.';
  };
  for (size_t i = 0; i < out.size();) {
    if (out.compare(i, base.size(), base) == 0) {
      r += "base@ = 0x?";
      i += base.size();
      while (i < out.size() && std::isxdigit((unsigned char)out[i]))
        ++i;
      continue;
    }
    if (out[i] == '-' && (i == 0 || !isNumberChar(out[i - 1]))) {
      if (out.compare(i + 1, 3, "nan") == 0) {
        ++i;
        continue;
      }
      if (i + 1 < out.size() && out[i + 1] == '0' &&
          (i + 2 == out.size() || !isNumberChar(out[i + 2]))) {
        ++i;
        continue;
      }
    }
    r += out[i++];
  }
  return r;
}

std::string truncated(const std::string &s) {
  if (s.size() <= kMaxReportedOutput)
    return s;
  return s.substr(0, kMaxReportedOutput) + "\n... (" +
         std::to_string(s.size() - kMaxReportedOutput) + " more bytes)\n";
}

/// The first line where `a` and `b` differ, 1-based.
size_t firstDifferingLine(const std::string &a, const std::string &b) {
  size_t line = 1;
  for (size_t i = 0; i < a.size() && i < b.size() && a[i] == b[i]; ++i)
    line += a[i] == '\n';
  return line;
}

[[noreturn]] void report(const std::string &what, const std::string &text,
                         const Run &a, const Run &b) {
  std::cerr << "\naffjit-fuzz-fusion: " << what << "\n"
            << "==== program ====\n"
            << text << (text.empty() || text.back() != '\n' ? "\n" : "")
            << "==== " << a.label() << ": " << a.outcome() << " ====\n"
            << truncated(a.output) << "\n==== " << b.label() << ": "
            << b.outcome() << " ====\n"
            << truncated(b.output) << "\n";
  if (a.ok() && b.ok())
    std::cerr << "==== first difference at output line "
              << firstDifferingLine(masked(a.output), masked(b.output))
              << " ====\n";
  std::cerr.flush();
  std::abort();
}

/// `b` must behave like `a`, which succeeded.
void compare(const std::string &text, const Run &a, const Run &b) {
  if (!b.compileError.empty())
    report(b.label() + " fails to compile what " + a.label() + " runs", text, a,
           b);
  if (b.failure)
    report(b.label() + " fails to run what " + a.label() + " runs", text, a, b);
  if (masked(a.output) != masked(b.output))
    report(b.label() + " prints different output than " + a.label(), text, a,
           b);
}

bool envFlag(const char *name) {
  const char *v = std::getenv(name);
  return v && *v && std::string(v) != "0";
}

void reject(const char *what, const std::string &detail = "") {
  if (verbose)
    std::fprintf(stderr, "affjit-fuzz-fusion: %s%s%s\n", what,
                 detail.empty() ? "" : ": ", detail.c_str());
}

} // namespace

namespace {

/// Where a decimal literal of `text` may be changed without breaking the
/// syntax: integers standing alone or as a shape extent (`<10x20xf32>`),
/// not parts of names (`%c10`, `d0`, `i32`) or of float or hex literals.
std::vector<std::pair<size_t, size_t>> integerLiterals(const std::string &s) {
  std::vector<std::pair<size_t, size_t>> out;
  for (size_t i = 0; i < s.size();) {
    if (!std::isdigit((unsigned char)s[i])) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < s.size() && std::isdigit((unsigned char)s[end]))
      ++end;
    char before = i ? s[i - 1] : ' ';
    char after = end < s.size() ? s[end] : ' ';
    bool standalone = !std::isalnum((unsigned char)before) && before != '_' &&
                      before != '%' && before != '#' && before != '@' &&
                      before != '.' && before != '^';
    bool extent =
        before == 'x' && i >= 2 && std::isdigit((unsigned char)s[i - 2]);
    if ((standalone || extent) && after != '.' && after != 'e' && after != 'E')
      out.emplace_back(i, end - i);
    i = end;
  }
  return out;
}

/// Replaces the literal at `at`; an extent of a memref or vector type
/// changes in every copy of that type, so that the program still verifies.
void replaceLiteral(std::string &text, size_t at, size_t length,
                    const std::string &value) {
  size_t open = text.rfind('<', at);
  if (open != std::string::npos && open >= 6 && text.find('>', open) > at &&
      (text.compare(open - 6, 6, "memref") == 0 ||
       text.compare(open - 6, 6, "vector") == 0)) {
    size_t close = text.find('>', at);
    if (close != std::string::npos) {
      size_t start = open - 6;
      std::string type = text.substr(start, close + 1 - start);
      std::string changed = type;
      changed.replace(at - start, length, value);
      std::string out;
      for (size_t i = 0, next; i < text.size(); i = next + type.size()) {
        next = text.find(type, i);
        if (next == std::string::npos) {
          out += text.substr(i);
          break;
        }
        out += text.substr(i, next - i) + changed;
      }
      text = out;
      return;
    }
  }
  text.replace(at, length, value);
}

/// Changes one integer literal of `text` (a loop bound, an extent, a map
/// constant, a value); false if there is none.
bool changeLiteral(std::string &text, std::minstd_rand &rng) {
  auto literals = integerLiterals(text);
  if (literals.empty())
    return false;
  auto [at, length] = literals[rng() % literals.size()];
  long long v = std::strtoll(text.substr(at, length).c_str(), nullptr, 10);
  v = std::min(v, 1LL << 40);
  switch (rng() % 6) {
  case 0:
    v += 1;
    break;
  case 1:
    v = v > 0 ? v - 1 : 1;
    break;
  case 2:
    v += 1 + (long long)(rng() % 8);
    break;
  case 3:
    v = (long long)(rng() % (uint64_t)(2 * std::min(v, 1000LL) + 3));
    break;
  case 4:
    v = (long long)(rng() % 3);
    break;
  default:
    v = std::max(0LL, v - 1 - (long long)(rng() % 8));
    break;
  }
  replaceLiteral(text, at, length, std::to_string(v));
  return true;
}

/// Replaces one arithmetic op by another of the same types (addf by mulf,
/// ...); false if there is none.
bool swapOperation(std::string &text, std::minstd_rand &rng) {
  static const std::vector<std::vector<std::string>> groups = {
      {"arith.addf", "arith.subf", "arith.mulf", "arith.maximumf",
       "arith.minimumf"},
      {"arith.addi", "arith.subi", "arith.muli", "arith.maxsi", "arith.minsi"}};
  std::vector<std::pair<size_t, const std::vector<std::string> *>> sites;
  std::vector<size_t> lengths;
  for (const auto &group : groups)
    for (const std::string &name : group)
      for (size_t at = text.find(name + " "); at != std::string::npos;
           at = text.find(name + " ", at + 1)) {
        sites.emplace_back(at, &group);
        lengths.push_back(name.size());
      }
  if (sites.empty())
    return false;
  size_t pick = rng() % sites.size();
  const std::vector<std::string> &group = *sites[pick].second;
  text.replace(sites[pick].first, lengths[pick], group[rng() % group.size()]);
  return true;
}

} // namespace

/// Most mutations of a text input change one integer literal or swap one
/// arithmetic op, which keeps the program verifying far more often than
/// byte mutations do; the rest (and those of generator inputs) are
/// libFuzzer's own.
extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned int seed) {
  std::minstd_rand rng(seed);
  if (size <= kMaxSeedBytes || rng() % 10 == 0)
    return LLVMFuzzerMutate(data, size, maxSize);
  std::string text(reinterpret_cast<const char *>(data), size);
  bool changed =
      rng() % 4 == 0 ? swapOperation(text, rng) : changeLiteral(text, rng);
  if (!changed || text.size() > maxSize)
    return LLVMFuzzerMutate(data, size, maxSize);
  std::memcpy(data, text.data(), text.size());
  return text.size();
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  verbose = envFlag("AFFJIT_FUZZ_FUSION_VERBOSE");
  if (!__sanitizer_install_malloc_and_free_hooks(fillNewBlock, ignoreFree)) {
    std::fprintf(stderr, "affjit-fuzz-fusion: cannot install malloc hooks\n");
    std::abort();
  }
  std::atexit(printStats);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0 || size > kMaxTextBytes)
    return 0;
  bool generated = size <= kMaxSeedBytes;
  ++(generated ? stats.generated : stats.text);
  std::string text = programOf(data, size);

  SourceBuffer src{std::make_shared<const std::string>("fuzz.mlir"), text};
  DiagnosticEngine diag;
  std::unique_ptr<Module> module = parseModule(src, diag);
  if (!module || !verifyModule(*module, diag)) {
    ++stats.notParsed;
    if (generated) {
      // The generator's programs always verify.
      std::cerr << "affjit-fuzz-fusion: a generated program does not "
                   "verify\n"
                << text;
      diag.print(std::cerr);
      std::abort();
    }
    if (verbose) {
      std::ostringstream os;
      diag.print(os);
      reject("does not parse or verify",
             os.str().substr(0, os.str().find('\n')));
    }
    return 0;
  }
  FuncOp main = dyn_cast<FuncOp>(module->lookupSymbol("main"));
  if (!main || main.isDeclaration() ||
      !main.getFunctionType().getInputs().empty()) {
    ++stats.noMain;
    reject("no func.func @main() without arguments");
    return 0;
  }
  std::string why = Gate(*module).check(main);
  if (!why.empty()) {
    ++stats.gated;
    ++stats.gateReasons[why];
    reject("gate", why);
    return 0;
  }

  // The unfused, checked run decides whether the program is well-behaved:
  // compiles, stays in bounds, does not trap.
  Run reference = runMain(text, "none", /*checked=*/true);
  if (!reference.ok()) {
    ++stats.failedUnfused;
    reject("unfused run fails", reference.outcome());
    return 0;
  }
  Run otherFill = runMain(text, "none", /*checked=*/true, kOtherFill);
  if (!otherFill.ok() || masked(otherFill.output) != masked(reference.output)) {
    ++stats.uninitialized;
    reject("the unfused output depends on uninitialized memory");
    return 0;
  }
  Run fusedChecked = runMain(text, "default", /*checked=*/true);
  compare(text, reference, fusedChecked);
  Run unfused = runMain(text, "none", /*checked=*/false);
  compare(text, reference, unfused);
  Run fused = runMain(text, "default", /*checked=*/false);
  compare(text, unfused, fused);
  ++stats.compared;
  return 0;
}

// Runnable fusion-heavy programs in MLIR 19 syntax. A program is planned
// first (index spaces, inputs, a chain of nests with their reads and
// arithmetic, which temporaries are printed), then printed op by op; only
// the spelling of dynamic loop bounds is drawn while printing.
//
// In-bounds by construction: every axis of an index space is an extent
// `size[base] - trim`. A loop over extent L may subscript a memref axis of
// extent E with `iv + shift` when both have the same base and
// `shift <= L.trim - E.trim`. A nest writes its whole output (the output's
// shape is its outer loops), so nothing reads an unwritten element.
//
// Exact by construction: the planner tracks a bound on |value| of every
// memref and picks operations so that no value, sum or product exceeds
// kValueLimit (exact in f32, no i32 overflow).
#include "support/RandomFusionProgram.h"
#include "support/SeededRng.h"

#include <algorithm>
#include <array>
#include <sstream>
#include <vector>

namespace affjit::test {

namespace {

constexpr int kNumBases = 3;
/// The base of a one-element axis (a full reduction's result), always
/// subscripted with 0.
constexpr int kUnitBase = kNumBases;
constexpr int kMaxTrim = 2;
constexpr int64_t kValueLimit = 1 << 22;
const char *const kInductionVars[] = {"%i", "%j", "%k"};

/// One axis of an index space or memref: size[base] - trim elements.
struct Extent {
  int base = 0;
  int trim = 0;
};

struct Buffer {
  std::string name;
  std::vector<Extent> shape;
  bool input = false;
  bool alloca = false;
  bool readLater = false;
  bool printed = false;
  /// Every element's absolute value is at most this.
  int64_t bound = 0;
};

/// `buffer[loop_a + shift_a, ...]`; loop -1 is the constant subscript 0.
struct Read {
  int buffer = 0;
  std::vector<int> loops, shifts;
};

enum class BinOp { Add, Sub, Mul, Max, Min };
enum class Scale { None, MulTwo, AddThree };
enum class NestKind { Elementwise, IterReduce, MemReduce };

/// One compute nest: loops[0, outerDepth) index the output, the remaining
/// (at most one) loop is reduced over.
struct NestPlan {
  NestKind kind = NestKind::Elementwise;
  std::vector<Extent> loops;
  int outerDepth = 0;
  std::vector<Read> reads;
  /// ops[i] combines the value so far with reads[i + 1].
  std::vector<BinOp> ops;
  Scale scale = Scale::None;
  /// MemReduce: the zero fill is its own nest rather than inside this one.
  bool separateInit = false;
  int output = 0;
};

/// A fill nest's value `((i * a + j * b + c) mod p) - off`.
struct FillPlan {
  int buffer = 0;
  int64_t a = 1, b = 1, c = 0, p = 2, off = 0;
};

class FusionProgramGenerator {
public:
  FusionProgramGenerator(uint64_t seed, const FusionGenOptions &opts)
      : rng(seed), opts(opts), seed(seed) {}

  std::string generate() {
    planProgram();
    emitProgram();
    return out.str();
  }

private:
  Rng rng;
  const FusionGenOptions &opts;
  uint64_t seed;
  std::array<int64_t, kNumBases + 1> sizes{};
  std::array<bool, kNumBases + 1> dynamic{};
  bool isI32 = false;
  bool allocsUpFront = false;
  std::vector<Buffer> buffers;
  std::vector<FillPlan> fills;
  std::vector<NestPlan> nests;
  std::ostringstream out;
  int nextValue = 0, nextDim = 0, nextCast = 0;

  //===--------------------------------------------------------------------===//
  // Planning
  //===--------------------------------------------------------------------===//

  void planProgram() {
    planIndexSpaces();
    isI32 = rng.chance(opts.percentI32);
    allocsUpFront = rng.chance(50);
    int numInputs = (int)rng.range(opts.minInputs, opts.maxInputs);
    for (int i = 0; i < numInputs; ++i)
      planInput(i);
    int numNests = (int)rng.range(opts.minNests, opts.maxNests);
    for (int i = 0; i < numNests; ++i)
      planNest();
    planLiveOuts();
  }

  /// A size whose trimmed extents (size - 0..kMaxTrim) are no multiple of
  /// 16 either, so every loop has a remainder for the vectorizer.
  int64_t drawSize() {
    int64_t s;
    do
      s = rng.range(opts.minSize, opts.maxSize);
    while (s % 16 <= kMaxTrim);
    return s;
  }

  void planIndexSpaces() {
    for (int b = 0; b < kNumBases; ++b)
      sizes[b] = drawSize();
    sizes[kUnitBase] = 1;
    if (rng.chance(opts.percentDynamic)) {
      dynamic[rng.below(kNumBases)] = true;
      if (rng.chance(30))
        dynamic[rng.below(kNumBases)] = true;
    }
  }

  int64_t extentSize(Extent e) const { return sizes[e.base] - e.trim; }

  Extent randomBaseExtent() { return {(int)rng.below(kNumBases), 0}; }

  void planInput(int index) {
    Buffer in;
    in.name = "%in" + std::to_string(index);
    in.input = true;
    in.shape.push_back(randomBaseExtent());
    if (rng.chance(60))
      in.shape.push_back(randomBaseExtent());
    FillPlan fill;
    fill.buffer = (int)buffers.size();
    fill.a = rng.range(1, 7);
    fill.b = rng.range(1, 7);
    fill.c = rng.range(0, 5);
    fill.p = rng.range(3, 9);
    fill.off = rng.range(0, 3);
    in.bound = std::max(fill.p - 1 - fill.off, fill.off);
    buffers.push_back(in);
    fills.push_back(fill);
  }

  /// Buffers a nest may start from: every non-scalar one.
  int pickPrimary() {
    std::vector<int> candidates;
    for (int i = 0; i < (int)buffers.size(); ++i)
      if (buffers[i].shape[0].base != kUnitBase)
        candidates.push_back(i);
    int newest = candidates.back();
    if (!buffers[newest].input && !rng.chance(opts.percentOlderSource))
      return newest;
    return rng.pick(candidates);
  }

  /// The loop over memref axis `e`: the same extent, or one element shorter
  /// so that the read can be shifted by one.
  Extent widen(Extent e, int &shift) {
    shift = 0;
    if (e.trim < kMaxTrim && rng.chance(30)) {
      shift = 1;
      return {e.base, e.trim + 1};
    }
    return e;
  }

  int64_t maxTrip() const {
    return *std::max_element(sizes.begin(), sizes.begin() + kNumBases);
  }

  void planNest() {
    NestPlan nest;
    int primary = pickPrimary();
    const Buffer &p = buffers[primary];
    bool reduce =
        rng.chance(opts.percentReduction) && p.bound * maxTrip() <= kValueLimit;
    Read first;
    first.buffer = primary;
    if (p.shape.size() == 1)
      planFromVector(nest, first, reduce);
    else
      planFromMatrix(nest, first, reduce);
    if (reduce)
      nest.kind = rng.chance(50) ? NestKind::IterReduce : NestKind::MemReduce;
    nest.separateInit = rng.chance(50);
    nest.reads.push_back(first);
    int64_t limit = kValueLimit;
    if (reduce)
      limit /= extentSize(nest.loops.back());
    planExtraReads(nest, limit);
    int64_t bound = planArithmetic(nest, limit);
    if (reduce)
      bound *= extentSize(nest.loops.back());
    nest.output = addTemporary(nest, bound);
    nests.push_back(nest);
  }

  /// A 1-D primary P[a]: elementwise over a, broadcast into a 2-D nest, a
  /// full reduction or a reduction of the broadcast rows.
  void planFromVector(NestPlan &nest, Read &first, bool reduce) {
    int shift;
    Extent a = widen(buffers[first.buffer].shape[0], shift);
    bool twoDeep = rng.chance(50);
    if (!twoDeep) {
      nest.loops = {a};
      nest.outerDepth = reduce ? 0 : 1;
      first.loops = {0};
    } else if (reduce || rng.chance(50)) {
      nest.loops = {randomBaseExtent(), a};
      nest.outerDepth = reduce ? 1 : 2;
      first.loops = {1};
    } else {
      nest.loops = {a, randomBaseExtent()};
      nest.outerDepth = 2;
      first.loops = {0};
    }
    first.shifts = {shift};
  }

  /// A 2-D primary P[a, b]: same or transposed elementwise, a row or
  /// column reduction, or a contraction over b.
  void planFromMatrix(NestPlan &nest, Read &first, bool reduce) {
    int sa, sb;
    Extent a = widen(buffers[first.buffer].shape[0], sa);
    Extent b = widen(buffers[first.buffer].shape[1], sb);
    first.shifts = {sa, sb};
    bool transposed = rng.chance(40);
    if (reduce && rng.chance(35)) {
      nest.loops = {a, randomBaseExtent(), b};
      nest.outerDepth = 2;
      first.loops = {0, 2};
      return;
    }
    nest.loops = transposed ? std::vector<Extent>{b, a} : std::vector{a, b};
    nest.outerDepth = reduce ? 1 : 2;
    first.loops = transposed ? std::vector{1, 0} : std::vector{0, 1};
  }

  /// Every way `buffer` can be read in `loops`, shifts still zero.
  std::vector<Read> readsOf(int buffer, const std::vector<Extent> &loops) {
    std::vector<Read> found;
    Read partial;
    partial.buffer = buffer;
    collectReads(buffers[buffer].shape, loops, partial, found);
    return found;
  }

  void collectReads(const std::vector<Extent> &shape,
                    const std::vector<Extent> &loops, Read &partial,
                    std::vector<Read> &found) {
    size_t axis = partial.loops.size();
    if (axis == shape.size()) {
      partial.shifts.assign(axis, 0);
      found.push_back(partial);
      return;
    }
    if (shape[axis].base == kUnitBase) {
      partial.loops.push_back(-1);
      collectReads(shape, loops, partial, found);
      partial.loops.pop_back();
      return;
    }
    for (int l = 0; l < (int)loops.size(); ++l) {
      bool used = std::find(partial.loops.begin(), partial.loops.end(), l) !=
                  partial.loops.end();
      if (used || loops[l].base != shape[axis].base ||
          loops[l].trim < shape[axis].trim)
        continue;
      partial.loops.push_back(l);
      collectReads(shape, loops, partial, found);
      partial.loops.pop_back();
    }
  }

  /// Zero to two more reads of any buffer that fits the loops and whose
  /// values stay within `limit`, preferring inputs (sibling nests) and, in a
  /// contraction, reads along the middle loop; sometimes shifted as far as the
  /// extents allow.
  void planExtraReads(NestPlan &nest, int64_t limit) {
    int extra = (int)rng.range(0, 2);
    if (nest.loops.size() == 3)
      extra = std::max(extra, 1);
    for (int n = 0; n < extra; ++n) {
      std::vector<Read> candidates, preferred;
      for (int b = 0; b < (int)buffers.size(); ++b)
        for (const Read &r : readsOf(b, nest.loops)) {
          if (buffers[b].bound > limit)
            continue;
          candidates.push_back(r);
          bool middle = nest.loops.size() == 3 &&
                        std::count(r.loops.begin(), r.loops.end(), 1);
          if (middle || (nest.loops.size() < 3 && buffers[b].input))
            preferred.push_back(r);
        }
      if (candidates.empty())
        return;
      Read r = !preferred.empty() && rng.chance(60) ? rng.pick(preferred)
                                                    : rng.pick(candidates);
      drawShifts(r, nest.loops);
      nest.reads.push_back(r);
    }
  }

  void drawShifts(Read &r, const std::vector<Extent> &loops) {
    const std::vector<Extent> &shape = buffers[r.buffer].shape;
    for (size_t a = 0; a < r.loops.size(); ++a) {
      if (r.loops[a] < 0)
        continue;
      int room = loops[r.loops[a]].trim - shape[a].trim;
      if (room > 0 && rng.chance(40))
        r.shifts[a] = (int)rng.range(1, room);
    }
  }

  /// Picks the operations combining the reads so that every intermediate
  /// value stays within `limit`; returns the bound of the result.
  int64_t planArithmetic(NestPlan &nest, int64_t limit) {
    int64_t bound = buffers[nest.reads[0].buffer].bound;
    for (size_t i = 1; i < nest.reads.size(); ++i) {
      int64_t next = buffers[nest.reads[i].buffer].bound;
      BinOp op = (BinOp)rng.below(5);
      if (op == BinOp::Mul && bound * next > limit)
        op = BinOp::Add;
      if ((op == BinOp::Add || op == BinOp::Sub) && bound + next > limit)
        op = BinOp::Max;
      nest.ops.push_back(op);
      bound = op == BinOp::Mul                         ? bound * next
              : (op == BinOp::Add || op == BinOp::Sub) ? bound + next
                                                       : std::max(bound, next);
    }
    nest.scale = (Scale)rng.below(3);
    if (nest.scale == Scale::MulTwo && bound * 2 > limit)
      nest.scale = Scale::None;
    if (nest.scale == Scale::AddThree && bound + 3 > limit)
      nest.scale = Scale::None;
    if (nest.scale == Scale::MulTwo)
      bound *= 2;
    if (nest.scale == Scale::AddThree)
      bound += 3;
    return bound;
  }

  int addTemporary(const NestPlan &nest, int64_t bound) {
    for (const Read &r : nest.reads)
      buffers[r.buffer].readLater = true;
    Buffer t;
    t.name = "%t" + std::to_string(nests.size());
    t.shape.assign(nest.loops.begin(), nest.loops.begin() + nest.outerDepth);
    if (t.shape.empty())
      t.shape.push_back({kUnitBase, 0});
    t.alloca = rng.chance(opts.percentAlloca);
    t.bound = bound;
    buffers.push_back(t);
    return (int)buffers.size() - 1;
  }

  /// Temporaries no later nest reads are printed; others sometimes too.
  void planLiveOuts() {
    for (Buffer &b : buffers)
      if (!b.input)
        b.printed = !b.readLater || rng.chance(opts.percentLiveOut);
  }

  //===--------------------------------------------------------------------===//
  // Printing
  //===--------------------------------------------------------------------===//

  const char *elementType() const { return isI32 ? "i32" : "f32"; }

  void line(int depth, const std::string &text) {
    out << std::string(2 * (depth + 1), ' ') << text << "\n";
  }

  std::string fresh() { return "%v" + std::to_string(nextValue++); }

  /// The SSA value holding a dynamic extent (defined at the top of @main).
  std::string extentSymbol(Extent e) const {
    std::string s = "%n" + std::to_string(e.base);
    return e.trim ? s + "_" + std::to_string(e.trim) : s;
  }

  bool isDynamic(Extent e) const { return dynamic[e.base]; }

  std::string memrefType(const Buffer &b) const {
    std::string s = "memref<";
    for (Extent e : b.shape)
      s += (isDynamic(e) ? std::string("?") : std::to_string(extentSize(e))) +
           "x";
    return s + elementType() + ">";
  }

  void emitProgram() {
    const char *printer = isI32 ? "printMemrefI32" : "printMemrefF32";
    out << "// affjit_gen_fusion_program " << seed << "\n";
    out << "func.func private @" << printer << "(memref<*x" << elementType()
        << ">) attributes { llvm.emit_c_interface }\n";
    out << "func.func @main() {\n";
    emitConstants();
    for (size_t b = 0; b < buffers.size(); ++b)
      if (buffers[b].input || allocsUpFront)
        emitAlloc(buffers[b]);
    for (const FillPlan &f : fills)
      emitFill(f);
    for (const NestPlan &n : nests)
      emitNest(n);
    emitPrints(printer);
    for (const Buffer &b : buffers)
      if (!b.alloca)
        line(0, "memref.dealloc " + b.name + " : " + memrefType(b));
    line(0, "return");
    out << "}\n";
  }

  void emitConstants() {
    bool anyDynamic = std::count(dynamic.begin(), dynamic.end(), true) > 0;
    if (anyDynamic) {
      line(0, "%c0 = arith.constant 0 : index");
      line(0, "%c1 = arith.constant 1 : index");
    }
    std::string t = elementType();
    auto number = [&](int v) {
      return isI32 ? std::to_string(v) : std::to_string(v) + ".0";
    };
    line(0, "%zero = arith.constant " + number(0) + " : " + t);
    line(0, "%two = arith.constant " + number(2) + " : " + t);
    line(0, "%three = arith.constant " + number(3) + " : " + t);
    for (int b = 0; b < kNumBases; ++b) {
      if (!dynamic[b])
        continue;
      line(0, extentSymbol({b, 0}) + " = arith.constant " +
                  std::to_string(sizes[b]) + " : index");
      for (int trim = 1; trim <= kMaxTrim; ++trim)
        line(0, extentSymbol({b, trim}) + " = affine.apply affine_map<()[s0]" +
                    " -> (s0 - " + std::to_string(trim) + ")>()[" +
                    extentSymbol({b, 0}) + "]");
    }
  }

  void emitAlloc(const Buffer &b) {
    std::string operands;
    for (Extent e : b.shape)
      if (isDynamic(e))
        operands += (operands.empty() ? "" : ", ") + extentSymbol(e);
    line(0, b.name + " = memref." + (b.alloca ? "alloca(" : "alloc(") +
                operands + ") : " + memrefType(b));
  }

  /// The upper bound of a loop over `e`: a constant, or for a dynamic
  /// extent its symbol, a map of the untrimmed symbol, or a memref.dim
  /// (emitted here, at the top level) of an allocated buffer with that
  /// extent.
  std::string upperBound(Extent e, const std::vector<int> &allocated) {
    if (!isDynamic(e))
      return std::to_string(extentSize(e));
    int form = (int)rng.below(3);
    if (form == 1 && e.trim > 0)
      return "affine_map<()[s0] -> (s0 - " + std::to_string(e.trim) + ")>()[" +
             extentSymbol({e.base, 0}) + "]";
    if (form == 2)
      for (int b : allocated)
        for (size_t axis = 0; axis < buffers[b].shape.size(); ++axis) {
          Extent x = buffers[b].shape[axis];
          if (x.base != e.base || x.trim != e.trim)
            continue;
          std::string dim = "%d" + std::to_string(nextDim++);
          line(0, dim + " = memref.dim " + buffers[b].name + ", %c" +
                      std::to_string(axis) + " : " + memrefType(buffers[b]));
          return dim;
        }
    return extentSymbol(e);
  }

  static std::string forHeader(int depth, const std::string &ub) {
    return std::string("affine.for ") + kInductionVars[depth] + " = 0 to " +
           ub + " {";
  }

  void emitFill(const FillPlan &f) {
    const Buffer &b = buffers[f.buffer];
    std::vector<int> allocated = {f.buffer};
    std::vector<std::string> ubs;
    for (Extent e : b.shape)
      ubs.push_back(upperBound(e, allocated));
    for (size_t d = 0; d < b.shape.size(); ++d)
      line((int)d, forHeader((int)d, ubs[d]));
    int depth = (int)b.shape.size();
    bool twoD = depth == 2;
    std::string expr = "(d0 * " + std::to_string(f.a) +
                       (twoD ? " + d1 * " + std::to_string(f.b) : "") +
                       (f.c ? " + " + std::to_string(f.c) : "") + ") mod " +
                       std::to_string(f.p) +
                       (f.off ? " - " + std::to_string(f.off) : "");
    std::string idx = fresh();
    line(depth, idx + " = affine.apply affine_map<(d0" +
                    std::string(twoD ? ", d1" : "") + ") -> (" + expr + ")>(" +
                    ivList(depth) + ")");
    std::string value = fresh();
    line(depth, value + " = arith.index_cast " + idx + " : index to i32");
    if (!isI32) {
      std::string f32 = fresh();
      line(depth, f32 + " = arith.sitofp " + value + " : i32 to f32");
      value = f32;
    }
    line(depth, "affine.store " + value + ", " + b.name + "[" + ivList(depth) +
                    "] : " + memrefType(b));
    closeLoops(depth, 0);
  }

  static std::string ivList(int depth) {
    std::string s;
    for (int d = 0; d < depth; ++d)
      s += (d ? ", " : "") + std::string(kInductionVars[d]);
    return s;
  }

  void closeLoops(int from, int to) {
    for (int d = from - 1; d >= to; --d)
      line(d, "}");
  }

  /// `[0]` for a full reduction's one-element result, else the outer ivs.
  static std::string outputSubscript(const NestPlan &n) {
    return "[" + (n.outerDepth ? ivList(n.outerDepth) : std::string("0")) + "]";
  }

  std::string subscript(const Read &r) const {
    std::string s = "[";
    for (size_t a = 0; a < r.loops.size(); ++a) {
      s += a ? ", " : "";
      if (r.loops[a] < 0) {
        s += "0";
        continue;
      }
      s += kInductionVars[r.loops[a]];
      if (r.shifts[a])
        s += " + " + std::to_string(r.shifts[a]);
    }
    return s + "]";
  }

  std::string arith(const char *floatOp, const char *intOp) const {
    return std::string("arith.") + (isI32 ? intOp : floatOp);
  }

  std::string opName(BinOp op) const {
    switch (op) {
    case BinOp::Add:
      return arith("addf", "addi");
    case BinOp::Sub:
      return arith("subf", "subi");
    case BinOp::Mul:
      return arith("mulf", "muli");
    case BinOp::Max:
      return arith("maximumf", "maxsi");
    case BinOp::Min:
      return arith("minimumf", "minsi");
    }
    return "";
  }

  std::string emitBinary(int depth, const std::string &op,
                         const std::string &lhs, const std::string &rhs) {
    std::string v = fresh();
    line(depth,
         v + " = " + op + " " + lhs + ", " + rhs + " : " + elementType());
    return v;
  }

  /// The loads and arithmetic of the innermost body; returns the value.
  std::string emitComputation(const NestPlan &n, int depth) {
    std::vector<std::string> loaded;
    for (const Read &r : n.reads) {
      const Buffer &b = buffers[r.buffer];
      std::string v = fresh();
      line(depth, v + " = affine.load " + b.name + subscript(r) + " : " +
                      memrefType(b));
      loaded.push_back(v);
    }
    std::string value = loaded[0];
    for (size_t i = 0; i < n.ops.size(); ++i)
      value = emitBinary(depth, opName(n.ops[i]), value, loaded[i + 1]);
    if (n.scale == Scale::MulTwo)
      value = emitBinary(depth, opName(BinOp::Mul), value, "%two");
    if (n.scale == Scale::AddThree)
      value = emitBinary(depth, opName(BinOp::Add), value, "%three");
    return value;
  }

  void emitStore(int depth, const std::string &value, const Buffer &out,
                 const std::string &sub) {
    line(depth, "affine.store " + value + ", " + out.name + sub + " : " +
                    memrefType(out));
  }

  /// The zero fill of a memory reduction's output as a nest of its own, or
  /// (full reduction) a single top-level store.
  void emitSeparateInit(const NestPlan &n, const std::vector<int> &allocated) {
    const Buffer &o = buffers[n.output];
    std::vector<std::string> ubs;
    for (int d = 0; d < n.outerDepth; ++d)
      ubs.push_back(upperBound(n.loops[d], allocated));
    for (int d = 0; d < n.outerDepth; ++d)
      line(d, forHeader(d, ubs[d]));
    emitStore(n.outerDepth, "%zero", o, outputSubscript(n));
    closeLoops(n.outerDepth, 0);
  }

  std::vector<int> allocatedBuffers(int upTo) const {
    std::vector<int> all;
    for (int b = 0; b <= upTo; ++b)
      if (buffers[b].input || allocsUpFront || b == upTo)
        all.push_back(b);
    return all;
  }

  void emitNest(const NestPlan &n) {
    const Buffer &o = buffers[n.output];
    if (!allocsUpFront)
      emitAlloc(o);
    std::vector<int> allocated = allocatedBuffers(n.output);
    bool memReduce = n.kind == NestKind::MemReduce;
    if (memReduce && (n.separateInit || n.outerDepth == 0))
      emitSeparateInit(n, allocated);
    std::vector<std::string> ubs;
    for (Extent e : n.loops)
      ubs.push_back(upperBound(e, allocated));
    for (int d = 0; d < n.outerDepth; ++d)
      line(d, forHeader(d, ubs[d]));
    int depth = (int)n.loops.size();
    if (n.kind == NestKind::Elementwise) {
      std::string v = emitComputation(n, depth);
      emitStore(depth, v, o, outputSubscript(n));
      closeLoops(n.outerDepth, 0);
      return;
    }
    int inner = n.outerDepth;
    std::string sub = outputSubscript(n);
    std::string add = opName(BinOp::Add);
    std::string header = std::string("affine.for ") + kInductionVars[inner] +
                         " = 0 to " + ubs[inner];
    if (memReduce) {
      if (!n.separateInit && n.outerDepth > 0)
        emitStore(inner, "%zero", o, sub);
      line(inner, header + " {");
      std::string v = emitComputation(n, depth);
      std::string old = fresh();
      line(depth,
           old + " = affine.load " + o.name + sub + " : " + memrefType(o));
      emitStore(depth, emitBinary(depth, add, old, v), o, sub);
      closeLoops(depth, 0);
      return;
    }
    std::string result = fresh(), acc = fresh();
    line(inner, result + " = " + header + " iter_args(" + acc +
                    " = %zero) -> (" + elementType() + ") {");
    std::string v = emitComputation(n, depth);
    line(depth, "affine.yield " + emitBinary(depth, add, acc, v) + " : " +
                    elementType());
    line(inner, "}");
    emitStore(inner, result, o, sub);
    closeLoops(inner, 0);
  }

  void emitPrints(const char *printer) {
    std::string unranked = std::string("memref<*x") + elementType() + ">";
    for (const Buffer &b : buffers) {
      if (!b.printed)
        continue;
      std::string cast = "%p" + std::to_string(nextCast++);
      line(0, cast + " = memref.cast " + b.name + " : " + memrefType(b) +
                  " to " + unranked);
      line(0, "call @" + std::string(printer) + "(" + cast + ") : (" +
                  unranked + ") -> ()");
    }
  }
};

} // namespace

std::string generateFusionProgram(uint64_t seed, const FusionGenOptions &opts) {
  return FusionProgramGenerator(seed, opts).generate();
}

} // namespace affjit::test

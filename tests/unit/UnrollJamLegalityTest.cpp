// Unroll-and-jam legality (frontend/analysis/UnrollJamLegality.h) against
// brute force: the loop nests are executed (support/BruteForceAccesses.h),
// every pair of executions touching one element (one of them a write) is
// given the place the jammed program runs it at, from the layout
// UnrollAndJam emits (each op's copies after each other; copy by copy in
// innermost bodies for JamOrder::CopyByCopy; an affine.if or a loop whose
// bounds depend on the jammed one cloned whole per copy), and an order the
// analysis accepts must run every such pair in its original order.
// The skewed jam of SkewJam.h (getJamSkew) is checked the same way, and
// that its steps hold no two dependent executions of different rows.
// Hand-written nests cover each kind of answer; random programs
// (support/RandomAffineProgram.h) check soundness broadly.
#include "frontend/analysis/UnrollJamLegality.h"
#include "frontend/analysis/IterationDomain.h"
#include "frontend/analysis/MemRefAccess.h"
#include "frontend/analysis/ValueOrigins.h"
#include "frontend/ir/Ops.h"
#include "support/BruteForceAccesses.h"
#include "support/RandomAffineProgram.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>

using namespace affjit;
using namespace affjit::test;

namespace {

std::vector<Operation *> loopsOf(Operation *func) {
  std::vector<Operation *> out;
  func->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op->isa("affine.for"))
      out.push_back(op);
  });
  return out;
}

unsigned positionInBlock(Operation *op) {
  unsigned n = 0;
  for (auto &o : op->getBlock()->getOperations()) {
    if (o.get() == op)
      return n;
    ++n;
  }
  return n;
}

/// Where the jammed program runs one execution of `op` (inside `loop`,
/// whose copy `copy` it belongs to), as a key compared lexicographically
/// with the other executions of the same jammed iteration. `ivs` are the
/// values of the affine.for loops around `op`, `loop`'s at `depth`.
std::vector<int64_t> jammedPlace(Operation *op, Operation *loop,
                                 const std::vector<int64_t> &ivs, size_t depth,
                                 int64_t copy, JamOrder order) {
  std::vector<Operation *> chain;
  for (Operation *p = op; p != loop; p = p->getParentOp())
    chain.push_back(p);
  std::reverse(chain.begin(), chain.end());
  Value *iv = loop->getRegion(0).front().getArgument(0);
  std::vector<int64_t> key;
  bool placed = false;
  auto place = [&] {
    if (!placed)
      key.push_back(copy);
    placed = true;
  };
  size_t nextIv = depth + 1;
  for (size_t m = 0; m < chain.size(); ++m) {
    Operation *a = chain[m];
    Block *block = a->getBlock();
    if (order == JamOrder::CopyByCopy && block->getParentOp() != loop &&
        isInnermostLoopBody(*block))
      place();
    Operation *owner = block->getParentOp();
    if (owner->isa("affine.if"))
      key.push_back(&owner->getRegion(0).front() == block ? 0 : 1);
    key.push_back(positionInBlock(a));
    if (m + 1 == chain.size())
      break;
    if (a->isa("affine.for")) {
      if (boundsDependOn(AffineForOp(a), iv))
        place();
      key.push_back(ivs[nextIv++]);
    } else if (a->isa("affine.if")) {
      place();
    }
  }
  place();
  return key;
}

/// One execution of an access op.
struct Execution {
  Operation *op;
  bool isWrite;
  const AccessPoint *point;
};

/// How many loops of a program brute force and the analysis classify how.
struct Tally {
  unsigned interleaved = 0, copyByCopy = 0, refused = 0;
  /// Refused although brute force finds Interleaved keeps every pair.
  unsigned refusedButLegal = 0;
};

/// Calls `visit(x, y, copyX, copyY)` for every pair of executions inside
/// `loop` (constant bounds) touching one element, one of them a write, x
/// first, in one block of `factor` iterations that a jam would run
/// together; copyX and copyY are their iterations' places in the block.
void forEachConflictInBlock(
    Operation *loop, unsigned factor, const AccessTrace &trace,
    const std::function<void(const Execution &, const Execution &, int64_t,
                             int64_t)> &visit) {
  AffineForOp forOp(loop);
  int64_t lb = *forOp.getConstantLowerBound(), step = forOp.getStep();
  int64_t trips = ((*forOp.getConstantUpperBound() - lb) + step - 1) / step;
  int64_t jammed = trips / factor * factor;
  size_t depth = getEnclosingInductionVars(loop).size();
  std::map<std::pair<Value *, std::vector<int64_t>>, std::vector<Execution>>
      byElement;
  for (const auto &[op, points] : trace) {
    if (!op->isAncestorOrSelf(loop))
      continue;
    MemRefAccess access = getMemRefAccesses(op).front();
    for (const AccessPoint &p : points)
      byElement[{access.memref, p.index}].push_back({op, access.isWrite, &p});
  }
  for (const auto &[element, execs] : byElement)
    for (const Execution &x : execs)
      for (const Execution &y : execs) {
        if (x.point->time >= y.point->time || (!x.isWrite && !y.isWrite) ||
            !std::equal(x.point->ivs.begin(), x.point->ivs.begin() + depth,
                        y.point->ivs.begin()))
          continue;
        int64_t ix = (x.point->ivs[depth] - lb) / step,
                iy = (y.point->ivs[depth] - lb) / step;
        if (ix < jammed && iy < jammed && ix / factor == iy / factor)
          visit(x, y, ix % factor, iy % factor);
      }
}

/// The pairs of executions in one jammed block of `loop` (constant bounds)
/// that `order` would run in the reverse order: 0 when it keeps them all.
unsigned reversedPairs(Operation *loop, unsigned factor, JamOrder order,
                       const AccessTrace &trace) {
  size_t depth = getEnclosingInductionVars(loop).size();
  unsigned reversed = 0;
  forEachConflictInBlock(
      loop, factor, trace,
      [&](const Execution &x, const Execution &y, int64_t cx, int64_t cy) {
        reversed += !(jammedPlace(x.op, loop, x.point->ivs, depth, cx, order) <
                      jammedPlace(y.op, loop, y.point->ivs, depth, cy, order));
      });
  return reversed;
}

/// Checks every constant-bound loop of `text` at `factor`: an order the
/// analysis accepts reverses no pair.
void checkProgram(const std::string &text, unsigned factor, Tally &tally) {
  SCOPED_TRACE(text);
  auto m = expectParsed(text);
  ASSERT_TRUE(m);
  std::optional<AccessTrace> trace = traceAccesses(m->func(), 200000);
  if (!trace)
    return;
  for (Operation *loop : loopsOf(m->func())) {
    AffineForOp forOp(loop);
    if (!forOp.getConstantLowerBound() || !forOp.getConstantUpperBound())
      continue;
    UnrollJamLegality legality = checkUnrollJam(loop, factor);
    if (!legality.order) {
      EXPECT_FALSE(legality.why.empty());
      ++tally.refused;
      if (reversedPairs(loop, factor, JamOrder::Interleaved, *trace) == 0)
        ++tally.refusedButLegal;
      continue;
    }
    ++(*legality.order == JamOrder::Interleaved ? tally.interleaved
                                                : tally.copyByCopy);
    EXPECT_EQ(reversedPairs(loop, factor, *legality.order, *trace), 0u)
        << "loop at line " << loop->getLoc().line << ", factor " << factor;
  }
}

/// Where the skewed jam (SkewJam.h) runs one execution: a row's first
/// columns alone (phase 0), the steps every row shares (phase 1, row u at
/// step column + skew * u), a row's last columns alone (phase 2).
std::vector<int64_t> skewedPlace(int64_t row, int64_t column, unsigned pos,
                                 int64_t first, int64_t last, int64_t rows,
                                 int64_t skew) {
  if (column < first + skew * (rows - 1 - row))
    return {0, row, column, pos};
  if (column >= last - skew * row)
    return {2, row, column, pos};
  return {1, column + skew * row, row, pos};
}

/// Pairs of executions in one block of `rows` rows of `outer` (whose only
/// child is `inner`) that the skewed jam runs in reverse order, and those it
/// runs in one step from different rows (which getJamSkew promises never
/// depend on each other).
struct SkewCheck {
  unsigned reversed = 0, sameStep = 0;
};

SkewCheck checkSkew(Operation *outer, Operation *inner, unsigned rows,
                    int64_t skew, const AccessTrace &trace) {
  AffineForOp in(inner);
  int64_t first = *in.getConstantLowerBound(),
          last = *in.getConstantUpperBound();
  size_t column = getEnclosingInductionVars(outer).size() + 1;
  SkewCheck result;
  forEachConflictInBlock(
      outer, rows, trace,
      [&](const Execution &x, const Execution &y, int64_t cx, int64_t cy) {
        auto px = skewedPlace(cx, x.point->ivs[column], positionInBlock(x.op),
                              first, last, rows, skew);
        auto py = skewedPlace(cy, y.point->ivs[column], positionInBlock(y.op),
                              first, last, rows, skew);
        result.reversed += !(px < py);
        result.sameStep +=
            px[0] == 1 && py[0] == 1 && px[1] == py[1] && px[2] != py[2];
      });
  return result;
}

std::optional<JamOrder> orderOf(const std::string &text, unsigned loopIndex,
                                unsigned factor, std::string *why = nullptr) {
  auto m = expectParsed(text);
  if (!m)
    return std::nullopt;
  UnrollJamLegality legality =
      checkUnrollJam(loopsOf(m->func()).at(loopIndex), factor);
  if (why)
    *why = legality.why;
  return legality.order;
}

// atax's rows: row i + 1 updates y[j] after row i, at the same j.
const char *const kAtax = R"(func.func @f(%A: memref<8x16xf32>,
    %x: memref<16xf32>, %y: memref<16xf32>, %t: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      %s = affine.load %t[%i] : memref<8xf32>
      %a = affine.load %A[%i, %j] : memref<8x16xf32>
      %b = affine.load %x[%j] : memref<16xf32>
      %p = arith.mulf %a, %b : f32
      %q = arith.addf %s, %p : f32
      affine.store %q, %t[%i] : memref<8xf32>
    }
    affine.for %j = 0 to 16 {
      %o = affine.load %y[%j] : memref<16xf32>
      %a = affine.load %A[%i, %j] : memref<8x16xf32>
      %s = affine.load %t[%i] : memref<8xf32>
      %p = arith.mulf %a, %s : f32
      %q = arith.addf %o, %p : f32
      affine.store %q, %y[%j] : memref<16xf32>
    }
  }
  return
}
)";

TEST(UnrollJamLegality, RowsUpdatingOneVectorJamCopyByCopy) {
  // Interleaving op by op would load y[j] for row i + 1 before row i
  // stores it; copy by copy keeps each j's updates in row order.
  EXPECT_EQ(orderOf(kAtax, 0, 4), JamOrder::CopyByCopy);
  Tally tally;
  checkProgram(kAtax, 4, tally);
  EXPECT_EQ(tally.copyByCopy, 1u);
  auto m = expectParsed(kAtax);
  ASSERT_TRUE(m);
  auto trace = traceAccesses(m->func());
  ASSERT_TRUE(trace);
  Operation *rows = loopsOf(m->func())[0];
  EXPECT_GT(reversedPairs(rows, 4, JamOrder::Interleaved, *trace), 0u);
  EXPECT_EQ(reversedPairs(rows, 4, JamOrder::CopyByCopy, *trace), 0u);
}

TEST(UnrollJamLegality, MatmulRowsJamInterleaved) {
  const char *text = R"(func.func @f(%A: memref<8x8xf32>, %B: memref<8x8xf32>,
    %C: memref<8x8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 8 {
        %a = affine.load %A[%i, %k] : memref<8x8xf32>
        %b = affine.load %B[%k, %j] : memref<8x8xf32>
        %c = affine.load %C[%i, %j] : memref<8x8xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %c, %p : f32
        affine.store %q, %C[%i, %j] : memref<8x8xf32>
      }
    }
  }
  return
}
)";
  EXPECT_EQ(orderOf(text, 0, 4), JamOrder::Interleaved);
  EXPECT_EQ(orderOf(text, 1, 4), JamOrder::Interleaved);
  // k carries the C[i, j] sum in memory: its copies' loads would all run
  // before their stores.
  EXPECT_EQ(orderOf(text, 2, 4), std::nullopt);
  Tally tally;
  checkProgram(text, 4, tally);
  EXPECT_EQ(tally.interleaved, 2u);
  EXPECT_EQ(tally.refused, 1u);
  EXPECT_EQ(tally.refusedButLegal, 0u);
}

TEST(UnrollJamLegality, ABackwardInnerDistanceIsRefused) {
  // Row i + 1 reads B[i, j + 1], written by row i at the later j + 1:
  // jamming would run the read first.
  const char *text = R"(func.func @f(%B: memref<9x17xf32>) {
  affine.for %i = 1 to 9 {
    affine.for %j = 0 to 16 {
      %v = affine.load %B[%i - 1, %j + 1] : memref<9x17xf32>
      affine.store %v, %B[%i, %j] : memref<9x17xf32>
    }
  }
  return
}
)";
  std::string why;
  EXPECT_EQ(orderOf(text, 0, 2, &why), std::nullopt);
  EXPECT_NE(why.find("would reverse its dependence from affine.store at 5:7 "
                     "to affine.load at 4:12"),
            std::string::npos)
      << why;
  Tally tally;
  checkProgram(text, 2, tally);
  EXPECT_EQ(tally.refused, 1u);
  EXPECT_EQ(tally.refusedButLegal, 0u);
}

TEST(UnrollJamLegality, ADistanceOfAWholeBlockIsKept) {
  // Row i reads row i - 4 at j + 1: jammed blocks of up to 4 rows never
  // hold both ends of the dependence.
  const char *text = R"(func.func @f(%B: memref<20x17xf32>) {
  affine.for %i = 4 to 20 {
    affine.for %j = 0 to 16 {
      %v = affine.load %B[%i - 4, %j + 1] : memref<20x17xf32>
      affine.store %v, %B[%i, %j] : memref<20x17xf32>
    }
  }
  return
}
)";
  EXPECT_EQ(orderOf(text, 0, 4), JamOrder::Interleaved);
  EXPECT_EQ(orderOf(text, 0, 5), std::nullopt);
  Tally tally;
  checkProgram(text, 4, tally);
  checkProgram(text, 5, tally);
  EXPECT_EQ(tally.interleaved, 3u); // i by 4, j by 4 and by 5
  EXPECT_EQ(tally.refused, 1u);
  EXPECT_EQ(tally.refusedButLegal, 0u);
}

TEST(UnrollJamLegality, AValueRunningThroughTheOuterBodyIsRefused) {
  // c[0] is read before it is written in each row, outside the inner
  // loops: copies laid out op by op would all read the first row's value.
  const char *text = R"(func.func @f(%A: memref<8x16xf32>, %c: memref<1xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<8x16xf32>
      affine.store %a, %A[%i, %j] : memref<8x16xf32>
    }
    %v = affine.load %c[0] : memref<1xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %c[0] : memref<1xf32>
  }
  return
}
)";
  EXPECT_EQ(orderOf(text, 0, 2), std::nullopt);
  Tally tally;
  checkProgram(text, 2, tally);
  EXPECT_EQ(tally.refusedButLegal, 0u);
}

TEST(UnrollJamLegality, UnknownEffectsAreRefused) {
  const char *text = R"(func.func private @g()
func.func @f(%A: memref<8x16xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<8x16xf32>
      affine.store %a, %A[%i, %j] : memref<8x16xf32>
    }
    func.call @g() : () -> ()
  }
  return
}
)";
  auto m = expectParsed(text);
  ASSERT_TRUE(m);
  Operation *f = nullptr;
  m->module->getOperation()->walk([&](Operation *op) {
    if (op->isa("func.func") && !f && op->getNumRegions() &&
        !op->getRegion(0).empty())
      f = op;
  });
  ASSERT_TRUE(f);
  UnrollJamLegality legality = checkUnrollJam(loopsOf(f)[0], 2);
  EXPECT_EQ(legality.order, std::nullopt);
  EXPECT_NE(legality.why.find("memory effects"), std::string::npos);
}

TEST(UnrollJamLegality, RandomProgramsAgainstBruteForce) {
  GeneratorOptions options;
  options.minSymbols = options.maxSymbols = 0;
  options.memrefArgument = false;
  options.dynamicDims = false;
  options.minAccesses = 3;
  options.maxAccesses = 7;
  Tally tally;
  for (int i = 0; i < 150; ++i) {
    std::string text = generateAffineProgram(programSeed(6100, i), options);
    for (unsigned factor : {2u, 3u})
      checkProgram(text, factor, tally);
    if (HasFatalFailure())
      return;
  }
  // Every kind of answer occurs, and most refusals are needed.
  EXPECT_GT(tally.interleaved, 50u);
  EXPECT_GT(tally.copyByCopy, 0u);
  EXPECT_GT(tally.refused, 10u);
  std::printf("[          ] %u interleaved, %u copy by copy, %u refused (%u "
              "of them legal interleaved)\n",
              tally.interleaved, tally.copyByCopy, tally.refused,
              tally.refusedButLegal);
}

TEST(UnrollJamLegality, SeidelRowsLagTwoColumns) {
  // Row i reads row i - 1 at j + 1 (written one column later there) and
  // row i + 1 at j - 1 (overwritten by row i + 1 one column earlier): with
  // a lag of 2 both ends of every dependence between rows fall in
  // different steps.
  const char *text = R"(func.func @f(%A: memref<12x20xf32>) {
  affine.for %i = 1 to 11 {
    affine.for %j = 1 to 19 {
      %a0 = affine.load %A[%i - 1, %j + 1] : memref<12x20xf32>
      %a1 = affine.load %A[%i, %j - 1] : memref<12x20xf32>
      %a2 = affine.load %A[%i + 1, %j - 1] : memref<12x20xf32>
      %s0 = arith.addf %a0, %a1 : f32
      %s1 = arith.addf %s0, %a2 : f32
      affine.store %s1, %A[%i, %j] : memref<12x20xf32>
    }
  }
  return
}
)";
  auto m = expectParsed(text);
  ASSERT_TRUE(m);
  std::vector<Operation *> loops = loopsOf(m->func());
  JamSkew skew = getJamSkew(loops[0], loops[1], 4);
  ASSERT_EQ(skew.skew, 2) << skew.why;
  auto trace = traceAccesses(m->func());
  ASSERT_TRUE(trace);
  SkewCheck at2 = checkSkew(loops[0], loops[1], 4, 2, *trace);
  EXPECT_EQ(at2.reversed, 0u);
  EXPECT_EQ(at2.sameStep, 0u);
  // A lag of 1 keeps the order but chains the rows within a step; no lag
  // runs row i + 1's read of row i before row i writes it.
  SkewCheck at1 = checkSkew(loops[0], loops[1], 4, 1, *trace);
  EXPECT_EQ(at1.reversed, 0u);
  EXPECT_GT(at1.sameStep, 0u);
  EXPECT_GT(checkSkew(loops[0], loops[1], 4, 0, *trace).reversed, 0u);
}

TEST(UnrollJamLegality, SkewsOfRandomRowLoopsAgainstBruteForce) {
  GeneratorOptions options;
  options.minSymbols = options.maxSymbols = 0;
  options.memrefArgument = false;
  options.dynamicDims = false;
  options.minAccesses = 3;
  options.maxAccesses = 7;
  options.percentIf = 0;
  options.maxStep = 1;
  unsigned skewed = 0, lagging = 0, refused = 0;
  for (int i = 0; i < 300; ++i) {
    std::string text = generateAffineProgram(programSeed(6200, i), options);
    SCOPED_TRACE(text);
    auto m = expectParsed(text);
    ASSERT_TRUE(m);
    auto trace = traceAccesses(m->func(), 200000);
    if (!trace)
      continue;
    for (Operation *inner : loopsOf(m->func())) {
      auto outer = dyn_cast<AffineForOp>(inner->getParentOp());
      AffineForOp in(inner);
      if (!outer || outer.getBody()->getOperations().size() != 2 ||
          !outer.getConstantLowerBound() || !outer.getConstantUpperBound() ||
          !in.getConstantLowerBound() || !in.getConstantUpperBound() ||
          in.getStep() != 1 || loopsOf(inner).size() != 1)
        continue;
      for (unsigned rows : {2u, 3u}) {
        JamSkew skew = getJamSkew(outer.getOperation(), inner, rows);
        if (!skew.skew) {
          ++refused;
          continue;
        }
        ++skewed;
        lagging += *skew.skew > 0;
        SkewCheck c =
            checkSkew(outer.getOperation(), inner, rows, *skew.skew, *trace);
        EXPECT_EQ(c.reversed, 0u) << "skew " << *skew.skew;
        EXPECT_EQ(c.sameStep, 0u) << "skew " << *skew.skew;
      }
    }
    if (HasFatalFailure())
      return;
  }
  EXPECT_GT(skewed, 50u);
  EXPECT_GT(lagging, 5u);
  // (Constant bounds bound every distance: refusals need a dependence
  // the checker cannot bound or an op it cannot see, as in the pass tests.)
  std::printf("[          ] %u skews (%u lagging), %u refused\n", skewed,
              lagging, refused);
}

} // namespace

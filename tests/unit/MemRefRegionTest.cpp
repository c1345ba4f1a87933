// Memref regions (frontend/analysis/MemRefRegion.h) against the elements
// the accesses really touch, found by executing the loop nests
// (support/BruteForceAccesses.h): hand-written nests with steps, min/max
// bounds, floordiv/mod subscripts, affine.if guards, vector and DMA
// transfers, and random programs (support/RandomAffineProgram.h), at depth 0
// and parametric at depth 1, single accesses and unions; sizes in elements
// and bytes; std::nullopt, never a crash, for what is not affine.
#include "frontend/analysis/MemRefRegion.h"
#include "support/BruteForceAccesses.h"
#include "support/RandomAffineProgram.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>

using namespace affjit;
using namespace affjit::test;

namespace {

using Index = std::vector<int64_t>;

/// The n-th affine access op of the module's first function.
Operation *accessOp(const ParsedModule &m, unsigned n = 0) {
  return affineAccessOps(m.func()).at(n);
}

std::optional<MemRefRegion> regionOf(Operation *op, unsigned depth = 0,
                                     RegionOptions options = {}) {
  return computeMemRefRegion(getMemRefAccesses(op).front(), depth, options);
}

/// The box of `points` clamped to `shape` (what getBoundingBox reports).
std::vector<RegionDimBox> expectedBox(const std::vector<Index> &points,
                                      const std::vector<int64_t> &shape) {
  std::vector<RegionDimBox> box(shape.size());
  std::vector<Index> inside;
  for (const Index &p : points) {
    bool in = true;
    for (size_t r = 0; r < shape.size(); ++r)
      in &= p[r] >= 0 && p[r] < shape[r];
    if (in)
      inside.push_back(p);
  }
  for (size_t r = 0; r < shape.size() && !inside.empty(); ++r) {
    int64_t lo = inside[0][r], hi = inside[0][r];
    for (const Index &p : inside) {
      lo = std::min(lo, p[r]);
      hi = std::max(hi, p[r]);
    }
    box[r] = {lo, hi - lo + 1};
  }
  return box;
}

void expectBoxEq(const std::optional<std::vector<RegionDimBox>> &got,
                 const std::vector<RegionDimBox> &want,
                 const std::string &context) {
  ASSERT_TRUE(got) << context;
  ASSERT_EQ(got->size(), want.size()) << context;
  for (size_t r = 0; r < want.size(); ++r) {
    EXPECT_EQ((*got)[r].lb, want[r].lb) << "dim " << r << "\n" << context;
    EXPECT_EQ((*got)[r].extent, want[r].extent) << "dim " << r << "\n"
                                                << context;
  }
}

//===----------------------------------------------------------------------===//
// Hand-written nests
//===----------------------------------------------------------------------===//

TEST(MemRefRegion, TileOfAnOuterLoopIsParametricAtDepthOne) {
  // MLIR's own example for MemRefRegion::compute: {%i <= d0 <= %i + 7}.
  auto m = expectParsed(R"(func.func @f(%A: memref<64xf32>) {
  affine.for %i = 0 to 32 {
    affine.for %ii = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 8)>(%i) {
      %v = affine.load %A[%ii] : memref<64xf32>
    }
  }
  return
})");
  Operation *load = accessOp(*m);
  auto tile = regionOf(load, 1);
  ASSERT_TRUE(tile);
  EXPECT_EQ(tile->getLoopDepth(), 1u);
  EXPECT_EQ(tile->getConstraints().getNumDims(), 1u);
  expectBoxEq(tile->getBoundingBox(), {{0, 8}}, "depth 1");
  EXPECT_EQ(tile->getNumElements(), 8);
  EXPECT_EQ(tile->getSizeInBytes(), 32);
  Value *i =
      load->getParentOp()->getParentOp()->getRegion(0).front().getArgument(0);
  std::pair<Value *, int64_t> at5[] = {{i, 5}};
  EXPECT_EQ(tile->contains(Index{5}, at5), true);
  EXPECT_EQ(tile->contains(Index{12}, at5), true);
  EXPECT_EQ(tile->contains(Index{13}, at5), false);
  EXPECT_EQ(tile->contains(Index{4}, at5), false);

  // MLIR's closed form: {%i <= d0 <= %i + 7} without locals.
  std::optional<ConstraintSystem> closed = tile->getProjectedConstraints();
  ASSERT_TRUE(closed);
  EXPECT_EQ(closed->getNumLocals(), 0u);
  EXPECT_EQ(closed->getNumDims(), 1u);
  ASSERT_TRUE(closed->findVar(i));
  for (int64_t d = 0; d < 20; ++d) {
    ConstraintSystem point = *closed;
    point.addBound(BoundType::EQ, 0, d);
    point.addBound(BoundType::EQ, *closed->findVar(i), 5);
    EXPECT_EQ(point.isEmpty(), d < 5 || d > 12) << d;
  }

  auto whole = regionOf(load, 0);
  ASSERT_TRUE(whole);
  expectBoxEq(whole->getBoundingBox(), {{0, 39}}, "depth 0");
  EXPECT_EQ(whole->getSizeInBytes(), 39 * 4);
}

TEST(MemRefRegion, WriteRegionOfAMatmulNestIsTheOutput) {
  // Seed 002's "src write region size": the store ignores the k loop.
  auto m = expectParsed(
      R"(func.func @f(%A: memref<64x32xf32>, %B: memref<32x128xf32>, %C: memref<64x128xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 128 {
      affine.for %k = 0 to 32 {
        %a = affine.load %A[%i, %k] : memref<64x32xf32>
        %b = affine.load %B[%k, %j] : memref<32x128xf32>
        %c = affine.load %C[%i, %j] : memref<64x128xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x128xf32>
      }
    }
  }
  return
})");
  Operation *store = accessOp(*m, 3);
  auto write = regionOf(store);
  ASSERT_TRUE(write);
  EXPECT_TRUE(write->getIsWrite());
  EXPECT_EQ(write->getNumElements(), 64 * 128);
  EXPECT_EQ(write->getSizeInBytes(), 64 * 128 * 4);
  // At depth 2 (i and j fixed) one element; at depth 1 one row.
  EXPECT_EQ(regionOf(store, 2)->getNumElements(), 1);
  expectBoxEq(regionOf(store, 1)->getBoundingBox(), {{0, 1}, {0, 128}},
              "depth 1");
  EXPECT_FALSE(regionOf(store, 4)) << "deeper than the nest";
}

TEST(MemRefRegion, StepsMinMaxBoundsDivModAndGuardsAreExact) {
  auto m = expectParsed(R"(func.func @f(%A: memref<40x12xf32>) {
  affine.for %i = 1 to 20 step 3 {
    affine.for %j = affine_map<(d0) -> (d0 floordiv 2)>(%i) to min affine_map<(d0) -> (12, d0 + 2)>(%i) step 2 {
      affine.for %k = max affine_map<(d0, d1) -> (0, d1 - d0 - 2)>(%i, %j) to 3 {
        affine.if affine_set<(d0, d1) : (d0 - d1 - 1 >= 0, d1 mod 4 == 0)>(%i, %j) {
          %v = affine.load %A[%i floordiv 2 + %j + %k, (%i + %j) mod 5] : memref<40x12xf32>
        }
      }
    }
  }
  return
})");
  Operation *load = accessOp(*m);
  auto trace = traceAccesses(m->func());
  ASSERT_TRUE(trace);
  std::set<Index> touched;
  for (const AccessPoint &p : (*trace)[load])
    touched.insert(p.index);
  ASSERT_FALSE(touched.empty());
  RegionOptions exact;
  exact.addMemRefDimBounds = false;
  auto region = regionOf(load, 0, exact);
  ASSERT_TRUE(region);
  for (int64_t a = -2; a < 42; ++a)
    for (int64_t b = -2; b < 14; ++b)
      EXPECT_EQ(region->contains(Index{a, b}), touched.count({a, b}) != 0)
          << a << ", " << b;
  std::vector<Index> points(touched.begin(), touched.end());
  expectBoxEq(regionOf(load)->getBoundingBox(), expectedBox(points, {40, 12}),
              "box");
}

TEST(MemRefRegion, VectorAccessesCoverTheWholeVector) {
  auto m = expectParsed(R"(func.func @f(%A: memref<8x40xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %v = affine.vector_load %A[%i * 2, %j * 8] : memref<8x40xf32>, vector<2x8xf32>
    }
  }
  return
})");
  Operation *load = accessOp(*m);
  expectBoxEq(regionOf(load)->getBoundingBox(), {{0, 8}, {0, 32}}, "vector");
  RegionOptions firstOnly;
  firstOnly.transferExtents = false;
  expectBoxEq(regionOf(load, 0, firstOnly)->getBoundingBox(), {{0, 7}, {0, 25}},
              "first elements (MLIR)");
  auto trace = traceAccesses(m->func());
  ASSERT_TRUE(trace);
  std::vector<Index> points;
  for (const AccessPoint &p : (*trace)[load])
    points.push_back(p.index);
  expectBoxEq(regionOf(load)->getBoundingBox(), expectedBox(points, {8, 40}),
              "brute force");
}

TEST(MemRefRegion, DmaTransfersDelineariseOverTheMemref) {
  auto m = expectParsed(R"(func.func @f() {
  %slow = memref.alloc() : memref<4x5xf32>
  %fast = memref.alloc() : memref<2x5xf32, 1>
  %packed = memref.alloc() : memref<8xf32, 1>
  %tag = memref.alloc() : memref<2xi32>
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  affine.dma_start %slow[1, 0], %fast[0, 0], %tag[0], %c10 : memref<4x5xf32>, memref<2x5xf32, 1>, memref<2xi32>
  affine.dma_start %slow[0, 1], %packed[0], %tag[1], %c8, %c5, %c2 : memref<4x5xf32>, memref<8xf32, 1>, memref<2xi32>
  return
})");
  std::vector<Operation *> dmas;
  m->func()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op->isa("affine.dma_start"))
      dmas.push_back(op);
  });
  ASSERT_EQ(dmas.size(), 2u);
  // Rows 1 and 2 of %slow, all of %fast.
  std::vector<MemRefAccess> rows = getMemRefAccesses(dmas[0]);
  auto src = computeMemRefRegion(rows[0], 0);
  auto dst = computeMemRefRegion(rows[1], 0);
  ASSERT_TRUE(src && dst);
  expectBoxEq(src->getBoundingBox(), {{1, 2}, {0, 5}}, "contiguous source");
  expectBoxEq(dst->getBoundingBox(), {{0, 2}, {0, 5}}, "contiguous dest");
  EXPECT_EQ(src->contains(Index{3, 0}), false);
  EXPECT_EQ(src->contains(Index{2, 4}), true);
  // Columns 1..2 of every row (2 elements every 5) into 8 packed ones.
  std::vector<MemRefAccess> strided = getMemRefAccesses(dmas[1]);
  auto columns = computeMemRefRegion(strided[0], 0);
  ASSERT_TRUE(columns);
  expectBoxEq(columns->getBoundingBox(), {{0, 4}, {1, 2}}, "strided source");
  for (int64_t a = 0; a < 4; ++a)
    for (int64_t b = 0; b < 5; ++b)
      EXPECT_EQ(columns->contains(Index{a, b}), b == 1 || b == 2);
  expectBoxEq(computeMemRefRegion(strided[1], 0)->getBoundingBox(), {{0, 8}},
              "packed dest");
}

TEST(MemRefRegion, SizesInBytesFollowTheElementType) {
  auto bytes = [](Type elt) {
    return getElementSizeInBytes(Type::memref({4}, elt));
  };
  EXPECT_EQ(bytes(Type::f32()), 4);
  EXPECT_EQ(bytes(Type::f64()), 8);
  EXPECT_EQ(bytes(Type::f16()), 2);
  EXPECT_EQ(bytes(Type::bf16()), 2);
  EXPECT_EQ(bytes(Type::integer(1)), 1);
  EXPECT_EQ(bytes(Type::integer(8)), 1);
  EXPECT_EQ(bytes(Type::integer(48)), 6);
  EXPECT_EQ(bytes(Type::index()), 8);
  EXPECT_EQ(bytes(Type::vector({4, 2}, Type::f32())), 32);
  EXPECT_FALSE(getElementSizeInBytes(Type::f32()));

  auto m = expectParsed(R"(func.func @f(%A: memref<f64>, %B: memref<10xi16>) {
  %v = affine.load %A[] : memref<f64>
  affine.for %i = 0 to 0 {
    %w = affine.load %B[%i] : memref<10xi16>
  }
  return
})");
  auto scalar = regionOf(accessOp(*m, 0));
  ASSERT_TRUE(scalar);
  EXPECT_EQ(scalar->getRank(), 0u);
  EXPECT_EQ(scalar->getNumElements(), 1);
  EXPECT_EQ(scalar->getSizeInBytes(), 8);
  auto never = regionOf(accessOp(*m, 1));
  ASSERT_TRUE(never);
  EXPECT_EQ(never->getNumElements(), 0) << "the loop never runs";
  EXPECT_EQ(never->getSizeInBytes(), 0);
}

TEST(MemRefRegion, DynamicSizesAndSymbolicBounds) {
  auto m = expectParsed(
      R"(func.func @f(%A: memref<?xf32>, %B: memref<16xf32>, %n: index) {
  affine.for %i = 0 to %n {
    %a = affine.load %A[%i] : memref<?xf32>
    %b = affine.load %B[%i] : memref<16xf32>
  }
  affine.for %i = 0 to 10 {
    %c = affine.load %A[%i + 2] : memref<?xf32>
  }
  return
})");
  auto unbounded = regionOf(accessOp(*m, 0));
  ASSERT_TRUE(unbounded) << "the set itself is known";
  EXPECT_FALSE(unbounded->getBoundingBox()) << "no bound on a ? dim";
  EXPECT_FALSE(unbounded->getSizeInBytes());
  // A static dim bounds what can be accessed inside it (MLIR's fallback).
  expectBoxEq(regionOf(accessOp(*m, 1))->getBoundingBox(), {{0, 16}},
              "static fallback");
  expectBoxEq(regionOf(accessOp(*m, 2))->getBoundingBox(), {{2, 10}},
              "constant loop on a ? dim");
}

TEST(MemRefRegion, WhatIsNotAffineGivesNoRegion) {
  auto m = expectParsed(R"(func.func private @use(memref<10xf32>)
func.func @f(%A: memref<10xf32>, %s: index) {
  affine.for %i = 0 to 10 {
    %x = affine.load %A[%i * symbol(%s)] : memref<10xf32>
    %c1 = arith.constant 1 : index
    %j = arith.addi %i, %c1 : index
    %y = memref.load %A[%j] : memref<10xf32>
  }
  affine.for %i = 0 to 10 {
    %z = affine.load %A[%i] : memref<10xf32>
  }
  func.call @use(%A) : (memref<10xf32>) -> ()
  return
})");
  Operation *f = nullptr;
  for (auto &op : m->module->getBody().getOperations())
    if (op->isa("func.func") && op->getRegion(0).getBlocks().size())
      f = op.get();
  ASSERT_TRUE(f);
  std::vector<Operation *> ops = affineAccessOps(f);
  EXPECT_FALSE(regionOf(ops[0])) << "semi-affine subscript";
  Operation *memrefLoad = nullptr;
  f->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op->isa("memref.load"))
      memrefLoad = op;
  });
  EXPECT_FALSE(regionOf(memrefLoad)) << "subscript varies inside the loop";
  Value *a = f->getRegion(0).front().getArgument(0);
  NestRegions whole = computeNestRegions(f, a, 0);
  EXPECT_FALSE(whole.read) << "passed to a call";
  EXPECT_FALSE(whole.write);
  Operation *second = ops[1]->getParentOp();
  NestRegions nest = computeNestRegions(second, a, 0);
  ASSERT_TRUE(nest.read && nest.write);
  EXPECT_EQ(nest.read->getParts().size(), 1u);
  EXPECT_TRUE(nest.write->getParts().empty());
  EXPECT_EQ(nest.write->getNumElements(), 0);
  EXPECT_EQ(nest.read->getNumElements(), 10);
}

//===----------------------------------------------------------------------===//
// Random programs against brute force
//===----------------------------------------------------------------------===//

GeneratorOptions bruteForceOptions() {
  GeneratorOptions o;
  o.minSymbols = o.maxSymbols = 0; // every bound a constant or an IV
  o.memrefArgument = false;
  o.dynamicDims = false;
  o.percentSymbolicBound = 0;
  o.percentDivMod = 35;
  o.percentIf = 25;
  return o;
}

Value *outermostIV(Operation *op) {
  Value *iv = nullptr;
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (p->isa("affine.for"))
      iv = p->getRegion(0).front().getArgument(0);
  return iv;
}

/// Random points of the box around `points` (and the points themselves).
std::vector<Index> probes(const std::set<Index> &points, unsigned rank,
                          std::mt19937_64 &rng) {
  std::vector<Index> out(points.begin(), points.end());
  Index lo(rank, -2), hi(rank, 2);
  if (!points.empty()) {
    lo = hi = *points.begin();
    for (const Index &p : points)
      for (unsigned r = 0; r < rank; ++r) {
        lo[r] = std::min(lo[r], p[r]);
        hi[r] = std::max(hi[r], p[r]);
      }
  }
  for (int k = 0; k < 40; ++k) {
    Index p(rank);
    for (unsigned r = 0; r < rank; ++r)
      p[r] = lo[r] - 1 + (int64_t)(rng() % (uint64_t)(hi[r] - lo[r] + 3));
    out.push_back(p);
  }
  return out;
}

/// Compares a region with the touched elements: equal sets, or a superset
/// where the analysis over-approximates.
void compareSets(const MemRefRegion &exact, const std::set<Index> &touched,
                 std::span<const std::pair<Value *, int64_t>> params,
                 bool overApproximated, std::mt19937_64 &rng,
                 const std::string &context) {
  for (const Index &p : probes(touched, exact.getRank(), rng)) {
    std::optional<bool> in = exact.contains(p, params);
    ASSERT_TRUE(in) << context;
    bool want = touched.count(p) != 0;
    if (overApproximated)
      EXPECT_TRUE(*in || !want) << context;
    else
      EXPECT_EQ(*in, want) << "element " << ::testing::PrintToString(p) << "\n"
                           << context;
  }
}

/// Returns false if the access was only checked for soundness.
bool checkAccessAgainstTrace(Operation *op,
                             const std::vector<AccessPoint> &trace,
                             std::mt19937_64 &rng, const std::string &text) {
  std::vector<int64_t> shape =
      getMemRefAccesses(op).front().memref->getType().getShape();
  bool over = isOverApproximated(op);
  RegionOptions unclamped;
  unclamped.addMemRefDimBounds = false;
  // Depth 0: the set of all touched elements.
  std::set<Index> all;
  for (const AccessPoint &p : trace)
    all.insert(p.index);
  auto exact = regionOf(op, 0, unclamped);
  auto clamped = regionOf(op, 0);
  EXPECT_TRUE(exact && clamped) << text;
  if (!exact || !clamped)
    return false;
  compareSets(*exact, all, {}, over, rng, text);
  if (!over)
    expectBoxEq(clamped->getBoundingBox(),
                expectedBox({all.begin(), all.end()}, shape), text);
  // Depth 1: per value of the outermost induction variable.
  Value *iv = outermostIV(op);
  if (!iv)
    return !over;
  std::map<int64_t, std::set<Index>> byOuter;
  for (const AccessPoint &p : trace)
    byOuter[p.ivs[0]].insert(p.index);
  auto exact1 = regionOf(op, 1, unclamped);
  auto clamped1 = regionOf(op, 1);
  EXPECT_TRUE(exact1 && clamped1) << text;
  if (!exact1 || !clamped1)
    return false;
  std::vector<RegionDimBox> want = expectedBox({all.begin(), all.end()}, shape);
  for (RegionDimBox &b : want)
    b.extent = 0;
  for (const auto &[outer, points] : byOuter) {
    std::pair<Value *, int64_t> param[] = {{iv, outer}};
    compareSets(*exact1, points, param, over, rng,
                "outer = " + std::to_string(outer) + "\n" + text);
    std::vector<RegionDimBox> b =
        expectedBox({points.begin(), points.end()}, shape);
    for (size_t r = 0; r < want.size(); ++r)
      want[r].extent = std::max(want[r].extent, b[r].extent);
  }
  if (!over)
    expectBoxEq(clamped1->getBoundingBox(), want, "depth 1\n" + text);
  return !over;
}

TEST(MemRefRegion, RandomProgramsMatchBruteForcePerAccess) {
  GeneratorOptions options = bruteForceOptions();
  std::mt19937_64 rng(42);
  int checked = 0, exact = 0;
  for (uint64_t i = 0; i < 120; ++i) {
    std::string text = generateAffineProgram(programSeed(4000, i), options);
    auto m = expectParsed(text);
    ASSERT_TRUE(m);
    auto trace = traceAccesses(m->func());
    ASSERT_TRUE(trace) << text;
    for (Operation *op : affineAccessOps(m->func())) {
      exact += checkAccessAgainstTrace(op, (*trace)[op], rng, text) ? 1 : 0;
      ++checked;
    }
    if (HasFailure())
      return;
  }
  EXPECT_GT(checked, 300);
  EXPECT_GT(exact, 200) << "most accesses compared as exact sets";
}

TEST(MemRefRegion, RandomProgramsUnionOverTheNestMatchesBruteForce) {
  GeneratorOptions options = bruteForceOptions();
  options.percentIf = 0; // no else-regions: mostly exact domains
  std::mt19937_64 rng(7);
  for (uint64_t i = 0; i < 80; ++i) {
    std::string text = generateAffineProgram(programSeed(5000, i), options);
    auto m = expectParsed(text);
    ASSERT_TRUE(m);
    auto trace = traceAccesses(m->func());
    ASSERT_TRUE(trace);
    std::map<Value *, std::set<Index>> reads, writes;
    bool over = false;
    for (Operation *op : affineAccessOps(m->func())) {
      over |= isOverApproximated(op);
      MemRefAccess a = getMemRefAccesses(op).front();
      for (const AccessPoint &p : (*trace)[op])
        (a.isWrite ? writes : reads)[a.memref].insert(p.index);
      (a.isWrite ? reads : writes)[a.memref]; // present, maybe empty
    }
    for (auto &[memref, readSet] : reads) {
      NestRegions unclamped =
          computeNestRegions(m->func(), memref, 0, RegionOptions{false, true});
      NestRegions regions = computeNestRegions(m->func(), memref, 0);
      ASSERT_TRUE(unclamped.read && unclamped.write && regions.read &&
                  regions.write)
          << text;
      std::vector<int64_t> shape = memref->getType().getShape();
      for (bool write : {false, true}) {
        const std::set<Index> &want = write ? writes[memref] : readSet;
        const MemRefRegion &u = write ? *unclamped.write : *unclamped.read;
        const MemRefRegion &c = write ? *regions.write : *regions.read;
        compareSets(u, want, {}, over, rng, text);
        if (over)
          continue;
        expectBoxEq(c.getBoundingBox(),
                    expectedBox({want.begin(), want.end()}, shape), text);
        std::vector<RegionDimBox> box =
            expectedBox({want.begin(), want.end()}, shape);
        int64_t n = 1;
        for (const RegionDimBox &b : box)
          n *= b.extent;
        EXPECT_EQ(c.getNumElements(), n) << text;
        EXPECT_EQ(c.getSizeInBytes(), n * 4) << text;
      }
    }
    if (HasFailure())
      return;
  }
}

} // namespace

// The aliasing answer (frontend/analysis/MemRefAlias.h, getBufferAlias in
// frontend/ir/MemoryEffects.h) on every view op and layout.
//
// Buffers: each pair of root kinds (allocation, global, argument, call
// result) gets the answer the argument contract gives it.
//
// Accesses: for each loop of the programs below, whether it is parallel
// (isLoopMemoryParallel, which goes through DependenceChecker) is compared
// with brute force: the loop structure is executed (traceAccesses), each
// element an access touches is turned into its offset from the buffer's
// aligned pointer using the memref type's static strides and offset, and a
// loop carries a dependence when two accesses, one a write, reach one
// address in different iterations of it and the same iterations of the
// loops around it. A dependence the brute force finds must never be missed;
// where the views are ones the analysis composes exactly (cast, subview,
// transpose, expand_shape, collapse_shape, reinterpret_cast with static
// layouts), the answers must also be equal.
#include "frontend/analysis/MemRefAlias.h"
#include "frontend/analysis/LoopParallelism.h"
#include "frontend/ir/AffineAccess.h"
#include "frontend/ir/MemRefLayout.h"
#include "frontend/ir/MemoryEffects.h"
#include "support/BruteForceAccesses.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

using namespace affjit;
using namespace affjit::test;

namespace {

/// The ops nested in `root` named `name`, in program order.
std::vector<Operation *> opsNamed(Operation *root, std::string_view name) {
  std::vector<Operation *> out;
  root->walk([&](Operation *op) {
    if (op->isa(name))
      out.push_back(op);
  });
  return out;
}

/// The element offset from the aligned pointer of `index` in a memref of
/// type `t` (static layouts only).
int64_t addressOf(Type t, const std::vector<int64_t> &index) {
  std::optional<StridedLayout> layout = getStridedLayout(t);
  EXPECT_TRUE(layout && layout->offset != kDynamic) << t.str();
  int64_t address = layout ? layout->offset : 0;
  for (size_t k = 0; k < index.size(); ++k)
    address += layout->strides[k] * index[k];
  return address;
}

/// The buffer an access reaches: get_globals of one global are one.
std::string bufferOf(Value *memref) {
  Value *root = getViewRoot(memref);
  if (Operation *def = root->getDefiningOp())
    if (def->isa("memref.get_global"))
      return def->getAttr("name").str();
  return std::to_string((uintptr_t)root);
}

/// Whether two accesses of `trace`, one a write, reach one address in
/// different iterations of the loop at `depth` (0-based, among the loops
/// around both) and equal iterations of the loops outside it.
bool bruteForceCarries(const AccessTrace &trace, unsigned depth) {
  for (const auto &[a, pointsA] : trace)
    for (const auto &[b, pointsB] : trace) {
      auto accessA = AffineAccess::get(a), accessB = AffineAccess::get(b);
      if (!accessA->isWrite() && !accessB->isWrite())
        continue;
      if (bufferOf(accessA->getMemRef()) != bufferOf(accessB->getMemRef()))
        continue;
      Type ta = accessA->getMemRef()->getType(),
           tb = accessB->getMemRef()->getType();
      for (const AccessPoint &p : pointsA)
        for (const AccessPoint &q : pointsB) {
          if (p.ivs.size() <= depth || q.ivs.size() <= depth)
            continue;
          bool outerEqual =
              std::equal(p.ivs.begin(), p.ivs.begin() + depth, q.ivs.begin());
          if (outerEqual && p.ivs[depth] != q.ivs[depth] &&
              addressOf(ta, p.index) == addressOf(tb, q.index))
            return true;
        }
    }
  return false;
}

/// Each affine.for of `func` with its depth (0 for outermost).
std::vector<std::pair<Operation *, unsigned>> loopsOf(Operation *func) {
  std::vector<std::pair<Operation *, unsigned>> out;
  for (Operation *loop : opsNamed(func, "affine.for")) {
    unsigned depth = 0;
    for (Operation *p = loop->getParentOp(); p; p = p->getParentOp())
      depth += p->isa("affine.for");
    out.push_back({loop, depth});
  }
  return out;
}

struct Case {
  const char *name;
  const char *body;
  /// Whether the analysis must match the brute force exactly (else it only
  /// must not miss a dependence).
  bool exact;
};

/// Each case is the body of `func.func @f(%A: memref<64xf32>, %B:
/// memref<8x8xf32>)`, with %one an f32 constant.
const Case kCases[] = {
    {"cast_shifted", R"(
  %V = memref.cast %A : memref<64xf32> to memref<?xf32>
  affine.for %i = 0 to 32 {
    %x = affine.load %A[%i] : memref<64xf32>
    affine.store %x, %V[%i + 1] : memref<?xf32>
  })",
     true},
    {"cast_same_element", R"(
  %V = memref.cast %A : memref<64xf32> to memref<?xf32>
  affine.for %i = 0 to 32 {
    %x = affine.load %A[%i] : memref<64xf32>
    affine.store %x, %V[%i] : memref<?xf32>
  })",
     true},
    {"subview_strided_odd_even", R"(
  %V = memref.subview %A[0] [32] [2] : memref<64xf32> to memref<32xf32, strided<[2]>>
  affine.for %i = 0 to 31 {
    %x = affine.load %A[2 * %i + 1] : memref<64xf32>
    affine.store %x, %V[%i] : memref<32xf32, strided<[2]>>
  })",
     true},
    {"subview_strided_overlapping", R"(
  %V = memref.subview %A[0] [32] [2] : memref<64xf32> to memref<32xf32, strided<[2]>>
  affine.for %i = 0 to 32 {
    %x = affine.load %A[%i] : memref<64xf32>
    affine.store %x, %V[%i] : memref<32xf32, strided<[2]>>
  })",
     true},
    {"subview_offset_disjoint_halves", R"(
  %L = memref.subview %A[0] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1]>>
  %H = memref.subview %A[32] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1], offset: 32>>
  affine.for %i = 0 to 32 {
    %x = affine.load %L[%i] : memref<32xf32, strided<[1]>>
    affine.store %x, %H[31 - %i] : memref<32xf32, strided<[1], offset: 32>>
  })",
     true},
    {"subview_2d_rows", R"(
  %R = memref.subview %B[1, 0] [7, 8] [1, 1] : memref<8x8xf32> to memref<7x8xf32, strided<[8, 1], offset: 8>>
  affine.for %i = 0 to 7 {
    affine.for %j = 0 to 8 {
      %x = affine.load %B[%i, %j] : memref<8x8xf32>
      affine.store %x, %R[%i, %j] : memref<7x8xf32, strided<[8, 1], offset: 8>>
    }
  })",
     true},
    {"subview_rank_reducing_column", R"(
  %C = memref.subview %B[0, 3] [8, 1] [1, 1] : memref<8x8xf32> to memref<8xf32, strided<[8], offset: 3>>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.load %B[%i, %j] : memref<8x8xf32>
      affine.store %x, %C[%j] : memref<8xf32, strided<[8], offset: 3>>
    }
  })",
     true},
    {"transpose", R"(
  %T = memref.transpose %B (i, j) -> (j, i) : memref<8x8xf32> to memref<8x8xf32, strided<[1, 8]>>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.load %B[%i, %j] : memref<8x8xf32>
      affine.store %x, %T[%i, %j] : memref<8x8xf32, strided<[1, 8]>>
    }
  })",
     true},
    {"expand_shape", R"(
  %E = memref.expand_shape %A [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.load %A[%i * 8 + %j + 1] : memref<64xf32>
      affine.store %x, %E[%i, %j] : memref<8x8xf32>
    }
  })",
     true},
    {"collapse_shape_same_element", R"(
  %F = memref.collapse_shape %B [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  affine.for %k = 0 to 64 {
    %x = affine.load %B[%k floordiv 8, %k mod 8] : memref<8x8xf32>
    affine.store %x, %F[%k] : memref<64xf32>
  })",
     true},
    {"collapse_shape_next_element", R"(
  %F = memref.collapse_shape %B [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  affine.for %k = 0 to 63 {
    %x = affine.load %B[(%k + 1) floordiv 8, (%k + 1) mod 8] : memref<8x8xf32>
    affine.store %x, %F[%k] : memref<64xf32>
  })",
     true},
    {"reinterpret_cast_shifted", R"(
  %R = memref.reinterpret_cast %A to offset: [4], sizes: [8], strides: [1] : memref<64xf32> to memref<8xf32, strided<[1], offset: 4>>
  affine.for %i = 0 to 8 {
    %x = affine.load %A[%i + 8] : memref<64xf32>
    affine.store %x, %R[%i] : memref<8xf32, strided<[1], offset: 4>>
  })",
     true},
    {"reinterpret_cast_2d_over_1d", R"(
  %R = memref.reinterpret_cast %A to offset: [0], sizes: [8, 8], strides: [8, 1] : memref<64xf32> to memref<8x8xf32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.load %A[%j * 8 + %i] : memref<64xf32>
      affine.store %x, %R[%i, %j] : memref<8x8xf32>
    }
  })",
     true},
    {"view_chain_subview_of_transpose", R"(
  %T = memref.transpose %B (i, j) -> (j, i) : memref<8x8xf32> to memref<8x8xf32, strided<[1, 8]>>
  %S = memref.subview %T[0, 1] [8, 7] [1, 1] : memref<8x8xf32, strided<[1, 8]>> to memref<8x7xf32, strided<[1, 8], offset: 8>>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 7 {
      %x = affine.load %B[%i, %j] : memref<8x8xf32>
      affine.store %x, %S[%i, %j] : memref<8x7xf32, strided<[1, 8], offset: 8>>
    }
  })",
     true},
    {"vector_lanes_through_cast", R"(
  %V = memref.cast %A : memref<64xf32> to memref<?xf32>
  affine.for %i = 0 to 7 {
    %v = affine.vector_load %A[%i * 8] : memref<64xf32>, vector<8xf32>
    affine.vector_store %v, %V[%i * 8 + 4] : memref<?xf32>, vector<8xf32>
  })",
     true},
    {"vector_lanes_through_strided_subview", R"(
  %V = memref.subview %A[0] [32] [2] : memref<64xf32> to memref<32xf32, strided<[2]>>
  affine.for %i = 0 to 3 {
    %v = affine.vector_load %A[%i * 16 + 1] : memref<64xf32>, vector<8xf32>
    affine.store %one, %V[%i * 8] : memref<32xf32, strided<[2]>>
  })",
     true},
    {"globals_of_one_name", R"(
  %G1 = memref.get_global @g : memref<16xf32>
  %G2 = memref.get_global @g : memref<16xf32>
  affine.for %i = 0 to 15 {
    %x = affine.load %G1[%i] : memref<16xf32>
    affine.store %x, %G2[%i + 1] : memref<16xf32>
  })",
     true},
};

std::string programOf(const Case &c) {
  return std::string("memref.global \"private\" @g : memref<16xf32> = "
                     "dense<0.0>\n"
                     "func.func @f(%A: memref<64xf32>, %B: memref<8x8xf32>) {\n"
                     "  %one = arith.constant 1.0 : f32") +
         c.body + "\n  return\n}\n";
}

class MemRefAliasLoops : public testing::TestWithParam<Case> {};

TEST_P(MemRefAliasLoops, ParallelExactlyWhenBruteForceFindsNoDependence) {
  const Case &c = GetParam();
  auto m = expectParsed(programOf(c));
  ASSERT_TRUE(m);
  Operation *f = m->module->lookupSymbol("f");
  std::optional<AccessTrace> trace = traceAccesses(f);
  ASSERT_TRUE(trace);
  for (auto [loop, depth] : loopsOf(f)) {
    SCOPED_TRACE("loop at depth " + std::to_string(depth));
    bool carried = bruteForceCarries(*trace, depth);
    bool parallel = isLoopMemoryParallel(loop);
    if (carried) {
      EXPECT_FALSE(parallel) << "a dependence is missed";
    } else if (c.exact) {
      EXPECT_TRUE(parallel) << "a dependence is reported that no execution "
                               "has";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Views, MemRefAliasLoops, testing::ValuesIn(kCases),
                         [](const auto &info) { return info.param.name; });

/// The carried dependences the shifted cast case must show: distance 1.
TEST(MemRefAlias, DistanceThroughACast) {
  auto m = expectParsed(programOf(kCases[0]));
  ASSERT_TRUE(m);
  Operation *loop = opsNamed(m->module->getOperation(), "affine.for").front();
  std::vector<CarriedDependence> deps = getCarriedDependences(loop);
  bool flowAtDistanceOne = false;
  for (const CarriedDependence &d : deps)
    flowAtDistanceOne |= d.known && d.src.isWrite && !d.dst.isWrite &&
                         d.components.size() == 1 && d.components[0].lb == 1 &&
                         d.components[0].ub == 1;
  EXPECT_TRUE(flowAtDistanceOne);
}

/// Views the analysis cannot compose (memref.view moves the pointer and
/// the element type) give a dependence, not silence.
TEST(MemRefAlias, UncomposableViewsAreDependences) {
  auto m = expectParsed(R"(func.func @f(%bytes: memref<256xi8>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %V = memref.view %bytes[%c0][] : memref<256xi8> to memref<64xf32>
  %W = memref.view %bytes[%c4][] : memref<256xi8> to memref<63xf32>
  affine.for %i = 0 to 63 {
    %x = affine.load %V[%i] : memref<64xf32>
    affine.store %x, %W[%i] : memref<63xf32>
  }
  return
}
)");
  ASSERT_TRUE(m);
  Operation *loop = opsNamed(m->module->getOperation(), "affine.for").front();
  EXPECT_FALSE(isLoopMemoryParallel(loop));
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

TEST(MemRefAlias, BufferRootsByOrigin) {
  auto m =
      expectParsed(R"(memref.global "private" @g : memref<4xf32> = dense<0.0>
memref.global "private" @h : memref<4xf32> = dense<0.0>
func.func private @make() -> memref<4xf32>
func.func @f(%A: memref<4xf32>, %B: memref<4xf32>, %U: memref<*xf32>) {
  %a1 = memref.alloc() : memref<4xf32>
  %a2 = memref.alloca() : memref<4xf32>
  %g1 = memref.get_global @g : memref<4xf32>
  %g2 = memref.get_global @g : memref<4xf32>
  %h = memref.get_global @h : memref<4xf32>
  %c = func.call @make() : () -> memref<4xf32>
  %u = memref.cast %U : memref<*xf32> to memref<4xf32>
  %s = memref.subview %A[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  return
}
)");
  ASSERT_TRUE(m);
  Operation *f = m->module->lookupSymbol("f");
  Block &entry = f->getRegion(0).front();
  std::map<std::string, Value *> v{{"A", entry.getArgument(0)},
                                   {"B", entry.getArgument(1)}};
  f->walk([&](Operation *op) {
    if (op->getNumResults() == 1)
      v[op->getResult(0)->getNameHint()] = op->getResult(0);
  });
  EXPECT_EQ(getBufferOrigin(v["a1"]), BufferOrigin::Allocation);
  EXPECT_EQ(getBufferOrigin(v["g1"]), BufferOrigin::Global);
  EXPECT_EQ(getBufferOrigin(v["A"]), BufferOrigin::Argument);
  EXPECT_EQ(getBufferOrigin(v["c"]), BufferOrigin::Unknown);
  EXPECT_EQ(getBufferOrigin(getViewRoot(v["u"])), BufferOrigin::Unknown);

  struct Expectation {
    const char *a, *b;
    BufferAlias alias;
  };
  const Expectation expectations[] = {
      {"A", "s", BufferAlias::Same},       // a view of the argument
      {"A", "B", BufferAlias::Distinct},   // the argument contract
      {"a1", "a2", BufferAlias::Distinct}, // two allocations
      {"a1", "A", BufferAlias::Distinct},  // fresh memory
      {"a1", "g1", BufferAlias::Distinct}, //
      {"g1", "g2", BufferAlias::Same},     // one global
      {"g1", "h", BufferAlias::Distinct},  // two globals
      {"g1", "A", BufferAlias::Unknown},   // a caller may pass @g
      {"c", "a1", BufferAlias::Unknown},   // a call may return anything
      {"c", "A", BufferAlias::Unknown},    //
      {"u", "B", BufferAlias::Unknown},    // unranked: outside the contract
  };
  for (const Expectation &e : expectations) {
    SCOPED_TRACE(std::string(e.a) + " vs " + e.b);
    ASSERT_TRUE(v[e.a] && v[e.b]);
    EXPECT_EQ(getBufferAlias(v[e.a], v[e.b]), e.alias);
    EXPECT_EQ(getBufferAlias(v[e.b], v[e.a]), e.alias);
  }
}

/// A global and an argument may be one buffer: a loop that reads one and
/// writes the other is not parallel, though two arguments would be.
TEST(MemRefAlias, GlobalAndArgumentMayOverlap) {
  auto m =
      expectParsed(R"(memref.global "private" @g : memref<16xf32> = dense<0.0>
func.func @f(%A: memref<16xf32>, %B: memref<16xf32>) {
  %G = memref.get_global @g : memref<16xf32>
  affine.for %i = 0 to 15 {
    %x = affine.load %G[%i] : memref<16xf32>
    affine.store %x, %A[%i + 1] : memref<16xf32>
  }
  affine.for %i = 0 to 15 {
    %x = affine.load %B[%i] : memref<16xf32>
    affine.store %x, %A[%i + 1] : memref<16xf32>
  }
  return
}
)");
  ASSERT_TRUE(m);
  std::vector<Operation *> loops =
      opsNamed(m->module->getOperation(), "affine.for");
  ASSERT_EQ(loops.size(), 2u);
  EXPECT_FALSE(isLoopMemoryParallel(loops[0]));
  EXPECT_TRUE(isLoopMemoryParallel(loops[1]));
}

} // namespace

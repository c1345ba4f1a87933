// Tests of the memref dependence graph (frontend/analysis/
// MemRefDependenceGraph.h): nodes, edges and escaping buffers on programs
// written for each case loop fusion must respect (views of one buffer,
// calls, casts into calls, non-affine accesses, copies, in-place
// consumers), and soundness on random programs: wherever a brute-force run
// of the loops finds two top-level ops touching the same element, one of
// them writing, the graph has an edge between them. A graph brought up to
// date after edits (nests erased, cloned, moved, changed) is the graph
// built afresh.
#include "frontend/analysis/MemRefDependenceGraph.h"
#include "frontend/ir/Ops.h"
#include "support/BruteForceAccesses.h"
#include "support/RandomAffineProgram.h"

#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>

using namespace affjit;
using namespace affjit::test;

namespace {

Block &body(ParsedModule &m) { return *FuncOp(m.func()).getBody(); }

std::string graphText(ParsedModule &m) {
  std::ostringstream os;
  MemRefDependenceGraph(body(m)).print(os);
  return os.str();
}

/// The function's value named `name` (an argument or a result).
Value *valueNamed(ParsedModule &m, const std::string &name) {
  Value *found = nullptr;
  for (Value *arg : body(m).getArguments())
    if (arg->getNameHint() == name)
      found = arg;
  m.func()->walk([&](Operation *op) {
    for (Value *r : op->getResults())
      if (r->getNameHint() == name)
        found = r;
  });
  return found;
}

TEST(MemRefDependenceGraph, ProducerConsumerChainThroughATemporary) {
  auto m = parseModuleText(R"(
func.func @f(%in: memref<16xf32>, %out: memref<16xf32>) {
  %tmp = memref.alloc() : memref<16xf32>
  affine.for %i = 0 to 16 {
    %v = affine.load %in[%i] : memref<16xf32>
    affine.store %v, %tmp[%i] : memref<16xf32>
  }
  affine.for %i = 0 to 16 {
    %v = affine.load %tmp[%i] : memref<16xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %out[%i] : memref<16xf32>
  }
  memref.dealloc %tmp : memref<16xf32>
  return
})");
  ASSERT_TRUE(m);
  EXPECT_EQ(graphText(*m),
            "node 0: memref.alloc at line 3: writes %tmp\n"
            "node 1: affine.for at line 4: reads %in writes %tmp\n"
            "node 2: affine.for at line 8: reads %tmp writes %out\n"
            "node 3: memref.dealloc at line 13: writes %tmp\n"
            "edge 0 -> 1: write-after-write %tmp\n"
            "edge 0 -> 1: value\n"
            "edge 0 -> 2: read-after-write %tmp\n"
            "edge 0 -> 2: value\n"
            "edge 1 -> 2: read-after-write %tmp\n"
            "edge 0 -> 3: write-after-write %tmp\n"
            "edge 0 -> 3: value\n"
            "edge 1 -> 3: write-after-write %tmp\n"
            "edge 2 -> 3: write-after-read %tmp\n");
}

TEST(MemRefDependenceGraph, QueriesOnAChain) {
  auto m = parseModuleText(R"(
func.func @f(%in: memref<16xf32>, %out: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  affine.for %i = 0 to 16 {
    %v = affine.load %in[%i] : memref<16xf32>
    affine.store %v, %a[%i] : memref<16xf32>
  }
  affine.for %i = 0 to 16 {
    %v = affine.load %a[%i] : memref<16xf32>
    affine.store %v, %b[%i] : memref<16xf32>
  }
  affine.for %i = 0 to 16 {
    %v = affine.load %b[%i] : memref<16xf32>
    %w = affine.load %a[%i] : memref<16xf32>
    %s = arith.addf %v, %w : f32
    affine.store %s, %out[%i] : memref<16xf32>
  }
  return
})");
  ASSERT_TRUE(m);
  MemRefDependenceGraph g(body(*m));
  ASSERT_EQ(g.getNodes().size(), 5u);
  Value *a = valueNamed(*m, "a"), *b = valueNamed(*m, "b");
  EXPECT_EQ(g.getProducerConsumerMemRefs(2, 3), std::vector<Value *>{a});
  EXPECT_EQ(g.getProducerConsumerMemRefs(3, 4), std::vector<Value *>{b});
  EXPECT_EQ(g.getProducerConsumerMemRefs(2, 4), std::vector<Value *>{a});
  // Nest 2 feeds nest 4 directly and through nest 3.
  EXPECT_TRUE(g.hasDependencePathThroughOthers(2, 4));
  EXPECT_FALSE(g.hasDependencePathThroughOthers(2, 3));
  EXPECT_EQ(g.getNode(g.getNodes()[3].op)->loads.size(), 1u);
  EXPECT_EQ(g.getNodes()[4].loads.size(), 2u);
  EXPECT_EQ(g.getNodes()[4].stores.size(), 1u);
  EXPECT_FALSE(isEscapingMemRef(a));
  EXPECT_TRUE(isEscapingMemRef(valueNamed(*m, "out")));
}

TEST(MemRefDependenceGraph, ViewsOfOneBufferAreOneBuffer) {
  auto m = parseModuleText(R"(
func.func @f(%out: memref<4xf32>) {
  %buf = memref.alloc() : memref<8x4xf32>
  %row = memref.subview %buf[2, 0] [1, 4] [1, 1] : memref<8x4xf32> to memref<4xf32, strided<[1], offset: 8>>
  %flat = memref.collapse_shape %buf [[0, 1]] : memref<8x4xf32> into memref<32xf32>
  %cst = arith.constant 1.0 : f32
  affine.for %i = 0 to 4 {
    affine.store %cst, %row[%i] : memref<4xf32, strided<[1], offset: 8>>
  }
  affine.for %i = 0 to 4 {
    %v = affine.load %flat[%i + 8] : memref<32xf32>
    affine.store %v, %out[%i] : memref<4xf32>
  }
  memref.dealloc %buf : memref<8x4xf32>
  return
})");
  ASSERT_TRUE(m);
  MemRefDependenceGraph g(body(*m));
  Value *buf = valueNamed(*m, "buf");
  const MdgNode *producer = g.getNode(body(*m).getOperations().begin()->get());
  ASSERT_TRUE(producer);
  unsigned first = 4, second = 5;
  EXPECT_EQ(g.getNodes()[first].writes, std::vector<Value *>{buf});
  EXPECT_EQ(g.getProducerConsumerMemRefs(first, second),
            std::vector<Value *>{buf});
  EXPECT_FALSE(isEscapingMemRef(buf));
}

struct EscapeCase {
  const char *name;
  const char *program; // uses %t, the temporary under test
  bool escapes;
};

TEST(MemRefDependenceGraph, EscapingBuffers) {
  const EscapeCase cases[] = {
      {"accessed by affine ops, dim and dealloc only", R"(
  %c0 = arith.constant 0 : index
  %d = memref.dim %t, %c0 : memref<8xf32>
  affine.for %i = 0 to 8 {
    %v = affine.load %t[%i] : memref<8xf32>
    affine.store %v, %t[%i] : memref<8xf32>
  }
  memref.dealloc %t : memref<8xf32>)",
       false},
      {"non-affine memref.load/store and a copy are seen", R"(
  %c0 = arith.constant 0 : index
  %v = memref.load %t[%c0] : memref<8xf32>
  memref.store %v, %t[%c0] : memref<8xf32>
  memref.copy %t, %t : memref<8xf32> to memref<8xf32>)",
       false},
      {"passed to a call inside a loop", R"(
  affine.for %i = 0 to 8 {
    func.call @opaque(%t) : (memref<8xf32>) -> ()
  })",
       true},
      {"cast into a call (a print)", R"(
  %u = memref.cast %t : memref<8xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ())",
       true},
      {"subview into a call", R"(
  %s = memref.subview %t[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  %u = memref.cast %s : memref<4xf32, strided<[1], offset: 2>> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ())",
       true},
      {"reinterpret_cast into a call", R"(
  %r = memref.reinterpret_cast %t to offset: [0], sizes: [2, 4], strides: [4, 1] : memref<8xf32> to memref<2x4xf32>
  %u = memref.cast %r : memref<2x4xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ())",
       true},
      {"expand_shape view into a call", R"(
  %e = memref.expand_shape %t [[0, 1]] output_shape [2, 4] : memref<8xf32> into memref<2x4xf32>
  %u = memref.cast %e : memref<2x4xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ())",
       true},
  };
  for (const EscapeCase &c : cases) {
    std::string text = "func.func private @opaque(memref<8xf32>)\n"
                       "func.func private @printMemrefF32(memref<*xf32>)\n"
                       "func.func @f() {\n"
                       "  %t = memref.alloc() : memref<8xf32>" +
                       std::string(c.program) + "\n  return\n}\n";
    auto m = parseModuleText(text);
    ASSERT_TRUE(m) << c.name;
    Operation *f = m->module->lookupSymbol("f");
    Value *t = nullptr;
    f->walk([&](Operation *op) {
      if (op->isa("memref.alloc"))
        t = op->getResult(0);
    });
    EXPECT_EQ(isEscapingMemRef(t), c.escapes) << c.name;
  }
  // A function argument, a global and a returned buffer escape.
  auto m = parseModuleText(R"(
memref.global "private" @g : memref<4xf32> = dense<0.0>
func.func @f(%arg: memref<4xf32>) -> memref<4xf32> {
  %gv = memref.get_global @g : memref<4xf32>
  %r = memref.alloc() : memref<4xf32>
  return %r : memref<4xf32>
})");
  ASSERT_TRUE(m);
  Operation *f = m->module->lookupSymbol("f");
  Block &b = *FuncOp(f).getBody();
  EXPECT_TRUE(isEscapingMemRef(b.getArgument(0)));
  EXPECT_TRUE(isEscapingMemRef(b.front().getResult(0)));
  EXPECT_TRUE(isEscapingMemRef(b.front().getNextNode()->getResult(0)));
}

TEST(MemRefDependenceGraph, CallsAndNonAffineAccessesOrderTheNests) {
  auto m = parseModuleText(R"(
func.func private @opaque()
func.func @f(%out: memref<8xf32>) {
  %t = memref.alloc() : memref<8xf32>
  %cst = arith.constant 1.0 : f32
  affine.for %i = 0 to 8 {
    affine.store %cst, %t[%i] : memref<8xf32>
  }
  func.call @opaque() : () -> ()
  %c1 = arith.constant 1 : index
  %x = memref.load %t[%c1] : memref<8xf32>
  affine.for %i = 0 to 8 {
    %v = affine.load %t[%i] : memref<8xf32>
    affine.store %v, %out[%i] : memref<8xf32>
  }
  return
})");
  ASSERT_TRUE(m);
  MemRefDependenceGraph g(*FuncOp(m->module->lookupSymbol("f")).getBody());
  // 0 alloc, 1 constant, 2 producer, 3 call, 4 constant, 5 load, 6 consumer
  ASSERT_EQ(g.getNodes().size(), 7u);
  EXPECT_TRUE(g.getNodes()[3].touchesUnknownMemory);
  EXPECT_TRUE(g.hasEdge(2, 3)); // the call may read what the nest wrote
  EXPECT_TRUE(g.hasEdge(3, 6));
  EXPECT_FALSE(g.hasEdge(1, 3)); // a constant touches no memory
  EXPECT_EQ(g.getNodes()[5].nonAffine.size(), 1u);
  EXPECT_TRUE(g.hasDependencePathThroughOthers(2, 6));
}

/// The top-level op of `func`'s body holding `op`.
Operation *topLevel(Operation *func, Operation *op) {
  return op->findAncestorOpInBlock(*FuncOp(func).getBody());
}

TEST(MemRefDependenceGraph, RandomProgramsHaveAnEdgeForEveryConflict) {
  GeneratorOptions options;
  options.minSymbols = options.maxSymbols = 0;
  options.memrefArgument = false;
  options.dynamicDims = false;
  options.percentSymbolicBound = 0;
  options.minNests = 2, options.maxNests = 4;
  options.minMemrefs = 1, options.maxMemrefs = 2;
  options.minAccesses = 4, options.maxAccesses = 8;
  int conflicts = 0;
  for (uint64_t i = 0; i < 150; ++i) {
    std::string text = generateAffineProgram(programSeed(9000, i), options);
    auto m = parseModuleText(text);
    ASSERT_TRUE(m) << text;
    auto trace = traceAccesses(m->func());
    ASSERT_TRUE(trace) << text;
    MemRefDependenceGraph g(*FuncOp(m->func()).getBody());
    std::vector<Operation *> ops = affineAccessOps(m->func());
    for (size_t x = 0; x < ops.size(); ++x)
      for (size_t y = x + 1; y < ops.size(); ++y) {
        Operation *a = ops[x], *b = ops[y];
        auto aa = AffineAccess::get(a), bb = AffineAccess::get(b);
        if (aa->getMemRef() != bb->getMemRef() ||
            (!aa->isWrite() && !bb->isWrite()))
          continue;
        Operation *ta = topLevel(m->func(), a), *tb = topLevel(m->func(), b);
        if (ta == tb)
          continue;
        bool touchSame = false;
        for (const AccessPoint &p : (*trace)[a])
          for (const AccessPoint &q : (*trace)[b])
            touchSame = touchSame || p.index == q.index;
        if (!touchSame)
          continue;
        ++conflicts;
        unsigned ia = g.getNode(ta)->id, ib = g.getNode(tb)->id;
        EXPECT_TRUE(g.hasEdge(std::min(ia, ib), std::max(ia, ib))) << text;
      }
    if (HasFailure())
      return;
  }
  EXPECT_GT(conflicts, 50);
}

/// The top-level loop nests of `block` without results.
std::vector<Operation *> topLevelNests(Block &block) {
  std::vector<Operation *> nests;
  for (auto &op : block.getOperations())
    if (op->isa("affine.for") && op->getNumResults() == 0)
      nests.push_back(op.get());
  return nests;
}

/// One random edit of a top-level nest of `block`, with the ops it changes
/// or erases added to `dirty`: erase it, clone it after itself, move it
/// past the next op (marked or not), or erase one of its stores.
void editOnce(Block &block, std::mt19937 &rng,
              std::unordered_set<const Operation *> &dirty) {
  std::vector<Operation *> nests = topLevelNests(block);
  if (nests.empty())
    return;
  Operation *nest = nests[rng() % nests.size()];
  switch (rng() % 4) {
  case 0:
    dirty.insert(nest);
    nest->erase();
    return;
  case 1:
    block.insert(nest->getNextNode(), nest->clone());
    return;
  case 2:
    if (Operation *next = nest->getNextNode();
        next && next != block.getTerminator()) {
      // Half the moves unmarked: update must notice the order changed.
      if (rng() % 2)
        dirty.insert(nest);
      nest->moveAfter(next);
    }
    return;
  default: {
    std::vector<Operation *> stores;
    nest->walk([&](Operation *op) {
      if (op->isa("affine.store"))
        stores.push_back(op);
    });
    if (stores.empty())
      return;
    dirty.insert(nest);
    stores[rng() % stores.size()]->erase();
  }
  }
}

TEST(MemRefDependenceGraph, UpdatedGraphIsTheGraphBuiltAfresh) {
  GeneratorOptions options;
  options.minNests = 3, options.maxNests = 6;
  options.minAccesses = 6, options.maxAccesses = 12;
  int edits = 0;
  for (uint64_t i = 0; i < 100; ++i) {
    std::string text = generateAffineProgram(programSeed(9100, i), options);
    auto m = parseModuleText(text);
    ASSERT_TRUE(m) << text;
    Block &block = body(*m);
    MemRefDependenceGraph g(block);
    std::mt19937 rng((unsigned)i);
    for (int round = 0; round < 4; ++round) {
      std::unordered_set<const Operation *> dirty;
      editOnce(block, rng, dirty);
      // A second edit before the update: changes accumulate.
      if (round % 2)
        editOnce(block, rng, dirty);
      g.update(dirty);
      ++edits;
      std::ostringstream updated, fresh;
      g.print(updated);
      MemRefDependenceGraph scratch(block);
      scratch.print(fresh);
      ASSERT_EQ(updated.str(), fresh.str()) << text << "round " << round;
      for (const MdgNode &a : scratch.getNodes()) {
        ASSERT_EQ(g.getNode(a.op)->id, a.id) << text;
        for (const MdgNode &b : scratch.getNodes())
          ASSERT_EQ(g.hasEdge(a.id, b.id), scratch.hasEdge(a.id, b.id)) << text;
        for (Value *root : a.reads)
          ASSERT_EQ(g.getNodesTouching(root), scratch.getNodesTouching(root))
              << text;
      }
    }
  }
  EXPECT_GE(edits, 400);
}

} // namespace

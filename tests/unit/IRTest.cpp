// Tests of the transform-ready IR (frontend/ir/IR.h, Builder.h, Ops.h and
// frontend/transform/utils): building ops through their typed views,
// cloning, erasing during walks, moving, use lists and RAUW, block
// arguments, splitting and inlining blocks, and replaceAllMemRefUsesWith
// with an index remap. Each result is verified and printed; MLIR 19's
// mlir-opt must parse what is printed, and whole programs must print under
// affjit what they print under MLIR's own lowering and runner (run-mlir).
#include "frontend/ir/Ops.h"
#include "frontend/parse/Parser.h"
#include "frontend/print/Printer.h"
#include "frontend/transform/utils/LoopUtils.h"
#include "frontend/transform/utils/MemRefRemap.h"
#include "frontend/verify/Verifier.h"
#include "support/BruteForceAccesses.h"
#include "support/MlirOracle.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace affjit;
using namespace affjit::test;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Parses and verifies `text`, failing the test with the diagnostics.
std::unique_ptr<ParsedModule> parse(const std::string &text) {
  std::string errors;
  auto p = parseModuleText(text, &errors);
  if (!p)
    ADD_FAILURE() << "input does not parse: " << errors;
  return p;
}

/// Verifies `module` (failing the test with the diagnostics otherwise) and
/// prints it.
std::string verifiedText(const Module &module) {
  DiagnosticEngine diag;
  bool ok = verifyModule(module, diag);
  std::ostringstream errors;
  diag.print(errors);
  EXPECT_TRUE(ok) << errors.str();
  std::ostringstream os;
  printModule(module, os);
  return os.str();
}

/// The function's body as printed, for comparing shapes compactly.
std::string printed(const Module &module) {
  std::ostringstream os;
  printModule(module, os);
  return os.str();
}

/// What `affjit run` prints for `text`, addresses masked.
std::string affjitRun(const std::string &text) {
  std::string path = writeTempFile(text);
  CommandResult r =
      runCommand(shellQuote(affjitBinary()) + " run " + shellQuote(path));
  EXPECT_EQ(r.exitCode, 0) << r.err;
  return maskMemrefAddresses(r.out);
}

/// Checks that mlir-opt accepts `text` and, when run-mlir is available,
/// that MLIR's runner prints what affjit prints.
void expectSameRunAsMlir(const std::string &text) {
  std::string path = writeTempFile(text);
  std::string diagnostics;
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not installed";
  ASSERT_TRUE(mlirAccepts(path, &diagnostics)) << diagnostics << text;
  std::string ours = affjitRun(text);
  if (!std::filesystem::exists(runMlirScript()))
    GTEST_SKIP() << "run-mlir not found next to the source tree";
  CommandResult theirs = runCommand(shellQuote(runMlirScript()) + " " +
                                    shellQuote(path) + " 2>&1");
  ASSERT_EQ(theirs.exitCode, 0) << theirs.out;
  EXPECT_EQ(ours, maskMemrefAddresses(theirs.out)) << text;
}

Type f32() { return Type::f32(); }

/// arith ops without a typed view, through OperationState.
Value *createArith(OpBuilder &b, const char *name, std::vector<Value *> ops,
                   Type resultType) {
  OperationState state(name, b.getLoc());
  state.operands = std::move(ops);
  state.types.push_back(resultType);
  if (std::string_view(name) == "arith.addf" ||
      std::string_view(name) == "arith.mulf")
    state.addAttr("fastmath", Attribute::opaque("#arith.fastmath<none>"));
  if (std::string_view(name) == "arith.addi")
    state.addAttr("overflowFlags", Attribute::opaque("#arith.overflow<none>"));
  return b.create(state)->getResult(0);
}

/// `float(i) * scale` for an index `i`.
Value *indexToFloat(OpBuilder &b, Value *i, float scale) {
  Value *asInt = createArith(b, "arith.index_cast", {i}, Type::integer(64));
  Value *asFloat = createArith(b, "arith.sitofp", {asInt}, f32());
  Value *c =
      ConstantOp::create(b, Attribute::floating(scale, f32())).getResult();
  return createArith(b, "arith.mulf", {asFloat, c}, f32());
}

/// `func.call @printMemrefF32(memref.cast %m)` and its declaration.
void printMemref(OpBuilder &b, Value *memref) {
  OperationState cast("memref.cast", b.getLoc());
  cast.operands.push_back(memref);
  cast.types.push_back(Type::unrankedMemref(f32()));
  Value *unranked = b.create(cast)->getResult(0);
  OperationState call("func.call", b.getLoc());
  call.operands.push_back(unranked);
  call.addAttr("callee", Attribute::symbolRef("printMemrefF32"));
  b.create(call);
}

void declarePrintMemref(Module &m) {
  OpBuilder top(&m.getBody());
  FuncOp::create(top, "printMemrefF32",
                 Type::function({Type::unrankedMemref(f32())}, {}),
                 /*isDeclaration=*/true);
}

/// A module with `func @main()` whose body is empty but for func.return;
/// the builder inserts before the return.
struct MainBuilder {
  Module module;
  FuncOp main;
  OpBuilder b{&module.getBody()};

  MainBuilder() {
    declarePrintMemref(module);
    main = FuncOp::create(b, "main", Type::function({}, {}));
    b.setInsertionPointToEnd(main.getBody());
    ReturnOp ret = ReturnOp::create(b);
    b.setInsertionPoint(ret.getOperation());
  }
};

/// Fills `memref<Nxf32>` with `float(i) * scale` in a new loop.
AffineForOp fillLoop(OpBuilder &b, Value *memref, int64_t n, float scale) {
  AffineForOp loop = AffineForOp::create(b, 0, n);
  OpBuilder body = OpBuilder::atBlockTerminator(loop.getBody());
  Value *v = indexToFloat(body, loop.getInductionVar(), scale);
  AffineStoreOp::create(body, v, memref, {loop.getInductionVar()});
  return loop;
}

//===----------------------------------------------------------------------===//
// Building with typed views
//===----------------------------------------------------------------------===//

TEST(IRBuild, WholeProgramRunsLikeMlir) {
  MainBuilder mb;
  OpBuilder &b = mb.b;
  Value *a = AllocOp::create(b, Type::memref({8}, f32())).getMemRef();
  Value *out = AllocOp::create(b, Type::memref({8}, f32())).getMemRef();
  fillLoop(b, a, 8, 0.5f);
  // out[i] = sum over j in [0, i] of a[j], through iter_args.
  AffineForOp outer = AffineForOp::create(b, 0, 8);
  OpBuilder ob = OpBuilder::atBlockTerminator(outer.getBody());
  Value *zero =
      ConstantOp::create(ob, Attribute::floating(0.0, f32())).getResult();
  Value *i = outer.getInductionVar();
  AffineForOp inner = AffineForOp::create(
      ob, AffineMap::getConstant(0), {},
      AffineMap::get(1, 0, {AffineExpr::dim(0) + 1}), {i}, 1, {zero});
  OpBuilder ib = OpBuilder::atBlockTerminator(inner.getBody());
  Value *x = AffineLoadOp::create(ib, a, {inner.getInductionVar()}).getResult();
  Value *sum =
      createArith(ib, "arith.addf", {inner.getRegionIterArgs()[0], x}, f32());
  inner.getYield()->setOperands({sum});
  AffineStoreOp::create(ob, inner.getResults()[0], out, {i});
  printMemref(b, out);
  DeallocOp::create(b, a);
  DeallocOp::create(b, out);

  std::string text = verifiedText(mb.module);
  EXPECT_NE(text.find("iter_args"), std::string::npos) << text;
  std::string printedOut = affjitRun(text);
  EXPECT_EQ(printedOut.substr(printedOut.find('\n') + 1),
            "[0,  0.5,  1.5,  3,  5,  7.5,  10.5,  14]\n");
  expectSameRunAsMlir(text);
}

TEST(IRBuild, EachTypedViewCreatesVerifiedOps) {
  MainBuilder mb;
  OpBuilder &b = mb.b;
  Value *m = AllocaOp::create(b, Type::memref({4, 8}, f32())).getMemRef();
  Value *c1 = ConstantOp::createIndex(b, 1).getResult();
  AffineParallelOp par = AffineParallelOp::create(
      b, {}, {}, {AffineMap::getConstant(0), AffineMap::getConstant(0)}, {},
      {AffineMap::getConstant(4), AffineMap::getConstant(8)}, {}, {1, 2});
  OpBuilder pb = OpBuilder::atBlockTerminator(par.getBody());
  Value *i = par.getIVs()[0], *j = par.getIVs()[1];
  Value *ap =
      AffineApplyOp::create(
          pb,
          AffineMap::get(2, 0, {AffineExpr::dim(0) * 2 + AffineExpr::dim(1)}),
          {i, j})
          .getResult();
  Value *mn =
      AffineMinOp::create(
          pb,
          AffineMap::get(1, 0, {AffineExpr::dim(0), AffineExpr::constant(7)}),
          {ap})
          .getResult();
  AffineMaxOp::create(
      pb, AffineMap::get(1, 1, {AffineExpr::dim(0), AffineExpr::symbol(0)}),
      {mn, c1});
  IntegerSet set =
      IntegerSet::get(1, 0, {AffineExpr::dim(0) - 1}, {false}); // i >= 1
  AffineIfOp ifOp = AffineIfOp::create(pb, set, {i}, {}, /*withElse=*/true);
  OpBuilder tb = OpBuilder::atBlockTerminator(ifOp.getThenBlock());
  Value *vec =
      AffineVectorLoadOp::create(tb, Type::vector({2}, f32()), m,
                                 AffineMap::getMultiDimIdentity(2), {i, j})
          .getResult();
  AffineVectorStoreOp::create(tb, vec, m, AffineMap::getMultiDimIdentity(2),
                              {i, j});
  OpBuilder eb = OpBuilder::atBlockTerminator(ifOp.getElseBlock());
  Value *pad =
      ConstantOp::create(eb, Attribute::floating(0.0, f32())).getResult();
  TransferReadOp rd =
      TransferReadOp::create(eb, Type::vector({2}, f32()), m, {i, j}, pad);
  TransferWriteOp::create(eb, rd.getResult(), m, {i, j});
  ReductionOp red = ReductionOp::create(eb, "add", rd.getResult());
  AffineStoreOp::create(eb, red.getResult(), m, {i, j});
  Type strided = Type::stridedMemref({2, 4}, f32(), {8, 1}, 8);
  SubViewOp sv =
      SubViewOp::create(b, strided, m, {1, 0}, {}, {2, 4}, {}, {1, 1}, {});

  std::string text = verifiedText(mb.module);
  EXPECT_NE(text.find("affine.parallel (%arg0, %arg1) = (0, 0) to (4, 8) "
                      "step (1, 2)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("vector.transfer_read %0[%arg0, %arg1], %6 "
                      ": memref<4x8xf32>, vector<2xf32>"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("vector.reduction <add>"), std::string::npos) << text;
  EXPECT_NE(text.find("memref.subview %0[1, 0] [2, 4] [1, 1]"),
            std::string::npos)
      << text;
  // Accessors read back what was built.
  EXPECT_EQ(par.getNumDims(), 2u);
  EXPECT_EQ(par.getSteps(), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(par.getUpperBoundMap(1), AffineMap::getConstant(8));
  EXPECT_EQ(rd.getIndices(), (std::vector<Value *>{i, j}));
  EXPECT_EQ(rd.getPadding(), pad);
  EXPECT_EQ(rd.getMask(), nullptr);
  EXPECT_EQ(rd.getInBounds(), (std::vector<bool>{false}));
  EXPECT_EQ(red.getKind(), "add");
  EXPECT_EQ(sv.getStaticOffsets(), (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(sv.getSource(), m);
  EXPECT_TRUE(isa<AffineIfOp>(ifOp.getOperation()));
  EXPECT_FALSE(dyn_cast<AffineForOp>(ifOp.getOperation()));
  std::string path = writeTempFile(text);
  std::string diagnostics;
  if (mlirAvailable()) {
    EXPECT_TRUE(mlirAccepts(path, &diagnostics)) << diagnostics << text;
  }
}

TEST(IRBuild, ForBoundSettersKeepOperandSegments) {
  auto p = parse(R"(
func.func @f(%A: memref<100xf32>, %n: index, %m: index) {
  %cst = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to %n iter_args(%acc = %cst) -> (f32) {
    %v = affine.load %A[%i] : memref<100xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  return
})");
  ASSERT_TRUE(p);
  AffineForOp loop;
  walkOps<AffineForOp>(p->module->getOperation(),
                       [&](AffineForOp f) { loop = f; });
  ASSERT_TRUE(loop);
  Value *n = loop.getUpperBoundOperands()[0];
  Value *mArg = n->getParentBlock()->getArgument(2);
  loop.setLowerBound(AffineMap::get(0, 1, {AffineExpr::symbol(0)}), {mArg});
  loop.setUpperBound(
      AffineMap::get(0, 2, {AffineExpr::symbol(0), AffineExpr::symbol(1)}),
      {n, mArg});
  loop.setStep(4);
  EXPECT_EQ(loop.getLowerBoundOperands(), (std::vector<Value *>{mArg}));
  EXPECT_EQ(loop.getUpperBoundOperands(), (std::vector<Value *>{n, mArg}));
  ASSERT_EQ(loop.getInits().size(), 1u);
  EXPECT_TRUE(isa<ConstantOp>(loop.getInits()[0]->getDefiningOp()));
  std::string text = verifiedText(*p->module);
  EXPECT_NE(text.find("affine.for %arg3 = %arg2 to min affine_map<()[s0, "
                      "s1] -> (s0, s1)>()[%arg1, %arg2] step 4 "
                      "iter_args(%arg4 = %0) -> (f32)"),
            std::string::npos)
      << text;
}

//===----------------------------------------------------------------------===//
// Walks, erase, move, clone
//===----------------------------------------------------------------------===//

const char *kThreeNests = R"(
func.func @f(%A: memref<10xf32>, %B: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %v = affine.load %A[%j] : memref<10xf32>
      affine.store %v, %B[%i] : memref<10xf32>
    }
  }
  affine.for %k = 0 to 5 {
    %w = affine.load %B[%k] : memref<10xf32>
    affine.store %w, %A[%k] : memref<10xf32>
  }
  affine.for %l = 0 to 3 {
  }
  return
})";

TEST(IRWalk, PostOrderVisitsChildrenFirstAndPreOrderParentsFirst) {
  auto p = parse(kThreeNests);
  ASSERT_TRUE(p);
  std::vector<std::string> post, pre;
  Operation *func = &p->module->getBody().front();
  func->walk([&](Operation *op) { post.push_back(op->getName()); });
  func->walk<WalkOrder::PreOrder>(
      [&](Operation *op) { pre.push_back(op->getName()); });
  std::vector<std::string> expectedPost = {
      "affine.load",  "affine.store", "affine.yield", "affine.for",
      "affine.yield", "affine.for",   "affine.load",  "affine.store",
      "affine.yield", "affine.for",   "affine.yield", "affine.for",
      "func.return",  "func.func"};
  std::vector<std::string> expectedPre = {
      "func.func",    "affine.for",   "affine.for",   "affine.load",
      "affine.store", "affine.yield", "affine.yield", "affine.for",
      "affine.load",  "affine.store", "affine.yield", "affine.for",
      "affine.yield", "func.return"};
  EXPECT_EQ(post, expectedPost);
  EXPECT_EQ(pre, expectedPre);
}

TEST(IRWalk, SkipAndInterrupt) {
  auto p = parse(kThreeNests);
  ASSERT_TRUE(p);
  Operation *func = &p->module->getBody().front();
  int loads = 0;
  func->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op->isa("affine.for") && AffineForOp(op).getConstantUpperBound() == 10)
      return WalkResult::skip(); // the first nest
    loads += op->isa("affine.load");
    return WalkResult::advance();
  });
  EXPECT_EQ(loads, 1);
  int visited = 0;
  WalkResult r = func->walk([&](Operation *op) {
    ++visited;
    return op->isa("affine.store") ? WalkResult::interrupt()
                                   : WalkResult::advance();
  });
  EXPECT_TRUE(r.wasInterrupted());
  EXPECT_EQ(visited, 2); // load, then the store that stops the walk
}

TEST(IRWalk, ErasingLoopsDuringPostOrderWalk) {
  auto p = parse(kThreeNests);
  ASSERT_TRUE(p);
  // Erase every loop that writes %A, and every empty loop: the callback
  // erases the op it is visiting, which has ops nested inside.
  p->module->getOperation()->walk([&](Operation *op) {
    AffineForOp loop = dyn_cast<AffineForOp>(op);
    if (!loop)
      return;
    bool writesA = false, empty = loop.getBody()->getOperations().size() == 1;
    op->walk([&](Operation *inner) {
      if (AffineStoreOp st = dyn_cast<AffineStoreOp>(inner))
        writesA |= st.getMemRef()->getIndex() == 0;
    });
    if (writesA || empty)
      op->erase();
  });
  std::string text = verifiedText(*p->module);
  EXPECT_EQ(text.find("affine.for %arg2 = 0 to 5"), std::string::npos) << text;
  EXPECT_EQ(text.find("to 3"), std::string::npos) << text;
  EXPECT_NE(text.find("affine.store %0, %arg1[%arg2]"), std::string::npos)
      << text;
}

TEST(IRWalkDeathTest, ErasingAnOpWithUsesStops) {
  auto p = parse(kThreeNests);
  ASSERT_TRUE(p);
  Operation *load = nullptr;
  p->module->getOperation()->walk([&](Operation *op) {
    if (!load && op->isa("affine.load"))
      load = op;
  });
  ASSERT_TRUE(load);
  EXPECT_DEATH(load->erase(), "erasing 'affine.load' whose result #0 still "
                              "has 1 use");
}

TEST(IRMove, MoveBeforeAfterToEndAndOrder) {
  auto p = parse(kThreeNests);
  ASSERT_TRUE(p);
  Block *body = FuncOp(&p->module->getBody().front()).getBody();
  auto loops = opsOfType<AffineForOp>(*body);
  ASSERT_EQ(loops.size(), 3u);
  Operation *a = loops[0].getOperation(), *b = loops[1].getOperation(),
            *c = loops[2].getOperation();
  EXPECT_TRUE(a->isBeforeInBlock(b));
  EXPECT_TRUE(b->isBeforeInBlock(c));
  c->moveBefore(a); // c a b
  EXPECT_TRUE(c->isBeforeInBlock(a));
  EXPECT_TRUE(c->isBeforeInBlock(b));
  a->moveAfter(b); // c b a
  EXPECT_TRUE(b->isBeforeInBlock(a));
  a->moveBefore(a); // in place: nothing moves
  a->moveAfter(b);
  c->moveBefore(b); // where it already is
  EXPECT_EQ(c->getNextNode(), b);
  EXPECT_EQ(b->getNextNode(), a);
  c->moveToEnd(body, /*beforeTerminator=*/true); // b a c return
  EXPECT_TRUE(a->isBeforeInBlock(c));
  EXPECT_EQ(c->getNextNode(), body->getTerminator());
  Operation *store = nullptr;
  b->walk([&](Operation *op) {
    if (op->isa("affine.store"))
      store = op;
  });
  Operation *inner = store->getParentOp();
  EXPECT_EQ(store->findAncestorOpInBlock(*body), b);
  EXPECT_EQ(store->getParentWithName("affine.for"), inner);
  EXPECT_EQ(inner->getParentWithName("func.func"), body->getParentOp());
  std::string text = verifiedText(*p->module);
  EXPECT_LT(text.find("to 5"), text.find("to 10")) << text;
  EXPECT_LT(text.find("to 10"), text.find("to 3")) << text;
}

TEST(IRClone, CloneMapsNestedValues) {
  auto p = parse(kThreeNests);
  ASSERT_TRUE(p);
  Block *body = FuncOp(&p->module->getBody().front()).getBody();
  AffineForOp first = opsOfType<AffineForOp>(*body)[0];
  std::unordered_map<Value *, Value *> mapping;
  Value *argA = body->getArgument(0), *argB = body->getArgument(1);
  mapping[argA] = argB; // the clone reads %B and writes %B
  OpBuilder b = OpBuilder::after(first.getOperation());
  AffineForOp copy = AffineForOp(b.clone(*first.getOperation(), mapping));
  EXPECT_EQ(mapping.at(first.getInductionVar()), copy.getInductionVar());
  EXPECT_EQ(argA->getNumUses(), 2u); // the original load and the k-nest store
  std::string text = verifiedText(*p->module);
  EXPECT_NE(text.find("%1 = affine.load %arg1[%arg5]"), std::string::npos)
      << text;
}

//===----------------------------------------------------------------------===//
// Use lists and RAUW
//===----------------------------------------------------------------------===//

TEST(IRUses, UseListsStayConsistentUnderRandomEdits) {
  // 2,000 users of two values; operands flip between them in random order
  // and each value's uses are counted against an independent tally.
  Module m;
  OpBuilder b(&m.getBody());
  Value *x = ConstantOp::createIndex(b, 1).getResult();
  Value *y = ConstantOp::createIndex(b, 2).getResult();
  std::vector<Operation *> users;
  for (int i = 0; i < 2000; ++i)
    users.push_back(
        AffineApplyOp::create(
            b,
            AffineMap::get(0, 2,
                           {AffineExpr::symbol(0) + AffineExpr::symbol(1)}),
            {x, x})
            .getOperation());
  std::vector<std::vector<int>> onX(2000, {1, 1});
  std::mt19937 rng(7);
  for (int step = 0; step < 20000; ++step) {
    int u = (int)(rng() % 2000), k = (int)(rng() % 2);
    bool toX = rng() % 2;
    users[u]->setOperand(k, toX ? x : y);
    onX[u][k] = toX;
  }
  size_t expectX = 0;
  for (auto &v : onX)
    expectX += v[0] + v[1];
  EXPECT_EQ(x->getNumUses(), expectX);
  EXPECT_EQ(y->getNumUses(), 4000 - expectX);
  size_t walked = 0;
  for (Use use : x->getUses()) {
    EXPECT_EQ(use.user->getOperand(use.index), x);
    ++walked;
  }
  EXPECT_EQ(walked, expectX);
  y->replaceAllUsesWith(x);
  EXPECT_EQ(x->getNumUses(), 4000u);
  EXPECT_TRUE(y->use_empty());
  // Erasing users removes their uses one at a time.
  for (int i = 0; i < 1000; ++i)
    users[i]->erase();
  EXPECT_EQ(x->getNumUses(), 2000u);
}

TEST(IRUses, ReplaceUsesWithIfAndExcept) {
  auto p = parse(R"(
func.func @f(%A: memref<10xf32>, %n: index, %m: index) {
  affine.for %i = 0 to %n {
    %v = affine.load %A[symbol(%n)] : memref<10xf32>
    affine.store %v, %A[symbol(%n) - 1] : memref<10xf32>
  }
  return
})");
  ASSERT_TRUE(p);
  Block *body = FuncOp(&p->module->getBody().front()).getBody();
  Value *n = body->getArgument(1), *mArg = body->getArgument(2);
  EXPECT_EQ(n->getNumUses(), 3u);
  AffineForOp loop = opsOfType<AffineForOp>(*body)[0];
  n->replaceAllUsesExcept(mArg, loop.getOperation());
  EXPECT_EQ(n->getNumUses(), 1u);
  EXPECT_EQ(mArg->getNumUses(), 2u);
  mArg->replaceUsesWithIf(
      n, [](OpOperand &use) { return use.getOwner()->isa("affine.store"); });
  std::string text = verifiedText(*p->module);
  EXPECT_NE(text.find("affine.load %arg0[symbol(%arg2)]"), std::string::npos)
      << text;
  EXPECT_NE(text.find("affine.store %0, %arg0[symbol(%arg1) - 1]"),
            std::string::npos)
      << text;
}

//===----------------------------------------------------------------------===//
// Blocks: arguments, split, inline
//===----------------------------------------------------------------------===//

TEST(IRBlocks, AddAnIterArgByRebuildingTheLoop) {
  // Scalar replacement's shape: a loop summing into memory becomes a loop
  // carrying the sum, with the body moved into the new loop.
  const char *text = R"(
func.func @main() {
  %A = memref.alloc() : memref<8xf32>
  %S = memref.alloc() : memref<1xf32>
  %z = arith.constant 0.0 : f32
  affine.store %z, %S[0] : memref<1xf32>
  affine.for %i = 0 to 8 {
    %c = arith.index_cast %i : index to i64
    %f = arith.sitofp %c : i64 to f32
    affine.store %f, %A[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xf32>
    %s = affine.load %S[0] : memref<1xf32>
    %t = arith.addf %s, %a : f32
    affine.store %t, %S[0] : memref<1xf32>
  }
  %cast = memref.cast %S : memref<1xf32> to memref<*xf32>
  call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)
)";
  auto p = parse(text);
  ASSERT_TRUE(p);
  std::string before = affjitRun(verifiedText(*p->module));
  Block *body = FuncOp(p->module->lookupSymbol("main")).getBody();
  AffineForOp old = opsOfType<AffineForOp>(*body)[1];
  Value *S = body->getOperations().begin()->get()->getNextNode()->getResult(0);
  OpBuilder b = OpBuilder::before(old.getOperation());
  Value *init =
      AffineLoadOp::create(b, S, AffineMap::getConstant(0), {}).getResult();
  AffineForOp loop = AffineForOp::create(b, 0, 8, 1, {init});
  // Move the old body in, before the new loop's yield; the old induction
  // variable becomes the new one.
  Block *oldBody = old.getBody();
  old.getYield()->erase();
  oldBody->inlineBefore(loop.getBody(), loop.getYield().getOperation(),
                        {loop.getInductionVar()});
  // The carried value replaces the load and store of %S.
  Operation *loadS = nullptr, *storeS = nullptr;
  for (auto &op : loop.getBody()->getOperations()) {
    if (op->isa("affine.load") && op->getOperand(0) == S)
      loadS = op.get();
    if (op->isa("affine.store") && op->getOperand(1) == S)
      storeS = op.get();
  }
  ASSERT_TRUE(loadS && storeS);
  loadS->getResult(0)->replaceAllUsesWith(loop.getRegionIterArgs()[0]);
  loop.getYield()->setOperands({storeS->getOperand(0)});
  loadS->erase();
  storeS->erase();
  old->erase();
  b.setInsertionPointAfter(loop.getOperation()); // `old` was the point
  AffineStoreOp::create(b, loop.getResults()[0], S, AffineMap::getConstant(0),
                        {});
  EXPECT_EQ(loop.getBody()->getNumArguments(), 2u);
  std::string after = verifiedText(*p->module);
  EXPECT_NE(after.find("iter_args"), std::string::npos) << after;
  EXPECT_EQ(affjitRun(after), before);
  expectSameRunAsMlir(after);
}

TEST(IRBlocks, AddIterArgsKeepsBodyAndResults) {
  auto p = parse(R"(
func.func @f(%A: memref<8xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 8 iter_args(%acc = %z) -> (f32) {
    %a = affine.load %A[%i] : memref<8xf32>
    %s = arith.addf %acc, %a : f32
    affine.yield %s : f32
  }
  return %r : f32
})");
  ASSERT_TRUE(p);
  AffineForOp loop;
  walkOps<AffineForOp>(p->module->getOperation(),
                       [&](AffineForOp f) { loop = f; });
  Value *z = loop.getInits()[0];
  AffineForOp wider = addIterArgs(loop, {z, z});
  EXPECT_EQ(wider.getNumIterArgs(), 3u);
  EXPECT_EQ(wider.getRegionIterArgs().size(), 3u);
  FuncOp func = wider->getParentOfType<FuncOp>();
  ASSERT_TRUE(func);
  EXPECT_EQ(func.getName(), "f");
  std::string text = verifiedText(*p->module);
  EXPECT_NE(text.find("%1:3 = affine.for %arg1 = 0 to 8 iter_args(%arg2 = "
                      "%0, %arg3 = %0, %arg4 = %0) -> (f32, f32, f32)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("affine.yield %3, %arg3, %arg4 : f32, f32, f32"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("return %1#0 : f32"), std::string::npos) << text;
}

TEST(IRBlocks, InsertAndEraseArguments) {
  Module m;
  OpBuilder b(&m.getBody());
  AffineForOp loop = AffineForOp::create(b, 0, 4);
  Block *body = loop.getBody();
  Value *iv = body->getArgument(0);
  Value *mid = body->insertArgument(0, Type::f32());
  Value *last = body->addArgument(Type::integer(32));
  ASSERT_EQ(body->getNumArguments(), 3u);
  EXPECT_EQ(mid->getIndex(), 0u);
  EXPECT_EQ(iv->getIndex(), 1u);
  EXPECT_EQ(last->getIndex(), 2u);
  body->eraseArgument(0);
  EXPECT_EQ(iv->getIndex(), 0u);
  EXPECT_EQ(body->getArgument(1), last);
}

TEST(IRBlocks, SplitThenInlineRestoresTheBlock) {
  auto p = parse(kThreeNests);
  ASSERT_TRUE(p);
  std::string original = printed(*p->module);
  Block *body = FuncOp(&p->module->getBody().front()).getBody();
  AffineForOp second = opsOfType<AffineForOp>(*body)[1];
  Block *tail = body->splitBefore(second.getOperation());
  EXPECT_EQ(second->getBlock(), tail);
  EXPECT_EQ(body->getOperations().size(), 1u);
  EXPECT_EQ(tail->getOperations().size(), 3u);
  EXPECT_EQ(body->getTerminator(), nullptr); // a for is no terminator
  tail->inlineBefore(body, nullptr, {});
  EXPECT_TRUE(tail->empty());
  EXPECT_EQ(second->getBlock(), body);
  EXPECT_TRUE(body->front().isBeforeInBlock(second.getOperation()));
}

//===----------------------------------------------------------------------===//
// replaceAllMemRefUsesWith
//===----------------------------------------------------------------------===//

const char *kRemapProgram = R"(
func.func @main() {
  %A = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  affine.for %i = 0 to 16 {
    %c = arith.index_cast %i : index to i64
    %f = arith.sitofp %c : i64 to f32
    affine.store %f, %A[%i] : memref<16xf32>
  }
  affine.for %i = 0 to 16 {
    %a = affine.load %A[15 - %i] : memref<16xf32>
    %b = affine.load %A[%i] : memref<16xf32>
    %s = arith.addf %a, %b : f32
    %t = arith.addf %s, %b : f32
    affine.store %t, %out[%i] : memref<16xf32>
  }
  %cast = memref.cast %out : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<16xf32>
  return
}
func.func private @printMemrefF32(memref<*xf32>)
)";

TEST(IRMemRefRemap, ToA2DBufferWithARemap) {
  auto p = parse(kRemapProgram);
  ASSERT_TRUE(p);
  std::string before = affjitRun(printed(*p->module));
  Block *body = FuncOp(p->module->lookupSymbol("main")).getBody();
  Value *A = body->front().getResult(0);
  OpBuilder b = OpBuilder::before(&body->front());
  Value *B = AllocOp::create(b, Type::memref({4, 4}, f32())).getMemRef();
  MemRefIndexRemap remap;
  remap.indexRemap = AffineMap::get(
      1, 0, {AffineExpr::dim(0).floorDiv(4), AffineExpr::dim(0).mod(4)});
  remap.replaceInDeallocOp = true;
  std::string why;
  ASSERT_TRUE(replaceAllMemRefUsesWith(A, B, remap, &why)) << why;
  EXPECT_TRUE(A->use_empty());
  A->getDefiningOp()->erase();
  std::string after = verifiedText(*p->module);
  EXPECT_NE(after.find("affine.load %0[(-%arg1 + 15) floordiv 4, "
                       "(-%arg1 + 15) mod 4] : memref<4x4xf32>"),
            std::string::npos)
      << after;
  EXPECT_NE(after.find("memref.dealloc %0 : memref<4x4xf32>"),
            std::string::npos)
      << after;
  EXPECT_EQ(affjitRun(after), before);
  expectSameRunAsMlir(after);
}

TEST(IRMemRefRemap, ExtraIndicesAndFilters) {
  auto p = parse(kRemapProgram);
  ASSERT_TRUE(p);
  std::string before = affjitRun(printed(*p->module));
  Block *body = FuncOp(p->module->lookupSymbol("main")).getBody();
  Value *A = body->front().getResult(0);
  auto loops = opsOfType<AffineForOp>(*body);
  OpBuilder b = OpBuilder::before(&body->front());
  Value *B = AllocOp::create(b, Type::memref({2, 16}, f32())).getMemRef();
  Value *one = ConstantOp::createIndex(b, 1).getResult();
  // Row 1 of %B replaces %A in two steps split by position: first the
  // uses after the fill loop, then the uses before the reading loop.
  MemRefIndexRemap second;
  second.extraIndices = {one};
  second.domOpFilter = loops[0].getOperation();
  ASSERT_TRUE(replaceAllMemRefUsesWith(A, B, second));
  MemRefIndexRemap first;
  first.extraIndices = {one};
  first.postDomOpFilter = loops[1].getOperation();
  ASSERT_TRUE(replaceAllMemRefUsesWith(A, B, first));
  // Only the dealloc is left on %A.
  ASSERT_EQ(A->getNumUses(), 1u);
  EXPECT_TRUE(A->getUses().front().user->isa("memref.dealloc"));
  std::string after = verifiedText(*p->module);
  EXPECT_NE(after.find("affine.store %5, %0[1, %arg0] : memref<2x16xf32>"),
            std::string::npos)
      << after;
  EXPECT_EQ(affjitRun(after), before);
  expectSameRunAsMlir(after);
}

TEST(IRMemRefRemap, RefusesNonAffineUsesAndChangesNothing) {
  auto p = parse(kRemapProgram);
  ASSERT_TRUE(p);
  std::string original = printed(*p->module);
  Block *body = FuncOp(p->module->lookupSymbol("main")).getBody();
  Value *out = body->front().getNextNode()->getResult(0);
  OpBuilder b = OpBuilder::before(&body->front());
  Value *B = AllocOp::create(b, Type::memref({16, 1}, f32())).getMemRef();
  MemRefIndexRemap remap;
  remap.indexRemap =
      AffineMap::get(1, 0, {AffineExpr::dim(0), AffineExpr::constant(0)});
  std::string why;
  EXPECT_FALSE(replaceAllMemRefUsesWith(out, B, remap, &why));
  EXPECT_EQ(why, "'memref.cast' is not an affine access");
  B->getDefiningOp()->erase();
  EXPECT_EQ(printed(*p->module), original);
}

//===----------------------------------------------------------------------===//
// Loop utilities
//===----------------------------------------------------------------------===//

TEST(IRLoopUtils, TripCountsAndPerfectNests) {
  auto p = parse(R"(
func.func @f(%A: memref<100xf32>, %n: index) {
  affine.for %i = 0 to 10 step 3 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 4)>(%i) {
      affine.for %k = max affine_map<(d0) -> (d0, 2)>(%j) to 50 {
        %v = affine.load %A[%k] : memref<100xf32>
      }
    }
  }
  affine.for %i = 5 to min affine_map<()[s0] -> (s0, 7)>()[%n] {
  }
  affine.for %i = 5 to min affine_map<()[s0] -> (12, 7)>()[%n] step 2 {
  }
  affine.for %i = 9 to 3 {
  }
  return
})");
  ASSERT_TRUE(p);
  Block *body = FuncOp(&p->module->getBody().front()).getBody();
  auto top = opsOfType<AffineForOp>(*body);
  ASSERT_EQ(top.size(), 4u);
  auto band = getPerfectlyNestedLoops(top[0]);
  ASSERT_EQ(band.size(), 3u);
  EXPECT_EQ(getConstantTripCount(band[0]), 4u);
  EXPECT_EQ(getConstantTripCount(band[1]), 4u); // %i to %i + 4
  EXPECT_EQ(getConstantTripCount(band[2]), std::nullopt);
  EXPECT_EQ(getConstantTripCount(top[1]), std::nullopt);
  EXPECT_EQ(getConstantTripCount(top[2]), 1u);
  EXPECT_EQ(getConstantTripCount(top[3]), 0u);
}

} // namespace

// Tests of the loop-level analyses (frontend/analysis/LoopParallelism.h and
// ReductionDetection.h): parallel loops, the depths that carry dependences
// and iter_arg reductions on small programs, each answer checked against a
// brute-force execution of the loop structure, and against MLIR 19's
// `mlir-opt --affine-parallelize` (which turns exactly the affine.for loops
// it finds parallel into affine.parallel) on the same programs and on
// generated ones.
#include "frontend/analysis/LoopParallelism.h"
#include "frontend/analysis/ReductionDetection.h"
#include "frontend/parse/Parser.h"
#include "frontend/verify/Verifier.h"
#include "support/RandomAffineProgram.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

using namespace affjit;
using namespace affjit::test;

namespace {

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

struct Program {
  SourceBuffer source;
  std::unique_ptr<Module> module;
  std::string errors;

  /// Every affine.for, in pre-order (the order mlir-opt keeps).
  std::vector<Operation *> loops() const {
    std::vector<Operation *> out;
    module->getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op->isa("affine.for"))
        out.push_back(op);
    });
    return out;
  }
  /// The first op named `name`, in pre-order.
  Operation *first(std::string_view name) const {
    Operation *found = nullptr;
    module->getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (!found && op->isa(name))
        found = op;
    });
    return found;
  }
};

std::unique_ptr<Program> parse(const std::string &text) {
  auto p = std::make_unique<Program>();
  p->source = {std::make_shared<const std::string>("test.mlir"), text};
  DiagnosticEngine diag;
  diag.setSource(&p->source);
  p->module = parseModule(p->source, diag);
  if (p->module && !verifyModule(*p->module, diag))
    p->module.reset();
  std::ostringstream os;
  diag.print(os);
  p->errors = os.str();
  return p;
}

std::vector<bool> ourParallelLoops(const Program &p) {
  std::vector<bool> out;
  for (Operation *loop : p.loops())
    out.push_back(isLoopParallel(loop));
  return out;
}

//===----------------------------------------------------------------------===//
// Brute force: run the loop structure, record every element accessed
//===----------------------------------------------------------------------===//

/// One execution of an access op.
struct Instance {
  Operation *op;
  Value *memref;
  bool isWrite;
  std::vector<int64_t> index;
  /// The affine.for loops around it, outermost first, and their IV values.
  std::vector<Operation *> loops;
  std::vector<int64_t> ivs;
};

/// Executes affine.for (bounds with min/max, steps), affine.if (with else),
/// affine.apply and index constants; records affine.load/store. Gives up
/// (ok = false) on values it cannot compute, such as function arguments.
class Executor {
public:
  bool run(Operation *func) {
    runBlock(func->getRegion(0).front());
    return ok;
  }
  std::vector<Instance> instances;

private:
  std::optional<int64_t> valueOf(Value *v) {
    auto it = env.find(v);
    if (it != env.end())
      return it->second;
    ok = false;
    return std::nullopt;
  }
  std::optional<std::vector<int64_t>>
  applyMap(const AffineMap &map, const std::vector<Value *> &operands) {
    std::vector<int64_t> dims, syms;
    for (size_t i = 0; i < operands.size(); ++i) {
      std::optional<int64_t> v = valueOf(operands[i]);
      if (!v)
        return std::nullopt;
      (i < map.getNumDims() ? dims : syms).push_back(*v);
    }
    auto r = map.evaluate(dims, syms);
    ok &= r.has_value();
    return r;
  }
  void runBlock(Block &block) {
    for (auto &op : block.getOperations())
      if (ok)
        runOp(op.get());
  }
  void runFor(Operation *op) {
    std::vector<int64_t> seg = op->getAttr("operandSegmentSizes").getInts();
    const std::vector<Value *> &all = op->getOperands();
    std::vector<Value *> lbOps(all.begin(), all.begin() + seg[0]);
    std::vector<Value *> ubOps(all.begin() + seg[0],
                               all.begin() + seg[0] + seg[1]);
    auto lbs = applyMap(op->getAttr("lowerBoundMap").getAffineMap(), lbOps);
    auto ubs = applyMap(op->getAttr("upperBoundMap").getAffineMap(), ubOps);
    if (!lbs || !ubs)
      return;
    int64_t lb = *std::max_element(lbs->begin(), lbs->end());
    int64_t ub = *std::min_element(ubs->begin(), ubs->end());
    int64_t step = op->getAttr("step").getInt();
    Block &body = op->getRegion(0).front();
    loops.push_back(op);
    ivs.push_back(0);
    for (int64_t iv = lb; iv < ub && ok; iv += step) {
      env[body.getArgument(0)] = iv;
      ivs.back() = iv;
      runBlock(body);
    }
    loops.pop_back();
    ivs.pop_back();
  }
  void runIf(Operation *op) {
    std::vector<int64_t> dims, syms;
    IntegerSet set = op->getAttr("condition").getIntegerSet();
    for (unsigned i = 0; i < op->getNumOperands(); ++i) {
      std::optional<int64_t> v = valueOf(op->getOperand(i));
      if (!v)
        return;
      (i < set.getNumDims() ? dims : syms).push_back(*v);
    }
    std::optional<bool> holds = set.evaluate(dims, syms);
    if (!holds) {
      ok = false;
      return;
    }
    Region &region = op->getRegion(*holds ? 0 : 1);
    if (!region.empty())
      runBlock(region.front());
  }
  void record(Operation *op, bool isWrite) {
    unsigned memrefAt = isWrite ? 1 : 0;
    std::vector<Value *> indices(op->getOperands().begin() + memrefAt + 1,
                                 op->getOperands().end());
    auto index = applyMap(op->getAttr("map").getAffineMap(), indices);
    if (index)
      instances.push_back(
          {op, op->getOperand(memrefAt), isWrite, *index, loops, ivs});
  }
  void runOp(Operation *op) {
    if (op->isa("affine.for"))
      runFor(op);
    else if (op->isa("affine.if"))
      runIf(op);
    else if (op->isa("affine.load"))
      record(op, false);
    else if (op->isa("affine.store"))
      record(op, true);
    else if (op->isa("affine.apply")) {
      auto r = applyMap(op->getAttr("map").getAffineMap(), op->getOperands());
      if (r)
        env[op->getResult(0)] = r->front();
    } else if (op->isa("arith.constant") &&
               op->getResult(0)->getType() == Type::index())
      env[op->getResult(0)] = op->getAttr("value").getInt();
  }

  std::unordered_map<const Value *, int64_t> env;
  std::vector<Operation *> loops;
  std::vector<int64_t> ivs;
  bool ok = true;
};

/// Position of `loop` among the loops of `inst`, or -1.
int loopPosition(const Instance &inst, Operation *loop) {
  for (size_t i = 0; i < inst.loops.size(); ++i)
    if (inst.loops[i] == loop)
      return (int)i;
  return -1;
}

/// Two executions inside `loop` conflict across its iterations: same
/// element, one a write, same iteration of the loops outside, different
/// iteration of `loop`.
bool conflictAcross(const Instance &a, const Instance &b, int pos) {
  if (a.memref != b.memref || (!a.isWrite && !b.isWrite) ||
      a.index != b.index || a.ivs[pos] == b.ivs[pos])
    return false;
  for (int i = 0; i < pos; ++i)
    if (a.ivs[i] != b.ivs[i])
      return false;
  return true;
}

/// Ground truth for memory parallelism of each affine.for (pre-order), or
/// nullopt if the program cannot be executed this way. (iter_args are left
/// to the reduction tests: a loop parallel for us is memory parallel.) Memrefs
/// allocated inside a loop are not modelled: the programs checked here have
/// none.
std::optional<std::vector<bool>> bruteForceParallel(const Program &p) {
  Executor exec;
  Operation *func = p.first("func.func");
  if (!exec.run(func))
    return std::nullopt;
  // Group executions by element so that only candidates are compared.
  std::map<std::pair<Value *, std::vector<int64_t>>, std::vector<size_t>>
      byElement;
  for (size_t i = 0; i < exec.instances.size(); ++i)
    byElement[{exec.instances[i].memref, exec.instances[i].index}].push_back(i);
  std::vector<bool> parallel;
  for (Operation *loop : p.loops()) {
    bool conflict = false;
    for (const auto &[element, ids] : byElement) {
      for (size_t x = 0; x < ids.size() && !conflict; ++x) {
        const Instance &a = exec.instances[ids[x]];
        int pos = loopPosition(a, loop);
        if (pos < 0)
          continue;
        for (size_t y = x + 1; y < ids.size() && !conflict; ++y) {
          const Instance &b = exec.instances[ids[y]];
          conflict = loopPosition(b, loop) == pos && conflictAcross(a, b, pos);
        }
      }
      if (conflict)
        break;
    }
    parallel.push_back(!conflict);
  }
  return parallel;
}

//===----------------------------------------------------------------------===//
// The MLIR oracle
//===----------------------------------------------------------------------===//

bool mlirAvailable() { return std::filesystem::exists(mlirOpt()); }

/// For each affine.for of `text` (pre-order): did `mlir-opt
/// --affine-parallelize=parallel-reductions=1` turn it into affine.parallel?
/// The pass replaces loops in place, so the loop ops of its output are in the
/// same order. nullopt (with the reason in `why`) if mlir-opt failed.
std::optional<std::vector<bool>> mlirParallelLoops(const std::string &text,
                                                   std::string &why) {
  std::string path = writeTempFile(text);
  CommandResult r = runCommand(shellQuote(mlirOpt()) +
                               " --affine-parallelize=parallel-reductions=1 " +
                               shellQuote(path));
  std::filesystem::remove(path);
  if (r.exitCode != 0) {
    why = r.err;
    return std::nullopt;
  }
  std::unique_ptr<Program> out = parse(r.out);
  if (!out->module) {
    why = "affjit cannot read mlir-opt's output: " + out->errors;
    return std::nullopt;
  }
  std::vector<bool> parallel;
  out->module->getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op->isa("affine.for") || op->isa("affine.parallel"))
      parallel.push_back(op->isa("affine.parallel"));
  });
  return parallel;
}

//===----------------------------------------------------------------------===//
// Hand-written programs
//===----------------------------------------------------------------------===//

struct Case {
  std::string name;
  std::string body;           // inside func.func @f(%A: memref<100xf32>, ...)
  std::vector<bool> parallel; // per affine.for, pre-order
};

std::string wrap(const std::string &body) {
  return "func.func @f(%A: memref<100xf32>, %B: memref<100xf32>, "
         "%C: memref<20x20xf32>, %D: memref<20x20xf32>, "
         "%E: memref<20x20xf32>) {\n"
         "  %one = arith.constant 1.0 : f32\n" +
         body + "  return\n}\n";
}

std::vector<Case> handWrittenCases() {
  return {
      // A[i] = A[i] + 1: each iteration touches its own element.
      {"SameElement",
       R"(  affine.for %i = 0 to 100 {
    %v = affine.load %A[%i] : memref<100xf32>
    %w = arith.addf %v, %one : f32
    affine.store %w, %A[%i] : memref<100xf32>
  }
)",
       {true}},
      // A[i+1] = A[i]: iteration i+1 reads what iteration i wrote.
      {"ShiftByOne",
       R"(  affine.for %i = 0 to 99 {
    %v = affine.load %A[%i] : memref<100xf32>
    affine.store %v, %A[%i + 1] : memref<100xf32>
  }
)",
       {false}},
      // Writes to even, reads from odd elements: never the same element.
      {"EvenOdd",
       R"(  affine.for %i = 0 to 49 {
    %v = affine.load %A[2 * %i + 1] : memref<100xf32>
    affine.store %v, %A[2 * %i] : memref<100xf32>
  }
)",
       {true}},
      // Only reads: read-after-read is no dependence.
      {"ReadsOnly",
       R"(  affine.for %i = 0 to 99 {
    %v = affine.load %A[0] : memref<100xf32>
    %w = affine.load %A[%i + 1] : memref<100xf32>
    affine.store %v, %B[%i] : memref<100xf32>
  }
)",
       {true}},
      // Every iteration writes A[0]: output dependence.
      {"SameScalarWritten",
       R"(  affine.for %i = 0 to 99 {
    affine.store %one, %A[0] : memref<100xf32>
  }
)",
       {false}},
      // Writes A[i] for i < 50, reads A[i + 50]: disjoint halves.
      {"DisjointHalves",
       R"(  affine.for %i = 0 to 50 {
    %v = affine.load %A[%i + 50] : memref<100xf32>
    affine.store %v, %A[%i] : memref<100xf32>
  }
)",
       {true}},
      // C[i][j] = C[i-1][j]: the outer loop carries it, the inner does not.
      {"OuterCarried",
       R"(  affine.for %i = 1 to 20 {
    affine.for %j = 0 to 20 {
      %v = affine.load %C[%i - 1, %j] : memref<20x20xf32>
      affine.store %v, %C[%i, %j] : memref<20x20xf32>
    }
  }
)",
       {false, true}},
      // C[i][j] = C[i][j-1]: the inner loop carries it.
      {"InnerCarried",
       R"(  affine.for %i = 0 to 20 {
    affine.for %j = 1 to 20 {
      %v = affine.load %C[%i, %j - 1] : memref<20x20xf32>
      affine.store %v, %C[%i, %j] : memref<20x20xf32>
    }
  }
)",
       {true, false}},
      // Matmul C += A * B: i and j are parallel, k accumulates in C[i][j].
      {"Matmul",
       R"(  affine.for %i = 0 to 20 {
    affine.for %j = 0 to 20 {
      affine.for %k = 0 to 20 {
        %a = affine.load %D[%i, %k] : memref<20x20xf32>
        %b = affine.load %E[%k, %j] : memref<20x20xf32>
        %c = affine.load %C[%i, %j] : memref<20x20xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<20x20xf32>
      }
    }
  }
)",
       {true, true, false}},
      // Transpose in place over the upper triangle: C[i][j] <-> C[j][i] for
      // j > i touches each pair in exactly one (i, j) iteration, so neither
      // loop carries anything.
      {"TriangularSwap",
       R"(  affine.for %i = 0 to 20 {
    affine.for %j = affine_map<(d0) -> (d0 + 1)>(%i) to 20 {
      %a = affine.load %C[%i, %j] : memref<20x20xf32>
      %b = affine.load %C[%j, %i] : memref<20x20xf32>
      affine.store %b, %C[%i, %j] : memref<20x20xf32>
      affine.store %a, %C[%j, %i] : memref<20x20xf32>
    }
  }
)",
       {true, true}},
      // Step 2 writes even elements, reads the odd ones after them.
      {"StepTwo",
       R"(  affine.for %i = 0 to 98 step 2 {
    %v = affine.load %A[%i + 1] : memref<100xf32>
    affine.store %v, %A[%i] : memref<100xf32>
  }
)",
       {true}},
      // Step 3 writes A[3t] and reads A[3t + 3], the next iteration's
      // element.
      {"StepThreeNeighbour",
       R"(  affine.for %i = 0 to 96 step 3 {
    %v = affine.load %A[%i + 3] : memref<100xf32>
    affine.store %v, %A[%i] : memref<100xf32>
  }
)",
       {false}},
      // Only iterations i >= 50 run the body: they write the upper half
      // and read the lower half, which no iteration writes.
      {"GuardedByIf",
       R"(  affine.for %i = 0 to 100 {
    affine.if affine_set<(d0) : (d0 - 50 >= 0)>(%i) {
      %v = affine.load %A[%i - 50] : memref<100xf32>
      affine.store %v, %A[%i] : memref<100xf32>
    }
  }
)",
       {true}},
      // A floordiv subscript: A[i floordiv 2] is written by two iterations.
      {"FloorDivWritesTwice",
       R"(  affine.for %i = 0 to 100 {
    affine.store %one, %A[%i floordiv 2] : memref<100xf32>
  }
)",
       {false}},
      // The load (odd elements) never meets the store (even elements): no
      // flow dependence; but every i writes the same A[4j + 2] again, an
      // output dependence carried by the outer loop only.
      {"ParityOfTwoLoops",
       R"(  affine.for %i = 0 to 20 {
    affine.for %j = 0 to 20 {
      %v = affine.load %A[2 * %i + 1] : memref<100xf32>
      affine.store %v, %A[4 * %j + 2] : memref<100xf32>
    }
  }
)",
       {false, true}},
      // Iteration i writes A[3i] and reads A[3i + 1] and A[3i + 2]; the
      // write of iteration i' == i + d lands on 3i + 3d, never on 3i + 1 or
      // 3i + 2 (3d == 1 or 2 has no integer d; MLIR's gcd test sees it too).
      {"StrideThreeReadsBetween",
       R"(  affine.for %i = 0 to 30 {
    %u = affine.apply affine_map<(d0) -> (d0 * 3 + 1)>(%i)
    %v = affine.load %A[%u] : memref<100xf32>
    %w = affine.load %A[%i * 3 + 2] : memref<100xf32>
    %s = arith.addf %v, %w : f32
    affine.store %s, %A[%i * 3] : memref<100xf32>
  }
)",
       {true}},
      // i = 3 and i = 4 write A[1] and A[2]. The only case where MLIR
      // answers differently: its Fourier-Motzkin check is rational, and
      // q == i floor 2 == i' floor 2 with i' == i + 1 has the rational point
      // i = 3, i' = 4, q = 3/2 (2q <= i, i' <= 2q + 1). The Omega test finds
      // no integer one.
      {"FloorDivOfTwoIterations",
       R"(  affine.for %i = 3 to 5 {
    affine.store %one, %A[%i floordiv 2] : memref<100xf32>
  }
)",
       {true}},
  };
}

std::string caseBody(const std::string &name) {
  for (const Case &c : handWrittenCases())
    if (c.name == name)
      return c.body;
  return "";
}

TEST(LoopAnalysis, HandWrittenLoopsMatchBruteForce) {
  for (const Case &c : handWrittenCases()) {
    SCOPED_TRACE(c.name);
    std::unique_ptr<Program> p = parse(wrap(c.body));
    ASSERT_TRUE(p->module) << p->errors;
    std::optional<std::vector<bool>> truth = bruteForceParallel(*p);
    ASSERT_TRUE(truth.has_value());
    EXPECT_EQ(*truth, c.parallel) << "the expectation itself is wrong";
    EXPECT_EQ(ourParallelLoops(*p), c.parallel);
  }
}

//===----------------------------------------------------------------------===//
// Carried dependences
//===----------------------------------------------------------------------===//

std::string describe(const CarriedDependence &d) {
  std::string s = d.src.op->getName() + "->" + d.dst.op->getName() + "@" +
                  std::to_string(d.depth);
  for (const DependenceComponent &c : d.components)
    s += "[" + (c.lb ? std::to_string(*c.lb) : "-inf") + "," +
         (c.ub ? std::to_string(*c.ub) : "inf") + "]";
  return s;
}

std::vector<std::string> describeAll(Operation *root) {
  std::vector<std::string> out;
  for (const CarriedDependence &d : getCarriedDependences(root))
    out.push_back(describe(d));
  return out;
}

TEST(LoopAnalysis, CarriedDependencesOfSeed001) {
  // Seed 001's kernel: the load reads what the store wrote two iterations
  // of the outer loop earlier, in the same inner iteration; nothing is
  // carried by the inner loop.
  std::unique_ptr<Program> p = parse(R"(func.func @kernel() {
  %0 = memref.alloc() : memref<10x10xf32>
  %cst = arith.constant 7.000000e+00 : f32
  affine.for %arg0 = 0 to 9 {
    affine.for %arg1 = 0 to 9 {
      affine.store %cst, %0[%arg0, %arg1] : memref<10x10xf32>
      %5 = affine.load %0[%arg0 - 2, %arg1] : memref<10x10xf32>
    }
  }
  return
}
)");
  ASSERT_TRUE(p->module) << p->errors;
  Operation *outer = p->loops()[0];
  EXPECT_EQ(describeAll(outer),
            std::vector<std::string>{"affine.store->affine.load@1[2,2][0,0]"});
  std::vector<CarriedDependence> deps = getCarriedDependences(outer);
  ASSERT_EQ(deps.size(), 1u);
  EXPECT_EQ(deps[0].loop, outer);
  EXPECT_TRUE(deps[0].known);
  EXPECT_EQ(getCarryingDepths(deps), std::vector<unsigned>{1});
  // Rooted at the inner loop: the outer loop's dependence is not its own.
  EXPECT_TRUE(describeAll(p->loops()[1]).empty());
  EXPECT_FALSE(isLoopParallel(outer));
  EXPECT_TRUE(isLoopParallel(p->loops()[1]));
}

TEST(LoopAnalysis, CarriedDependencesOfMatmul) {
  // Only k carries: the read of C[i][j] in iteration k + d sees the write of
  // iteration k (flow), the write of k is overwritten in k + d (output),
  // and the read of k precedes the write of k + d (anti).
  std::unique_ptr<Program> p = parse(wrap(caseBody("Matmul")));
  ASSERT_TRUE(p->module) << p->errors;
  std::vector<CarriedDependence> deps =
      getCarriedDependences(p->first("func.func"));
  EXPECT_EQ(getCarryingDepths(deps), std::vector<unsigned>{3});
  EXPECT_EQ(describeAll(p->first("func.func")),
            (std::vector<std::string>{
                "affine.load->affine.store@3[0,0][0,0][1,19]",
                "affine.store->affine.load@3[0,0][0,0][1,19]",
                "affine.store->affine.store@3[0,0][0,0][1,19]"}));
}

TEST(LoopAnalysis, UnanalysableAccessIsAssumedCarried) {
  // A subscript loaded from memory is not affine: the check fails, the
  // dependence is assumed (known == false) and the loop is not parallel.
  std::unique_ptr<Program> p = parse(R"(func.func @f(%A: memref<100xf32>,
                    %I: memref<100xindex>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 100 {
    %j = affine.load %I[%i] : memref<100xindex>
    memref.store %one, %A[%j] : memref<100xf32>
  }
  return
}
)");
  ASSERT_TRUE(p->module) << p->errors;
  std::vector<CarriedDependence> deps = getCarriedDependences(p->loops()[0]);
  ASSERT_EQ(deps.size(), 1u);
  EXPECT_FALSE(deps[0].known);
  EXPECT_TRUE(deps[0].components.empty());
  EXPECT_FALSE(isLoopParallel(p->loops()[0]));
}

//===----------------------------------------------------------------------===//
// Memory effects other than accesses
//===----------------------------------------------------------------------===//

TEST(LoopAnalysis, UnknownEffectsAreNotParallel) {
  std::unique_ptr<Program> p = parse(R"(func.func private @g(index)
func.func @f(%A: memref<100xf32>, %B: memref<100xf32>) {
  affine.for %i = 0 to 100 {
    func.call @g(%i) : (index) -> ()
  }
  affine.for %i = 0 to 100 {
    memref.copy %A, %B : memref<100xf32> to memref<100xf32>
  }
  return
}
)");
  ASSERT_TRUE(p->module) << p->errors;
  for (Operation *loop : p->loops())
    EXPECT_FALSE(isLoopParallel(loop));
}

TEST(LoopAnalysis, HintsAreRefusedLikeMlir) {
  // Prefetches and memref.assume_alignment change no memory, but MLIR 19
  // declares no effects for them and gives up on the loop; so does affjit.
  // The last loop, without a hint, is parallel.
  const std::string text = R"(func.func @f(%A: memref<100xf32>,
                                          %B: memref<100xf32>) {
  affine.for %i = 0 to 100 {
    %v = affine.load %A[%i] : memref<100xf32>
    affine.prefetch %B[%i], read, locality<3>, data : memref<100xf32>
    affine.store %v, %A[%i] : memref<100xf32>
  }
  affine.for %i = 0 to 100 {
    %v = affine.load %A[%i] : memref<100xf32>
    memref.prefetch %B[%i], write, locality<1>, data : memref<100xf32>
    affine.store %v, %A[%i] : memref<100xf32>
  }
  affine.for %i = 0 to 100 {
    %v = affine.load %A[%i] : memref<100xf32>
    memref.assume_alignment %B, 16 : memref<100xf32>
    affine.store %v, %A[%i] : memref<100xf32>
  }
  affine.for %i = 0 to 100 {
    %v = affine.load %A[%i] : memref<100xf32>
    affine.store %v, %A[%i] : memref<100xf32>
  }
  return
}
)";
  std::unique_ptr<Program> p = parse(text);
  ASSERT_TRUE(p->module) << p->errors;
  std::vector<bool> ours = ourParallelLoops(*p);
  EXPECT_EQ(ours, (std::vector<bool>{false, false, false, true}));
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found at " << mlirOpt();
  std::string why;
  std::optional<std::vector<bool>> mlir = mlirParallelLoops(text, why);
  ASSERT_TRUE(mlir.has_value()) << why;
  EXPECT_EQ(*mlir, ours);
}

TEST(LoopAnalysis, ViewsOfBuffersAllocatedInsideArePrivate) {
  // Every iteration writes and reads its own buffer through a view of it:
  // a subview, or a reshape (whose shape operand the loop also reads, an
  // effect that keeps the second loop from being called parallel). Were
  // the buffer shared, iteration i would read what iteration 3 - i writes.
  std::unique_ptr<Program> p = parse(R"(func.func @f(%S: memref<2xindex>) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    %t = memref.alloca() : memref<4x4xf32>
    %s = memref.subview %t[1, 0][2, 4][1, 1] : memref<4x4xf32> to memref<2x4xf32, strided<[4, 1], offset: 4>>
    affine.store %z, %s[0, %i] : memref<2x4xf32, strided<[4, 1], offset: 4>>
    %v = affine.load %s[0, 3 - %i] : memref<2x4xf32, strided<[4, 1], offset: 4>>
  }
  affine.for %i = 0 to 4 {
    %t = memref.alloca() : memref<16xf32>
    %r = memref.reshape %t(%S) : (memref<16xf32>, memref<2xindex>) -> memref<4x4xf32>
    affine.store %z, %r[0, %i] : memref<4x4xf32>
    %v = affine.load %r[0, 3 - %i] : memref<4x4xf32>
  }
  return
}
)");
  ASSERT_TRUE(p->module) << p->errors;
  std::vector<Operation *> loops = p->loops();
  EXPECT_TRUE(isLoopParallel(loops[0]));
  EXPECT_FALSE(isLoopParallel(loops[1]));
  EXPECT_TRUE(getCarriedDependences(loops[0]).empty());
  EXPECT_TRUE(getCarriedDependences(loops[1]).empty());
}

TEST(LoopAnalysis, BuffersAllocatedInsideArePrivate) {
  // Each iteration fills and reads its own temporary: no dependence across
  // iterations, although every iteration writes element 0 of "a" buffer.
  // With memref.dealloc MLIR gives up (a free is a memory effect it does
  // not look into), but freeing the iteration's own buffer cannot affect
  // another iteration.
  std::unique_ptr<Program> p = parse(R"(func.func @f(%A: memref<100xf32>) {
  affine.for %i = 0 to 100 {
    %t = memref.alloca() : memref<1xf32>
    %v = affine.load %A[%i] : memref<100xf32>
    affine.store %v, %t[0] : memref<1xf32>
    %w = affine.load %t[0] : memref<1xf32>
    affine.store %w, %A[%i] : memref<100xf32>
  }
  affine.for %i = 0 to 100 {
    %t = memref.alloc() : memref<1xf32>
    %v = affine.load %A[%i] : memref<100xf32>
    affine.store %v, %t[0] : memref<1xf32>
    memref.dealloc %t : memref<1xf32>
  }
  %s = memref.alloc() : memref<1xf32>
  affine.for %i = 0 to 100 {
    %v = affine.load %A[%i] : memref<100xf32>
    affine.store %v, %s[0] : memref<1xf32>
  }
  return
}
)");
  ASSERT_TRUE(p->module) << p->errors;
  std::vector<Operation *> loops = p->loops();
  EXPECT_TRUE(isLoopParallel(loops[0]));
  EXPECT_TRUE(isLoopParallel(loops[1]));
  EXPECT_FALSE(isLoopParallel(loops[2])); // %s is shared
  // No carried dependence is reported through the private buffers either.
  EXPECT_TRUE(getCarriedDependences(loops[0]).empty());
  EXPECT_EQ(getCarriedDependences(loops[2]).size(), 1u);
}

TEST(LoopAnalysis, ASubscriptPinsTheIterationOnlyWhenAllElseIsFixed) {
  // A pair of accesses whose subscript is the same `c * iv + e`, with e
  // fixed while the loop runs, meets only within one iteration; the check
  // decides that without the exact test. Here e varies with an inner loop
  // (%j), or the subscript is a vector's first lane, and the exact test
  // must still find the dependence.
  std::unique_ptr<Program> p = parse(
      R"(func.func @f(%A: memref<300xf32>, %B: memref<300x300xf32>, %n: index) {
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 100 {
      %v = affine.load %A[%i + %j] : memref<300xf32>
      affine.store %v, %A[%i + %j] : memref<300xf32>
    }
  }
  affine.for %i = 0 to 100 {
    %v = affine.vector_load %A[%i] : memref<300xf32>, vector<4xf32>
    affine.vector_store %v, %A[%i] : memref<300xf32>, vector<4xf32>
  }
  affine.for %i = 0 to 100 {
    %v = affine.load %A[2 * %i + %n] : memref<300xf32>
    affine.store %v, %A[2 * %i + %n] : memref<300xf32>
  }
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 100 {
      %v = affine.vector_load %B[%i + 1, %j] : memref<300x300xf32>, vector<4xf32>
      affine.vector_store %v, %B[%i + 1, %j + 2] : memref<300x300xf32>, vector<4xf32>
    }
  }
  return
}
)");
  ASSERT_TRUE(p->module) << p->errors;
  std::vector<Operation *> loops = p->loops();
  ASSERT_EQ(loops.size(), 6u);
  EXPECT_FALSE(isLoopParallel(loops[0])); // i = 0, j = 1 meets i = 1, j = 0
  EXPECT_TRUE(isLoopParallel(loops[1]));  // for one i, only j meets j
  EXPECT_FALSE(isLoopParallel(loops[2])); // lanes i..i+3 overlap i+1..i+4
  EXPECT_TRUE(isLoopParallel(loops[3]));
  EXPECT_TRUE(isLoopParallel(loops[4]));  // row i + 1 is only this i's
  EXPECT_FALSE(isLoopParallel(loops[5])); // lanes j+2.. meet lanes j'..
  // The lanes count for carried dependences too: iteration i writes what
  // i + 1, i + 2 and i + 3 read.
  std::vector<CarriedDependence> deps = getCarriedDependences(loops[2]);
  ASSERT_FALSE(deps.empty());
  bool distanceThree = false;
  for (const CarriedDependence &d : deps)
    if (d.known && d.components.size() == 1 && d.components[0].ub &&
        *d.components[0].ub == 3)
      distanceThree = true;
  EXPECT_TRUE(distanceThree);
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

std::vector<std::optional<ReductionKind>> kindsOf(Operation *forOp) {
  std::vector<std::optional<ReductionKind>> kinds;
  for (unsigned i = 0; i < forOp->getNumResults(); ++i) {
    std::optional<LoopReduction> r = getReduction(forOp, i);
    kinds.push_back(r ? std::optional(r->kind) : std::nullopt);
  }
  return kinds;
}

TEST(LoopAnalysis, EveryReductionKind) {
  std::unique_ptr<Program> p = parse(R"(func.func @f(%A: memref<100xf32>,
                    %I: memref<100xi32>) -> (f32, f32, f32, f32, i32, i32,
                    i32, i32, i32, i32, i32, i32, i32) {
  %f = arith.constant 0.0 : f32
  %n = arith.constant 0 : i32
  %r:13 = affine.for %i = 0 to 100 iter_args(%a = %f, %b = %f, %c = %f,
      %d = %f, %e = %n, %g = %n, %h = %n, %j = %n, %k = %n, %l = %n,
      %m = %n, %o = %n, %q = %n) -> (f32, f32, f32, f32, i32, i32, i32, i32,
      i32, i32, i32, i32, i32) {
    %x = affine.load %A[%i] : memref<100xf32>
    %y = affine.load %I[%i] : memref<100xi32>
    %0 = arith.addf %a, %x : f32
    %1 = arith.mulf %x, %b : f32
    %2 = arith.maximumf %c, %x : f32
    %3 = arith.minimumf %d, %x : f32
    %4 = arith.addi %e, %y : i32
    %5 = arith.muli %g, %y : i32
    %6 = arith.maxsi %h, %y : i32
    %7 = arith.minsi %j, %y : i32
    %8 = arith.maxui %k, %y : i32
    %9 = arith.minui %l, %y : i32
    %10 = arith.andi %m, %y : i32
    %11 = arith.ori %o, %y : i32
    %12 = arith.xori %q, %y : i32
    affine.yield %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12
        : f32, f32, f32, f32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10,
      %r#11, %r#12 : f32, f32, f32, f32, i32, i32, i32, i32, i32, i32, i32,
      i32, i32
}
)");
  ASSERT_TRUE(p->module) << p->errors;
  using K = ReductionKind;
  Operation *loop = p->loops()[0];
  EXPECT_EQ(kindsOf(loop), (std::vector<std::optional<ReductionKind>>{
                               K::AddF, K::MulF, K::MaximumF, K::MinimumF,
                               K::AddI, K::MulI, K::MaxSI, K::MinSI, K::MaxUI,
                               K::MinUI, K::AndI, K::OrI, K::XOrI}));
  std::vector<LoopReduction> reductions;
  EXPECT_TRUE(isLoopParallel(loop, &reductions));
  ASSERT_EQ(reductions.size(), 13u);
  EXPECT_EQ(reductions[1].iterArg, 1u);
  EXPECT_TRUE(reductions[1].combiner->isa("arith.mulf"));
  EXPECT_EQ(reductions[1].reducedValue,
            loop->getRegion(0).front().front().getResult(0)); // %x
  EXPECT_EQ(reductionKindName(K::MaxSI), "maxs");
  EXPECT_EQ(reductionKindOf("arith.subf"), std::nullopt);
}

const char *const kNotReductions = R"(func.func @f(%A: memref<100xf32>)
    -> (f32, f32, f32, f32, f32, f32, f32) {
  %z = arith.constant 0.0 : f32
  // subf is not associative.
  %r0 = affine.for %i = 0 to 100 iter_args(%a = %z) -> f32 {
    %x = affine.load %A[%i] : memref<100xf32>
    %s = arith.subf %a, %x : f32
    affine.yield %s : f32
  }
  // The carried value is read twice (a square, not a combination).
  %r1 = affine.for %i = 0 to 100 iter_args(%a = %z) -> f32 {
    %s = arith.mulf %a, %a : f32
    affine.yield %s : f32
  }
  // The partial sum escapes to memory in every iteration.
  %r2 = affine.for %i = 0 to 100 iter_args(%a = %z) -> f32 {
    %x = affine.load %A[%i] : memref<100xf32>
    %s = arith.addf %a, %x : f32
    affine.store %s, %A[%i] : memref<100xf32>
    affine.yield %s : f32
  }
  // Two combiners in a chain (MLIR matches one only).
  %r3 = affine.for %i = 0 to 100 iter_args(%a = %z) -> f32 {
    %x = affine.load %A[%i] : memref<100xf32>
    %s = arith.addf %a, %x : f32
    %t = arith.addf %s, %x : f32
    affine.yield %t : f32
  }
  // The value added depends on the other iter_arg (a Fibonacci pair).
  %r4:2 = affine.for %i = 0 to 100 iter_args(%a = %z, %b = %z) -> (f32, f32) {
    %s = arith.addf %a, %b : f32
    affine.yield %b, %s : f32, f32
  }
  // The value is passed through unchanged.
  %r5 = affine.for %i = 0 to 100 iter_args(%a = %z) -> f32 {
    affine.yield %a : f32
  }
  return %r0, %r1, %r2, %r3, %r4#0, %r4#1, %r5
      : f32, f32, f32, f32, f32, f32, f32
}
)";

TEST(LoopAnalysis, IterArgsThatAreNotReductions) {
  std::unique_ptr<Program> p = parse(kNotReductions);
  ASSERT_TRUE(p->module) << p->errors;
  for (Operation *loop : p->loops()) {
    SCOPED_TRACE(loop->getLoc().line);
    for (const auto &kind : kindsOf(loop))
      EXPECT_EQ(kind, std::nullopt);
    EXPECT_FALSE(isLoopParallel(loop));
  }
}

const char *const kSeed003Reduction = R"(func.func @main(%in: memref<16x64xf32>,
                    %out: memref<64xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  affine.for %arg2 = 0 to 64 {
    %final_red = affine.for %arg4 = 0 to 16 iter_args(%red_iter = %cst)
        -> (f32) {
      %5 = affine.load %in[%arg4, %arg2] : memref<16x64xf32>
      %6 = arith.addf %red_iter, %5 : f32
      affine.yield %6 : f32
    }
    affine.store %final_red, %out[%arg2] : memref<64xf32>
  }
  return
}
)";

TEST(LoopAnalysis, ReductionInsideParallelLoop) {
  // Seed 003's use case: the inner loop reduces a column, the outer loop
  // runs one reduction per column and is parallel.
  std::unique_ptr<Program> p = parse(kSeed003Reduction);
  ASSERT_TRUE(p->module) << p->errors;
  std::vector<Operation *> loops = p->loops();
  EXPECT_TRUE(isLoopParallel(loops[0]));
  std::vector<LoopReduction> reductions;
  EXPECT_TRUE(isLoopParallel(loops[1], &reductions));
  ASSERT_EQ(reductions.size(), 1u);
  EXPECT_EQ(reductions[0].kind, ReductionKind::AddF);
  EXPECT_TRUE(isLoopMemoryParallel(loops[1]));
}

//===----------------------------------------------------------------------===//
// Against mlir-opt --affine-parallelize
//===----------------------------------------------------------------------===//

/// How our answers and MLIR's compare, loop by loop.
struct Comparison {
  unsigned loops = 0, agree = 0;
  /// We say parallel, MLIR does not (rational Fourier-Motzkin is
  /// conservative, as is giving up on deallocation).
  unsigned morePrecise = 0;
  /// MLIR says parallel and the loop is not (its domains let an affine.if
  /// condition constrain the else-region too).
  unsigned mlirWrong = 0;
};

/// Compares our answers with MLIR's for one program. Wherever they differ,
/// brute force must prove ours; and independently of MLIR, every loop we
/// call parallel must be parallel.
void compareWithMlir(const std::string &text, const std::string &label,
                     Comparison &cmp) {
  SCOPED_TRACE(label);
  std::unique_ptr<Program> p = parse(text);
  ASSERT_TRUE(p->module) << p->errors << text;
  std::string why;
  std::optional<std::vector<bool>> mlir = mlirParallelLoops(text, why);
  ASSERT_TRUE(mlir.has_value()) << why;
  std::vector<bool> ours = ourParallelLoops(*p);
  ASSERT_EQ(mlir->size(), ours.size()) << "loops do not line up\n" << text;
  std::optional<std::vector<bool>> truth = bruteForceParallel(*p);
  for (size_t i = 0; i < ours.size(); ++i) {
    ++cmp.loops;
    if (truth && ours[i]) {
      EXPECT_TRUE((*truth)[i]) << "loop #" << i << " is not parallel\n" << text;
    }
    if (ours[i] == (*mlir)[i]) {
      ++cmp.agree;
      continue;
    }
    ASSERT_TRUE(truth.has_value()) << "loop #" << i << " needs a proof\n"
                                   << text;
    EXPECT_EQ(ours[i], (*truth)[i]) << "loop #" << i << ": MLIR is right\n"
                                    << text;
    ++(ours[i] ? cmp.morePrecise : cmp.mlirWrong);
  }
}

TEST(LoopAnalysis, HandWrittenLoopsAgainstMlirAffineParallelize) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found at " << mlirOpt();
  Comparison cmp;
  for (const Case &c : handWrittenCases())
    compareWithMlir(wrap(c.body), c.name, cmp);
  EXPECT_EQ(cmp.morePrecise, 1u); // FloorDivOfTwoIterations
  EXPECT_EQ(cmp.mlirWrong, 0u);
  // iter_args: MLIR (with parallel-reductions=1) accepts the same ones.
  Comparison withIterArgs;
  compareWithMlir(kNotReductions, "not reductions", withIterArgs);
  compareWithMlir(kSeed003Reduction, "seed 003", withIterArgs);
  EXPECT_EQ(withIterArgs.agree, withIterArgs.loops);
}

TEST(LoopAnalysis, GeneratedProgramsAgainstMlirAffineParallelize) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found at " << mlirOpt();
  // Constant bounds and static shapes only, so that brute force can prove
  // the cases where we are more precise than MLIR.
  GeneratorOptions options;
  options.minSymbols = options.maxSymbols = 0;
  options.memrefArgument = false;
  options.dynamicDims = false;
  options.minAccesses = 3;
  options.maxAccesses = 8;
  Comparison cmp;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    compareWithMlir(generateAffineProgram(seed, options),
                    "seed " + std::to_string(seed), cmp);
    if (HasFatalFailure())
      return;
  }
  EXPECT_GT(cmp.loops, 100u);
  std::printf("[          ] %u loops: %u answered alike, %u parallel only "
              "for us, %u wrongly parallel for MLIR\n",
              cmp.loops, cmp.agree, cmp.morePrecise, cmp.mlirWrong);
}

} // namespace

// Dependence analysis against two independent oracles.
//  * MLIR 19: `affjit deps` must print exactly the remarks of
//    `mlir-opt -test-memref-dependence-check` for hand-written programs
//    (tests/programs/deps) and for random affine programs.
//  * Brute force: for random programs without symbols, an interpreter runs
//    every loop iteration and records each access's subscripts; the true
//    dependences and their distance ranges follow by enumeration. The exact
//    (--exact) analysis must equal them and MLIR's answers must contain
//    them, except where a domain is not convex (else-regions, stepped loops
//    with max lower bounds): there exact answers must contain them.
// MLIR's test pass answers "no dependence" for any two accesses through
// different memref values, views of one buffer included, which is wrong
// (affjit composes the views instead, or reports the check as failed):
// those pairs are left out of the comparison with MLIR, and
// MemRefAliasTest checks them against brute force.
#include "frontend/analysis/DependenceReport.h"
#include "support/BruteForceAccesses.h"
#include "support/MlirOracle.h"
#include "support/RandomAffineProgram.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace affjit;
using namespace affjit::test;

namespace {

/// Remarks of `affjit deps FILE`, which must exit 0 unless
/// `allowFailedChecks`.
std::vector<std::string> affjitRemarks(const std::string &file,
                                       bool allowFailedChecks = false) {
  CommandResult r = runCommand(shellQuote(affjitBinary()) + " deps " +
                               shellQuote(file) + " 2>&1");
  if (!allowFailedChecks) {
    EXPECT_EQ(r.exitCode, 0) << r.out;
  }
  return splitLines(r.out);
}

/// The memref value of each affine.load/store of `file`, in the order
/// `affjit deps` numbers them; empty if the file does not parse.
std::vector<Value *> accessedMemRefs(const ParsedModule &parsed) {
  std::vector<Value *> memrefs;
  parsed.module->getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op->isa("affine.load"))
      memrefs.push_back(op->getOperand(0));
    else if (op->isa("affine.store"))
      memrefs.push_back(op->getOperand(1));
  });
  return memrefs;
}

/// `remarks` without the pairs of accesses through different memref values
/// and without the checks affjit reports as failed for such pairs.
std::vector<std::string>
withoutCrossMemRefPairs(const std::vector<std::string> &remarks,
                        const std::vector<Value *> &memrefs) {
  std::vector<std::string> out;
  for (const std::string &line : remarks) {
    if (line.find("error: dependence check failed (the accesses may touch") !=
        std::string::npos)
      continue;
    size_t from = line.find("dependence from ");
    unsigned i = 0, j = 0;
    if (from != std::string::npos &&
        std::sscanf(line.c_str() + from, "dependence from %u to %u", &i, &j) ==
            2 &&
        i < memrefs.size() && j < memrefs.size() && memrefs[i] != memrefs[j])
      continue;
    out.push_back(line);
  }
  return out;
}

void expectSameAsMlir(const std::string &file, const std::string &what) {
  int exitCode = -1;
  std::string other;
  std::vector<std::string> expected =
      mlirDependenceRemarks(file, &exitCode, &other);
  ASSERT_EQ(exitCode, 0) << what << ": " << other;
  ASSERT_FALSE(expected.empty()) << what;
  EXPECT_EQ(affjitRemarks(file), expected) << what;
}

TEST(DependenceOracle, HandWrittenProgramsMatchMlir) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found";
  std::vector<std::string> files =
      listSourceFiles("tests/programs/deps", ".mlir");
  ASSERT_GE(files.size(), 4u);
  for (const std::string &file : files)
    expectSameAsMlir(file, file);
}

TEST(DependenceOracle, CorpusProgramsMatchMlir) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found";
  unsigned compared = 0;
  for (const char *dir : {"tests/corpus/roundtrip", "tests/corpus/legacy",
                          "tests/corpus/run", "tests/programs"}) {
    for (const std::string &file : listSourceFiles(dir, ".mlir")) {
      int exitCode = -1;
      std::vector<std::string> expected =
          mlirDependenceRemarks(file, &exitCode);
      if (exitCode != 0)
        continue; // MLIR's test pass needs programs it accepts
      auto parsed = parseModuleText(readFile(file));
      ASSERT_TRUE(parsed) << file;
      std::vector<Value *> memrefs = accessedMemRefs(*parsed);
      EXPECT_EQ(withoutCrossMemRefPairs(affjitRemarks(file, true), memrefs),
                withoutCrossMemRefPairs(expected, memrefs))
          << file;
      ++compared;
    }
  }
  EXPECT_GT(compared, 100u);
}

TEST(DependenceOracle, RandomProgramsMatchMlir) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found";
  for (uint64_t seed = 1; seed <= 400 && !HasFailure(); ++seed) {
    std::string text = generateAffineProgram(seed);
    std::string file = writeTempFile(text);
    expectSameAsMlir(file, "seed " + std::to_string(seed) + ":\n" + text);
    std::remove(file.c_str());
  }
  // Larger functions: many nests and accesses per memref.
  for (uint64_t seed = 1; seed <= 3 && !HasFailure(); ++seed) {
    std::string text =
        generateAffineProgram(seed, GeneratorOptions::forBenchmark(40, 8, 4));
    std::string file = writeTempFile(text);
    expectSameAsMlir(file, "benchmark-shaped seed " + std::to_string(seed));
    std::remove(file.c_str());
  }
}

/// The true dependence from `src` to `dst` at `depth` over `numCommon`
/// common loops, in DependenceResult form.
DependenceResult enumerate(const std::vector<AccessPoint> &src,
                           const std::vector<AccessPoint> &dst, unsigned depth,
                           unsigned numCommon) {
  DependenceResult r;
  r.kind = DependenceResult::NoDependence;
  std::vector<DependenceComponent> comps(numCommon);
  for (const AccessPoint &s : src) {
    for (const AccessPoint &t : dst) {
      if (s.index != t.index)
        continue;
      bool ordered = true;
      for (unsigned i = 0; i < std::min(numCommon, depth) && ordered; ++i)
        ordered = i == depth - 1 ? t.ivs[i] > s.ivs[i] : t.ivs[i] == s.ivs[i];
      if (!ordered || (depth > numCommon && t.time <= s.time))
        continue;
      r.kind = DependenceResult::HasDependence;
      for (unsigned i = 0; i < numCommon; ++i) {
        int64_t d = t.ivs[i] - s.ivs[i];
        comps[i].lb = comps[i].lb ? std::min(*comps[i].lb, d) : d;
        comps[i].ub = comps[i].ub ? std::max(*comps[i].ub, d) : d;
      }
    }
  }
  if (r.kind == DependenceResult::HasDependence)
    r.components = comps;
  return r;
}

/// Domains that no single convex system describes: an else-region (the
/// complement of a condition), or a stepped loop whose lower bound is a max
/// of several expressions (the stride's origin is one of them). The exact
/// analysis over-approximates those.
bool hasNonConvexDomain(Operation *op) {
  for (Operation *p = op; p->getParentOp(); p = p->getParentOp()) {
    Operation *parent = p->getParentOp();
    if (parent->isa("affine.if") &&
        p->getBlock()->getParent() != &parent->getRegion(0))
      return true;
    if (parent->isa("affine.for") && parent->getAttr("step").getInt() != 1 &&
        parent->getAttr("lowerBoundMap").getAffineMap().getNumResults() > 1)
      return true;
  }
  return false;
}

/// `outer` contains `inner` component-wise (nullopt is infinite).
bool contains(const DependenceResult &outer, const DependenceResult &inner) {
  if (inner.kind == DependenceResult::NoDependence)
    return outer.kind != DependenceResult::Failure;
  if (outer.kind != DependenceResult::HasDependence)
    return false;
  for (size_t i = 0; i < inner.components.size(); ++i) {
    const DependenceComponent &o = outer.components[i],
                              &n = inner.components[i];
    if ((o.lb && *o.lb > *n.lb) || (o.ub && *o.ub < *n.ub))
      return false;
  }
  return true;
}

GeneratorOptions symbolFreeOptions() {
  GeneratorOptions o;
  o.minSymbols = o.maxSymbols = 0;
  o.memrefArgument = false;
  o.dynamicDims = false;
  o.percentSymbolicBound = 0;
  return o;
}

TEST(DependenceExact, MatchesBruteForceEnumeration) {
  DependenceOptions exactOptions;
  exactOptions.exact = true;
  unsigned checked = 0, dependences = 0, tighterThanMlir = 0;
  for (uint64_t seed = 1; seed <= 1000 && !HasFailure(); ++seed) {
    std::string text = generateAffineProgram(seed, symbolFreeOptions());
    std::unique_ptr<ParsedModule> p = parseModuleText(text);
    ASSERT_TRUE(p) << text;
    Operation *fn = p->func();
    std::optional<AccessTrace> trace = traceAccesses(fn);
    ASSERT_TRUE(trace) << text;
    std::vector<MemRefAccess> accesses;
    fn->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isAffineLoadOrStore(op))
        accesses.push_back(getMemRefAccesses(op).front());
    });
    DependenceChecker exact(exactOptions), mlir;
    for (const MemRefAccess &src : accesses) {
      for (const MemRefAccess &dst : accesses) {
        unsigned common = getNumCommonSurroundingLoops(src.op, dst.op);
        bool sameMemref = src.memref == dst.memref;
        bool hasWrite = src.isWrite || dst.isWrite;
        for (unsigned d = 1; d <= common + 1; ++d) {
          DependenceResult truth =
              sameMemref && hasWrite
                  ? enumerate((*trace)[src.op], (*trace)[dst.op], d, common)
                  : DependenceResult{DependenceResult::NoDependence, {}, ""};
          DependenceResult got = exact.check(src, dst, d);
          DependenceResult mlirGot = mlir.check(src, dst, d);
          std::string where = "seed " + std::to_string(seed) + " " +
                              src.op->getName() + "->" + dst.op->getName() +
                              " at depth " + std::to_string(d) + ": exact " +
                              formatDependence(got, common, d) + ", truth " +
                              formatDependence(truth, common, d) + "\n" + text;
          ++checked;
          dependences += truth.kind == DependenceResult::HasDependence;
          if (hasNonConvexDomain(src.op) || hasNonConvexDomain(dst.op)) {
            EXPECT_TRUE(contains(got, truth)) << where;
            continue;
          }
          EXPECT_EQ(formatDependence(got, common, d),
                    formatDependence(truth, common, d))
              << where;
          EXPECT_TRUE(contains(mlirGot, truth))
              << where
              << "\nmlir-compatible: " << formatDependence(mlirGot, common, d);
          tighterThanMlir += formatDependence(got, common, d) !=
                             formatDependence(mlirGot, common, d);
        }
      }
    }
  }
  // The corpus exercises real dependences and cases MLIR over-approximates.
  EXPECT_GT(checked, 5000u);
  EXPECT_GT(dependences, 500u);
  EXPECT_GT(tighterThanMlir, 20u);
}

} // namespace

namespace {

TEST(DependenceCli, OverflowingCoefficientsAreReportedNotWrapped) {
  std::string file = writeTempFile(R"mlir(
func.func @f(%A: memref<100xf32>) {
  affine.for %i = 0 to 100 {
    %v = affine.load %A[%i * 4611686018427387904 + %i * 4611686018427387904] : memref<100xf32>
    affine.store %v, %A[%i] : memref<100xf32>
  }
  return
}
)mlir");
  CommandResult r =
      runCommand(shellQuote(affjitBinary()) + " deps " + shellQuote(file));
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find(":4:10: error: dependence check failed ("),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("64 bits)"), std::string::npos) << r.err;
  // The pairs that do not involve the load are still answered.
  EXPECT_NE(r.out.find("dependence from 1 to 1 at depth 1 = false"),
            std::string::npos)
      << r.out;
}

TEST(DependenceCli, MalformedInputIsADiagnostic) {
  std::string file =
      writeTempFile("func.func @f() {\n  affine.for %i = 0 to {\n");
  CommandResult r =
      runCommand(shellQuote(affjitBinary()) + " deps " + shellQuote(file));
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find(":2:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("error:"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
}

} // namespace

// The fusion test machinery (issue 13): the generator of runnable
// fusion-heavy programs (tests/support/RandomFusionProgram) and the oracle
// helpers (tests/support/FusionOracle). Generated programs verify in affjit
// and mlir-opt and print byte-identical output under affjit (with and
// without passes, and with bounds checks) and under mlir-cpu-runner; the
// generator is deterministic and covers every feature kind the fusion pass
// will be held to; the nest counter is checked by hand. A survey of MLIR's
// own fusion on these programs runs only on request (AFFJIT_FUSION_SURVEY=1).
#include "frontend/analysis/FusionCost.h"
#include "frontend/ir/FuncOps.h"
#include "support/BruteForceAccesses.h"
#include "support/FusionOracle.h"
#include "support/MlirOracle.h"
#include "support/RandomFusionProgram.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <regex>
#include <set>
#include <sstream>

using namespace affjit::test;

namespace {

namespace fs = std::filesystem;

constexpr uint64_t kRunSeeds = 40;
constexpr uint64_t kVarietySeeds = 200;

bool matches(const std::string &text, const std::string &pattern) {
  return std::regex_search(text, std::regex(pattern));
}

//===----------------------------------------------------------------------===//
// (a) generated programs run the same everywhere
//===----------------------------------------------------------------------===//

class FusionProgramRuns : public ::testing::TestWithParam<uint64_t> {};

TEST_P(FusionProgramRuns, VerifiesAndPrintsTheSameEverywhere) {
  if (!runMlirAvailable())
    GTEST_SKIP() << "mlir-opt or run-mlir not found";
  uint64_t seed = GetParam();
  std::string text = generateFusionProgram(seed);
  TempProgram file(text);
  ASSERT_FALSE(file.path.empty());
  SCOPED_TRACE("affjit_gen_fusion_program " + std::to_string(seed));

  CommandResult opt = affjitOpt(file.path, "default");
  ASSERT_EQ(opt.exitCode, 0) << opt.err << text;
  std::string diagnostics;
  ASSERT_TRUE(mlirAccepts(file.path, &diagnostics)) << diagnostics << text;

  ProgramOutput mlir = runWithMlir(file.path);
  ASSERT_TRUE(mlir.ok()) << mlir.err << text;
  // Every live-out memref was printed, with its data.
  EXPECT_EQ(countOccurrences(mlir.out, "Unranked Memref"),
            countOccurrences(text, "call @printMemref"));

  for (const char *pipeline : {"none", "default"}) {
    ProgramOutput run = runWithAffjit(file.path, pipeline);
    ASSERT_TRUE(run.ok()) << pipeline << ": " << run.err;
    EXPECT_EQ(run.out, mlir.out) << "--pipeline=" << pipeline << "\n" << text;
  }
  // In bounds: out-of-bounds accesses would be UB, which a same-output
  // check might not notice.
  ProgramOutput checked = runWithAffjit(file.path, "none", "--checked");
  ASSERT_TRUE(checked.ok()) << checked.err << text;
  EXPECT_EQ(checked.out, mlir.out);
  // The fused program stays in bounds (private buffers are indexed
  // relative to the outer loops), and MLIR runs affjit's fused IR to the
  // same output.
  ProgramOutput fusedChecked = runWithAffjit(file.path, "default", "--checked");
  ASSERT_TRUE(fusedChecked.ok()) << fusedChecked.err << text;
  EXPECT_EQ(fusedChecked.out, mlir.out);
  TempProgram fused(opt.out);
  ProgramOutput mlirOnFused = runWithMlir(fused.path);
  ASSERT_TRUE(mlirOnFused.ok()) << mlirOnFused.err << opt.out;
  EXPECT_EQ(mlirOnFused.out, mlir.out) << opt.out;
}

INSTANTIATE_TEST_SUITE_P(Seeds, FusionProgramRuns,
                         ::testing::Range<uint64_t>(1, kRunSeeds + 1),
                         [](const ::testing::TestParamInfo<uint64_t> &info) {
                           return "seed" + std::to_string(info.param);
                         });

//===----------------------------------------------------------------------===//
// (b) determinism and variety
//===----------------------------------------------------------------------===//

TEST(FusionProgram, DeterministicPerSeed) {
  for (uint64_t seed = 1; seed <= kVarietySeeds; ++seed)
    ASSERT_EQ(generateFusionProgram(seed), generateFusionProgram(seed))
        << "seed " << seed;
  std::set<std::string> distinct;
  for (uint64_t seed = 1; seed <= kVarietySeeds; ++seed)
    distinct.insert(generateFusionProgram(seed));
  EXPECT_EQ(distinct.size(), kVarietySeeds);
}

/// A top-level nest of @main as the generator prints it: the text from a
/// line indented by two that holds `affine.for` to its closing `  }`.
struct NestText {
  std::string text;
  /// `%name[subscripts]` of each affine.load / affine.store.
  std::set<std::string> loads, stores;
  std::set<std::string> loadedMemrefs;
};

std::vector<NestText> topLevelNestTexts(const std::string &program) {
  static const std::regex load("affine\\.load ((%\\w+)\\[[^\\]]*\\])");
  static const std::regex store("affine\\.store %\\w+, (%\\w+\\[[^\\]]*\\])");
  std::vector<NestText> nests;
  bool inNest = false;
  for (const std::string &l : splitLines(program)) {
    bool topLevel = l.size() > 2 && l[0] == ' ' && l[1] == ' ' && l[2] != ' ';
    if (!inNest && topLevel && l.find("affine.for") != std::string::npos) {
      nests.emplace_back();
      inNest = true;
    }
    if (!inNest)
      continue;
    NestText &n = nests.back();
    n.text += l + "\n";
    std::smatch m;
    if (std::regex_search(l, m, load)) {
      n.loads.insert(m[1]);
      n.loadedMemrefs.insert(m[2]);
    }
    if (std::regex_search(l, m, store))
      n.stores.insert(m[1]);
    inNest = l != "  }";
  }
  return nests;
}

/// Top-level nests that read memory (the others fill inputs or zero a
/// memory reduction's output).
std::vector<NestText> computeNests(const std::string &program) {
  std::vector<NestText> out;
  for (NestText &n : topLevelNestTexts(program))
    if (!n.loads.empty())
      out.push_back(std::move(n));
  return out;
}

bool hasMemoryReduction(const std::string &program) {
  for (const NestText &n : computeNests(program))
    for (const std::string &access : n.stores)
      if (n.loads.count(access))
        return true;
  return false;
}

/// Two nests reading the same input: candidates for sibling fusion.
bool hasSiblingNests(const std::string &program) {
  std::map<std::string, int> readers;
  for (const NestText &n : computeNests(program))
    for (const std::string &m : n.loadedMemrefs)
      if (m.rfind("%in", 0) == 0 && ++readers[m] == 2)
        return true;
  return false;
}

/// A temporary matching `printed` (printed or not) and `read` (read by a
/// later nest or not); an unprinted one must also be deallocated.
bool hasTemporary(const std::string &program, bool printed, bool read) {
  static const std::regex alloc("(%t\\d+) = memref\\.alloca?\\(");
  for (std::sregex_iterator it(program.begin(), program.end(), alloc), end;
       it != end; ++it) {
    std::string name = (*it)[1];
    bool isPrinted =
        program.find("memref.cast " + name + " ") != std::string::npos;
    bool isRead =
        program.find("affine.load " + name + "[") != std::string::npos;
    bool isFreed =
        program.find("memref.dealloc " + name + " ") != std::string::npos;
    if (isPrinted == printed && isRead == read && (printed || isFreed))
      return true;
  }
  return false;
}

bool hasOneDeepComputeNest(const std::string &program) {
  for (const NestText &n : computeNests(program))
    if (n.text.find("affine.for %j") == std::string::npos)
      return true;
  return false;
}

/// Every static memref extent and constant loop bound is not a multiple
/// of 16 (the vector width the lowering must handle remainders of).
bool sizesAvoidMultiplesOf16(const std::string &program) {
  static const std::regex extent("[<x](\\d+)(?=x)|to (\\d+) \\{");
  for (std::sregex_iterator it(program.begin(), program.end(), extent), end;
       it != end; ++it) {
    std::string digits = (*it)[1].matched ? (*it)[1] : (*it)[2];
    long v = std::stol(digits);
    if (v > 1 && v % 16 == 0)
      return false;
  }
  return true;
}

using FeatureCheck = bool (*)(const std::string &);

struct Feature {
  const char *name;
  FeatureCheck check;
};

const Feature kFeatures[] = {
    {"iter_args reduction",
     [](const std::string &p) { return p.find("iter_args(") != p.npos; }},
    {"memory reduction", hasMemoryReduction},
    {"3-deep nest",
     [](const std::string &p) { return p.find("affine.for %k") != p.npos; }},
    {"1-deep compute nest", hasOneDeepComputeNest},
    {"same subscripts",
     [](const std::string &p) {
       return matches(p, "affine\\.load %\\w+\\[%i, %j\\]");
     }},
    {"shifted read",
     [](const std::string &p) {
       return matches(p, "affine\\.load %\\w+\\[[^\\]]*%[ijk] \\+ \\d");
     }},
    {"transposed 2-D read",
     [](const std::string &p) {
       return matches(p,
                      "affine\\.load %\\w+\\[%j( \\+ \\d)?, %i( \\+ \\d)?\\]");
     }},
    {"broadcast 1-D read in a deeper nest",
     [](const std::string &p) {
       return matches(p, "affine\\.load %\\w+\\[%j( \\+ \\d)?\\]");
     }},
    {"sibling nests", hasSiblingNests},
    {"dead temporary deallocated",
     [](const std::string &p) { return hasTemporary(p, false, true); }},
    {"live-out temporary also consumed",
     [](const std::string &p) { return hasTemporary(p, true, true); }},
    {"alloca temporary",
     [](const std::string &p) { return p.find("memref.alloca(") != p.npos; }},
    {"dynamic memref",
     [](const std::string &p) { return matches(p, "[<x]\\?x"); }},
    {"dynamic alloc",
     [](const std::string &p) { return p.find("memref.alloc(%") != p.npos; }},
    {"memref.dim bound",
     [](const std::string &p) { return p.find("= memref.dim") != p.npos; }},
    {"i32 elements",
     [](const std::string &p) { return p.find("xi32>") != p.npos; }},
    {"f32 elements",
     [](const std::string &p) { return p.find("xf32>") != p.npos; }},
};

TEST(FusionProgram, EveryFeatureKindAppears) {
  std::map<std::string, int> programsWith;
  for (uint64_t seed = 1; seed <= kVarietySeeds; ++seed) {
    std::string p = generateFusionProgram(seed);
    for (const Feature &f : kFeatures)
      programsWith[f.name] += f.check(p);
  }
  for (const Feature &f : kFeatures)
    EXPECT_GE(programsWith[f.name], 5)
        << f.name << " in only " << programsWith[f.name] << " of "
        << kVarietySeeds << " programs";
}

TEST(FusionProgram, ChainsOfTwoToFiveNestsWithUnalignedSizes) {
  FusionGenOptions defaults;
  for (uint64_t seed = 1; seed <= kVarietySeeds; ++seed) {
    std::string p = generateFusionProgram(seed);
    int compute = (int)computeNests(p).size();
    EXPECT_GE(compute, defaults.minNests) << p;
    EXPECT_LE(compute, defaults.maxNests) << p;
    EXPECT_TRUE(sizesAvoidMultiplesOf16(p)) << p;
    EXPECT_NE(p.find("func.func @main() {"), std::string::npos);
    EXPECT_GE(countOccurrences(p, "call @printMemref"), 1u) << p;
  }
}

TEST(FusionProgram, OptionsBoundTheChain) {
  FusionGenOptions opts;
  opts.minNests = opts.maxNests = 4;
  opts.percentReduction = 0;
  opts.percentDynamic = 0;
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    std::string p = generateFusionProgram(seed, opts);
    EXPECT_EQ(computeNests(p).size(), 4u) << p;
    EXPECT_EQ(p.find("iter_args"), std::string::npos) << p;
    EXPECT_FALSE(matches(p, "[<x]\\?x")) << p;
  }
}

//===----------------------------------------------------------------------===//
// (c) the nest counter
//===----------------------------------------------------------------------===//

TEST(FusionOracle, CountsTopLevelNestsPerFunction) {
  std::string text = R"(
func.func private @ext(memref<4xf32>)
func.func @f(%A: memref<4x4xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      affine.store %z, %A[%i, %j] : memref<4x4xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.store %z, %A[%i, %i] : memref<4x4xf32>
  }
  %s = affine.for %i = 0 to 4 iter_args(%acc = %z) -> (f32) {
    %v = affine.load %A[%i, 0] : memref<4x4xf32>
    %n = arith.addf %acc, %v : f32
    affine.yield %n : f32
  }
  return
}
func.func @g(%A: memref<4xf32>, %n: index) {
  affine.if affine_set<()[s0] : (s0 - 1 >= 0)>()[%n] {
    affine.for %i = 0 to 4 {
      %v = affine.load %A[%i] : memref<4xf32>
    }
  }
  affine.parallel (%i) = (0) to (4) {
    %v = affine.load %A[%i] : memref<4xf32>
  }
  return
}
func.func @h() {
  return
}
)";
  std::string error;
  auto counts = countTopLevelNests(text, &error);
  ASSERT_TRUE(counts) << error;
  // Declarations have no nests to count; nested loops and loops under
  // affine.if are not top-level nests; affine.parallel is not affine.for.
  std::map<std::string, int> expected = {{"f", 3}, {"g", 0}, {"h", 0}};
  EXPECT_EQ(*counts, expected);
  EXPECT_EQ(totalTopLevelNests(text), 3);
}

TEST(FusionOracle, CountsInMlirOptPrintedForm) {
  // How mlir-opt prints a module: `module { }` and `#map` aliases.
  std::string text = R"(#map = affine_map<(d0) -> (d0 + 1)>
module {
  func.func @main() {
    %alloc = memref.alloc() : memref<9xf32>
    %cst = arith.constant 1.000000e+00 : f32
    affine.for %arg0 = 0 to 8 {
      %0 = affine.apply #map(%arg0)
      affine.store %cst, %alloc[%0] : memref<9xf32>
    }
    affine.for %arg0 = 0 to 9 {
      %0 = affine.load %alloc[%arg0] : memref<9xf32>
    }
    memref.dealloc %alloc : memref<9xf32>
    return
  }
}
)";
  auto counts = countTopLevelNests(text);
  ASSERT_TRUE(counts);
  EXPECT_EQ(*counts, (std::map<std::string, int>{{"main", 2}}));
}

TEST(FusionOracle, UnparsableTextHasNoCount) {
  std::string error;
  EXPECT_FALSE(
      countTopLevelNests("func.func @f() {\n  affine.for\n}\n", &error));
  EXPECT_NE(error.find("error"), std::string::npos) << error;
  EXPECT_EQ(totalTopLevelNests("func.func @f( {"), -1);
}

TEST(FusionOracle, AgreesWithGeneratorLayoutAndMlirOpt) {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    std::string p = generateFusionProgram(seed);
    int expected = (int)topLevelNestTexts(p).size();
    EXPECT_EQ(totalTopLevelNests(p), expected) << p;
    if (!mlirAvailable())
      continue;
    // mlir-opt's reprint of the same program has the same nests.
    TempProgram file(p);
    CommandResult printed = mlirOptWithPasses(file.path, "");
    ASSERT_EQ(printed.exitCode, 0) << printed.err;
    EXPECT_EQ(totalTopLevelNests(printed.out), expected) << printed.out;
  }
}

//===----------------------------------------------------------------------===//
// (d) survey of MLIR 19's fusion on generated programs (on request)
//===----------------------------------------------------------------------===//

std::string seedList(const std::vector<uint64_t> &seeds) {
  std::string s;
  for (uint64_t seed : seeds)
    s += (s.empty() ? "" : " ") + std::to_string(seed);
  return s.empty() ? "none" : s;
}

/// What happened to one program under `mlir-opt --affine-loop-fusion`.
struct SurveyEntry {
  int before = 0, after = 0;
  /// mlir-opt crashed, or rejected its own fused IR.
  bool optCrashed = false, optInvalid = false;
  bool runFailed = false, differs = false;
};

SurveyEntry surveySeed(uint64_t seed) {
  SurveyEntry e;
  std::string text = generateFusionProgram(seed);
  TempProgram file(text);
  e.before = totalTopLevelNests(text);
  CommandResult fused = mlirOptWithPasses(file.path, "--affine-loop-fusion");
  if (fused.exitCode != 0) {
    bool crashed = fused.exitCode > 128 ||
                   fused.err.find("Stack dump") != std::string::npos;
    (crashed ? e.optCrashed : e.optInvalid) = true;
    return e;
  }
  e.after = totalTopLevelNests(fused.out);
  TempProgram fusedFile(fused.out);
  ProgramOutput original = runWithMlir(file.path);
  ProgramOutput afterFusion = runWithMlir(fusedFile.path);
  e.runFailed = !original.ok() || !afterFusion.ok();
  e.differs = !e.runFailed && original.out != afterFusion.out;
  return e;
}

TEST(FusionProgramSurvey, MlirLoopFusion) {
  const char *flag = std::getenv("AFFJIT_FUSION_SURVEY");
  if (!flag || std::string(flag) != "1")
    GTEST_SKIP() << "set AFFJIT_FUSION_SURVEY=1 to run (seeds 1..N with "
                    "AFFJIT_FUSION_SURVEY_SEEDS=N, default 40)";
  if (!runMlirAvailable())
    GTEST_SKIP() << "mlir-opt or run-mlir not found";
  const char *count = std::getenv("AFFJIT_FUSION_SURVEY_SEEDS");
  uint64_t seeds = count ? std::strtoull(count, nullptr, 10) : 40;
  int fusedPrograms = 0, nestsBefore = 0, nestsAfter = 0;
  std::vector<uint64_t> differ, crashed, invalid, runFailed;
  for (uint64_t seed = 1; seed <= seeds; ++seed) {
    SurveyEntry e = surveySeed(seed);
    std::cout << "seed " << seed << ": " << e.before << " -> "
              << (e.optCrashed   ? std::string("mlir-opt crashed")
                  : e.optInvalid ? std::string("mlir-opt rejects fused IR")
                                 : std::to_string(e.after) + " nests")
              << (e.differs ? ", prints different output" : "")
              << (e.runFailed ? ", run-mlir failed" : "") << "\n";
    if (e.optCrashed || e.optInvalid) {
      (e.optCrashed ? crashed : invalid).push_back(seed);
      continue;
    }
    ASSERT_GE(e.after, 0) << "affjit cannot parse mlir-opt's output, seed "
                          << seed;
    fusedPrograms += e.after < e.before;
    nestsBefore += e.before;
    nestsAfter += e.after;
    if (e.differs)
      differ.push_back(seed);
    if (e.runFailed)
      runFailed.push_back(seed);
  }
  std::ostringstream summary;
  summary << "MLIR fused " << fusedPrograms << "/" << seeds
          << " programs (top-level nests " << nestsBefore << " -> "
          << nestsAfter << " where mlir-opt succeeded); " << differ.size()
          << " print different output: seeds " << seedList(differ) << "; "
          << crashed.size() << " crash mlir-opt --affine-loop-fusion: seeds "
          << seedList(crashed) << "; " << invalid.size()
          << " get fused IR that fails verification: seeds "
          << seedList(invalid) << "; " << runFailed.size()
          << " fused programs fail to run: seeds " << seedList(runFailed);
  std::cout << summary.str() << std::endl;
  RecordProperty("summary", summary.str());
}

/// Op instances @main of `text` runs (FusionCost's compute cost of its
/// top-level ops); nullopt if the text does not parse.
std::optional<double> mainComputeCost(const std::string &text) {
  auto parsed = parseModuleText(text);
  if (!parsed)
    return std::nullopt;
  double cost = 0;
  bool found = false;
  for (auto &op : parsed->module->getBody().getOperations()) {
    auto func = affjit::dyn_cast<affjit::FuncOp>(op.get());
    if (!func || func.getName() != "main" || func.isDeclaration())
      continue;
    found = true;
    for (auto &inner : func.getBody()->getOperations())
      cost += affjit::getComputeCost(inner.get());
  }
  return found ? std::optional<double>(cost) : std::nullopt;
}

/// The issue's bar: on the generator's programs `affjit opt --pipeline=fuse`
/// leaves no more top-level nests than `mlir-opt --affine-loop-fusion`,
/// except where MLIR's result is wrong (crash, invalid IR, different
/// output) or where MLIR's fused program runs more op instances than the
/// original by more than fusion's compute tolerance (30%): redundant
/// computation affjit's cost model refuses on purpose.
TEST(FusionParity, FusesAtLeastAsMuchAsMlir) {
  if (!runMlirAvailable())
    GTEST_SKIP() << "mlir-opt or run-mlir not found";
  const char *count = std::getenv("AFFJIT_FUSION_PARITY_SEEDS");
  uint64_t seeds = count ? std::strtoull(count, nullptr, 10) : 60;
  int ours = 0, theirs = 0, mlirWrong = 0, mlirRecomputes = 0;
  for (uint64_t seed = 1; seed <= seeds; ++seed) {
    std::string text = generateFusionProgram(seed);
    TempProgram file(text);
    CommandResult fused = affjitOpt(file.path, "fuse");
    ASSERT_EQ(fused.exitCode, 0) << "seed " << seed << ": " << fused.err;
    int oursAfter = totalTopLevelNests(fused.out);
    SurveyEntry e = surveySeed(seed);
    if (e.optCrashed || e.optInvalid || e.differs || e.runFailed) {
      ++mlirWrong;
      continue;
    }
    ours += oursAfter;
    theirs += e.after;
    if (oursAfter <= e.after)
      continue;
    std::optional<double> before = mainComputeCost(text);
    std::optional<double> mlirCost = mainComputeCost(
        mlirOptWithPasses(file.path, "--affine-loop-fusion").out);
    ASSERT_TRUE(before && mlirCost) << "seed " << seed;
    if (*mlirCost > 1.3 * *before) {
      ++mlirRecomputes;
      continue;
    }
    ADD_FAILURE() << "seed " << seed << ": affjit leaves " << oursAfter
                  << " nests, MLIR " << e.after << " (MLIR runs "
                  << *mlirCost / *before << "x the original's op instances)\n"
                  << text;
  }
  std::cout << "top-level nests after fusion where MLIR is right: affjit "
            << ours << ", MLIR " << theirs << "; MLIR wrong on " << mlirWrong
            << " of " << seeds << " programs; MLIR fuses more only by "
            << "recomputing more than 30% on " << mlirRecomputes << "\n";
}

} // namespace

// `affjit bench` end to end, through the real tool: variants that agree
// exit 0 and print every variant; a variant whose output is changed by one
// ulp (the hidden test-only --test-corrupt-variant) exits 1 and names the
// element, unless --fast-math tolerates it; missing sizes, non-memref entry
// points and bad flags are one-line errors with exit status 1; --json
// validates against engine/cli/bench.schema.json (python3-jsonschema) and
// holds the numbers the table shows, the version, time, machine and
// measured bandwidth; --plot writes a valid SVG or PNG box plot annotated
// with the problem, machine and settings; a kernel that prints prints
// nothing; a fast-math dot product of 16M terms passes the default
// tolerance.
#include "support/ReorderedSum.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>

using namespace affjit::test;

namespace {

// out = a * b + a through a temporary: two nests that `fuse` joins. Per
// call 2 flops per element and 3 x 16 KiB of arguments.
const char *kChain =
    R"(func.func @chain(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %t = memref.alloc() : memref<64x64xf32>
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a[%i, %j] : memref<64x64xf32>
      %y = affine.load %b[%i, %j] : memref<64x64xf32>
      %p = arith.mulf %x, %y : f32
      affine.store %p, %t[%i, %j] : memref<64x64xf32>
    }
  }
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %p = affine.load %t[%i, %j] : memref<64x64xf32>
      %x = affine.load %a[%i, %j] : memref<64x64xf32>
      %s = arith.addf %p, %x : f32
      affine.store %s, %out[%i, %j] : memref<64x64xf32>
    }
  }
  memref.dealloc %t : memref<64x64xf32>
  return
}
)";

// kChain with a max where it multiplies: fast math has nothing to contract
// or reassociate in it, so only a corrupted variant differs.
const std::string kChainWithoutFma = [] {
  std::string text = kChain;
  text.replace(text.find("arith.mulf"), 10, "arith.maximumf");
  return text;
}();

const char *kOthers = R"(func.func @scale(%x: memref<?x?xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?x?xf32>
  %m = memref.dim %x, %c1 : memref<?x?xf32>
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %m {
      %v = affine.load %x[%i, %j] : memref<?x?xf32>
      %w = arith.mulf %v, %s : f32
      affine.store %w, %x[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
func.func @lanes(%v: vector<4xf32>) {
  return
}
func.func @fresh() -> memref<4xf32> {
  %m = memref.alloc() : memref<4xf32>
  return %m : memref<4xf32>
}
)";

const std::string kPython = "/usr/bin/python3";

std::string sourceDir() { return AFFJIT_SOURCE_DIR; }

std::string schemaPath() {
  return sourceDir() + "/engine/cli/bench.schema.json";
}

CommandResult bench(const std::string &program, const std::string &flags) {
  TempProgram file(program);
  return runCommand(shellQuote(affjitBinary()) + " bench " +
                    shellQuote(file.path) + " " + flags);
}

/// Runs one of tests/bench/*.py on `args`.
CommandResult pythonCheck(const std::string &script, const std::string &args) {
  return runCommand(shellQuote(kPython) + " " +
                    shellQuote(sourceDir() + "/tests/bench/" + script) + " " +
                    args);
}

std::string tempPath(const std::string &suffix) {
  std::string path = writeTempFile("", suffix);
  std::filesystem::remove(path);
  return path;
}

bool contains(const std::string &haystack, const std::string &needle) {
  return haystack.find(needle) != std::string::npos;
}

/// The table row of `pipeline`, split at blanks.
std::vector<std::string> rowOf(const std::string &out,
                               const std::string &pipeline) {
  for (const std::string &line : splitLines(out)) {
    if (line.compare(0, pipeline.size() + 1, pipeline + " ") != 0)
      continue;
    std::vector<std::string> fields;
    std::istringstream words(line);
    for (std::string w; words >> w;)
      fields.push_back(w);
    return fields;
  }
  return {};
}

/// True when every line of `err` is a warning: timings may be noisy on a
/// busy test machine, and that is all stderr may say.
bool onlyWarnings(const std::string &err) {
  for (const std::string &line : splitLines(err))
    if (line.rfind("affjit: warning: ", 0) != 0)
      return false;
  return true;
}

TEST(BenchCli, AgreeingVariantsExitZeroAndPrintEveryVariant) {
  CommandResult r = bench(kChain, "--compare none,fuse,default --min-time 0");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(onlyWarnings(r.err))
      << "no progress line when stderr is not a terminal:\n"
      << r.err;
  std::vector<std::string> lines = splitLines(r.out);
  ASSERT_GE(lines.size(), 8u) << r.out;
  EXPECT_EQ(lines[0], "@chain(%a, %b, %out: memref<64x64xf32>)");
  const std::string work = "work per call: 8.19 kFLOP, 49.2 kB of arguments; ";
  EXPECT_EQ(lines[1].substr(0, work.size()), work);
  EXPECT_EQ(lines[2].substr(0, 8), "pipeline");
  EXPECT_TRUE(std::regex_search(lines[2], std::regex(" GB/s +%BW +speedup$")))
      << lines[2];
  for (const char *pipeline : {"none", "fuse", "default"}) {
    std::vector<std::string> row = rowOf(r.out, pipeline);
    // pipeline, then compile, median, min, max each a number and a unit,
    // spread, GFLOP/s, GB/s, %BW, speedup.
    ASSERT_EQ(row.size(), 14u) << pipeline << "\n" << r.out;
    EXPECT_EQ(row[12].back(), '%') << pipeline;
    EXPECT_EQ(row[13].back(), 'x') << pipeline;
  }
  EXPECT_EQ(rowOf(r.out, "none")[13], "1.00x");
  EXPECT_TRUE(std::regex_match(
      lines[lines.size() - 2],
      std::regex("%BW: GB/s over the best bandwidth measured, copy \\S+ / "
                 "triad \\S+ GB/s \\(STREAM-like, 3 x 16.4 kB arrays: the "
                 "arguments' footprint; [0-9]+ threads?\\)")))
      << lines[lines.size() - 2];
  EXPECT_EQ(lines.back(), "results: every variant leaves the memref "
                          "arguments (and results) bit for bit as none does");
  CommandResult plain =
      bench(kChain, "--compare none --min-time 0 --no-bandwidth");
  ASSERT_EQ(plain.exitCode, 0) << plain.err;
  EXPECT_EQ(rowOf(plain.out, "none").size(), 13u) << plain.out;
  EXPECT_FALSE(contains(plain.out, "%BW")) << plain.out;
}

TEST(BenchCli, VariantsMayGivePassOptions) {
  // Commas inside a pass's braces separate its options, not variants.
  CommandResult r = bench(kChain, "--compare 'none,fuse{siblings=false,"
                                  "compute-tolerance=0.5}+normalize' "
                                  "--min-time 0 --no-bandwidth");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  // The table names a variant by its pipeline, '+' written as ','.
  EXPECT_EQ(rowOf(r.out, "fuse{siblings=false,compute-tolerance=0.5},normalize")
                .size(),
            13u)
      << r.out;
  CommandResult bad =
      bench(kChain, "--compare 'none,fuse{sibling=false}' --min-time 0");
  EXPECT_EQ(bad.exitCode, 1);
  EXPECT_NE(bad.err.find("unknown option 'sibling' for pass 'fuse' in "
                         "--compare"),
            std::string::npos)
      << bad.err;
}

// A kernel printing its memref and a scalar on every call (MLIR's runner
// utilities): timed, it would print thousands of times before the table.
TEST(BenchCli, AKernelThatPrintsPrintsNothing) {
  const char *printing =
      R"(func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @show(%x: memref<16xf32>, %y: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    %v = affine.load %x[%i] : memref<16xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %y[%i] : memref<16xf32>
  }
  %u = memref.cast %y : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %c0 = arith.constant 0 : index
  %s = affine.load %y[%c0] : memref<16xf32>
  vector.print %s : f32
  return
}
)";
  CommandResult r = bench(printing, "--compare none,default --min-time 0.05 "
                                    "--no-bandwidth");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<std::string> lines = splitLines(r.out);
  // The header (2 lines), the column names, two rows, why GFLOP/s and GB/s
  // are unknown (the call), the results line.
  EXPECT_EQ(lines.size(), 8u) << r.out;
  EXPECT_FALSE(contains(r.out, "Unranked Memref")) << r.out;
  for (const std::string &line : lines)
    EXPECT_FALSE(std::regex_match(line, std::regex("-?[0-9.e+-]+")))
        << "a number vector.print printed: " << line;
  EXPECT_EQ(lines[0], "@show(%x, %y: memref<16xf32>)");
  EXPECT_TRUE(onlyWarnings(r.err)) << r.err;
}

TEST(BenchCli, AProgressLineShowsOnlyAtATerminal) {
  TempProgram file(kChain);
  // script(1) (util-linux) runs the tool on a pseudo-terminal.
  CommandResult r = runCommand("script -q -e -c " +
                               shellQuote(shellQuote(affjitBinary()) +
                                          " bench " + shellQuote(file.path) +
                                          " --compare none,fuse --min-time 0") +
                               " /dev/null");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::string erase = "\r\033[K";
  for (const char *step : {"[1/2] none: compiling", "[1/2] none: checking",
                           "[2/2] fuse: compiling", "[2/2] fuse: timing"})
    EXPECT_TRUE(contains(r.out, erase + step)) << step << "\n" << r.out;
  EXPECT_TRUE(contains(r.out, erase + "@chain(")) << "erased before the table";
}

TEST(BenchCli, ACorruptedVariantExitsOneAndNamesTheElement) {
  CommandResult r = bench(kChain, "--compare none,fuse,default --min-time 0 "
                                  "--test-corrupt-variant 2");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.out, "") << "nothing is timed when the variants disagree";
  // The middle element of the 64x64 output, element 2048 in row-major
  // order, is [32, 0]; its lowest bit flipped is one ulp away.
  std::smatch m;
  std::regex line("affjit: error: pipeline 'default' changes what @chain "
                  "computes: %out\\[32, 0\\] = (\\S+) \\(default\\), "
                  "expected (\\S+) \\(none\\), 1 ulp apart\n"
                  "affjit: note: without --fast-math floats must match bit "
                  "for bit; --fast-math compiles every variant with fast "
                  "math and accepts differences up to --ulps N \\(64\\)\n");
  ASSERT_TRUE(std::regex_match(r.err, m, line)) << r.err;
  float actual = std::strtof(m[1].str().c_str(), nullptr);
  float expected = std::strtof(m[2].str().c_str(), nullptr);
  EXPECT_TRUE(actual == std::nextafter(expected, 10.0f) ||
              actual == std::nextafter(expected, -10.0f))
      << actual << " vs " << expected;
}

// The prefixes of `default` find the first pass that reorders the sum
// (support/ReorderedSum.h) over inputs of large magnitude.
TEST(BenchCli, AMismatchNamesTheFirstPassThatCausesIt) {
  std::string json = tempPath(".json");
  CommandResult r =
      bench(kReorderedSum, "--threads 1 --min-time 0 --float-range "
                           "-100000000,100000000 --json " +
                               shellQuote(json));
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_TRUE(contains(r.err, "affjit: error: pipeline 'default' changes what "
                              "@sum computes: %out["))
      << r.err;
  EXPECT_TRUE(contains(r.err, "affjit: error: the results first differ after "
                              "pass 'reassociate' (--pipeline=raise-scf,"
                              "fuse,distribute,interchange,tile,"
                              "split-triangle,scalrep,reassociate)\n"))
      << r.err;
  nlohmann::json report = nlohmann::json::parse(readFile(json));
  const nlohmann::json &mismatch = report["variants"][1]["mismatch"];
  EXPECT_EQ(mismatch["first_differing_pass"], "reassociate");
  EXPECT_EQ(mismatch["differing_pipeline"],
            "raise-scf,fuse,distribute,interchange,tile,split-triangle,"
            "scalrep,reassociate");
  EXPECT_EQ(pythonCheck("validate_json.py",
                        shellQuote(schemaPath()) + " " + shellQuote(json))
                .exitCode,
            0);
  std::filesystem::remove(json);
}

TEST(BenchCli, FastMathToleratesUlpsAndReportsTheLargest) {
  // (kChain itself would differ by FMA contraction, which --fast-math
  // allows: a fused a * b + a becomes one FMA.)
  CommandResult r =
      bench(kChainWithoutFma, "--compare none,fuse,default --min-time 0 "
                              "--test-corrupt-variant 1 --fast-math");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(splitLines(r.out).back(),
            "results: every variant within 64 ulps of none; largest "
            "difference: fuse 1 ulp, default 0 ulps");
  CommandResult strict =
      bench(kChainWithoutFma, "--compare none,fuse --min-time 0 "
                              "--test-corrupt-variant 1 --fast-math "
                              "--ulps 0");
  EXPECT_EQ(strict.exitCode, 1);
  EXPECT_TRUE(contains(strict.err, "%out[32, 0]")) << strict.err;
  EXPECT_TRUE(contains(strict.err, "affjit: note: the --fast-math tolerance "
                                   "is 0 ulps at the largest magnitude"))
      << strict.err;
  EXPECT_TRUE(contains(strict.err, "--ulps N changes it")) << strict.err;
}

// The project's dot product, 16M f32 terms summed in 8 vector lanes under
// fast math: ~1000 ulps of its result from the sequential sum, a fraction
// of an ulp of the sum of the terms' magnitudes it is now measured at.
TEST(BenchCli, FastMathDotProductPassesTheDefaultTolerance) {
  CommandResult r =
      runCommand(shellQuote(affjitBinary()) + " bench " +
                 shellQuote(sourceDir() + "/benchmarks/kernels/dot.mlir") +
                 " --fast-math --compare none,default --threads 1 "
                 "--repetitions 3 --warmup 0 --no-bandwidth");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::smatch m;
  std::string last = splitLines(r.out).back();
  ASSERT_TRUE(std::regex_match(
      last, m,
      std::regex("results: every variant within 64 ulps of none; largest "
                 "difference: default ([0-9]+) ulps?")))
      << last;
}

TEST(BenchCli, FastMathCompilesWithFastMath) {
  // Row sums: `default` vectorizes the reduction only under fast math,
  // which reorders the additions.
  const char *rowSums =
      R"(func.func @rowsum(%a: memref<256x256xf32>, %out: memref<256xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 256 {
    %s = affine.for %j = 0 to 256 iter_args(%acc = %zero) -> (f32) {
      %x = affine.load %a[%i, %j] : memref<256x256xf32>
      %t = arith.addf %acc, %x : f32
      affine.yield %t : f32
    }
    affine.store %s, %out[%i] : memref<256xf32>
  }
  return
}
)";
  CommandResult exact = bench(rowSums, "--compare none,default --min-time 0");
  ASSERT_EQ(exact.exitCode, 0) << exact.err;
  CommandResult fast =
      bench(rowSums, "--compare none,default --min-time 0 --fast-math");
  ASSERT_EQ(fast.exitCode, 0) << fast.err;
  std::smatch m;
  std::string last = splitLines(fast.out).back();
  ASSERT_TRUE(std::regex_match(
      last, m,
      std::regex("results: every variant within 64 ulps of none; largest "
                 "difference: default ([0-9]+) ulps?")))
      << last;
  EXPECT_GT(std::stoi(m[1]), 0) << "the sums were reassociated";
}

TEST(BenchCli, DynamicSizesComeFromDimOrDims) {
  for (const char *flags : {"--dim x=8 --arg 2",
                            "--dim x.0=8 --dim x.1=4 "
                            "--arg s=2",
                            "--dims 8,4 --arg 2",
                            "--dim x.1=4 --dims 8 "
                            "--arg 2"}) {
    CommandResult r =
        bench(kOthers, std::string("-e scale --min-time 0 ") + flags);
    ASSERT_EQ(r.exitCode, 0) << flags << "\n" << r.err;
    bool square = contains(flags, "x=8");
    EXPECT_EQ(splitLines(r.out)[0],
              square ? "@scale(%x: memref<8x8xf32>, %s: f32 = 2)"
                     : "@scale(%x: memref<8x4xf32>, %s: f32 = 2)")
        << flags;
  }
}

TEST(BenchCli, MissingSizesAndUnsupportedSignaturesAreClearErrors) {
  struct Case {
    std::string flags, error;
  } cases[] = {
      {"-e scale --arg 2",
       "affjit: error: no size for dimension 0 of %x (memref<?x?xf32>): give "
       "it with --dim x=SIZE, --dim x.0=SIZE or --dims\n"},
      {"-e scale --dim x.0=8 --arg 2",
       "affjit: error: no size for dimension 1 of %x (memref<?x?xf32>): give "
       "it with --dim x=SIZE, --dim x.1=SIZE or --dims\n"},
      {"-e scale --dim x=8",
       "affjit: error: no value for scalar argument %s (f32): give it with "
       "--arg s=VALUE\n"},
      {"-e lanes",
       "affjit: error: argument %v of @lanes is vector<4xf32>: a benchmarked "
       "function takes memrefs and scalars (integers, index, f32, f64) "
       "only\n"},
      {"-e fresh", "affjit: error: @fresh returns memref<4xf32>: a "
                   "benchmarked function returns scalars only\n"},
  };
  for (const Case &c : cases) {
    CommandResult r = bench(kOthers, c.flags);
    EXPECT_EQ(r.exitCode, 1) << c.flags;
    EXPECT_EQ(r.err, c.error) << c.flags;
    EXPECT_EQ(r.out, "") << c.flags;
  }
}

TEST(BenchCli, BadFlagsAreOneLineErrors) {
  struct Case {
    std::string program, flags, error;
  } cases[] = {
      {kChain, "--compare none,nope",
       "affjit: error: unknown pass 'nope' in --compare (known: none, "
       "default"},
      {kChain, "--compare none,,fuse",
       "affjit: error: empty variant in --compare 'none,,fuse'"},
      {kChain, "-e chian",
       "affjit: error: no function named @chian (functions: @chain)"},
      {kOthers, "",
       "affjit: error: the module defines several functions (@scale, @lanes, "
       "@fresh): name "},
      {kOthers, "-e scale --dim y=8 --arg 2",
       "affjit: error: --dim y=8: no argument named %y (arguments: %x, %s)"},
      {kOthers, "-e scale --dim x=eight --arg 2",
       "affjit: error: --dim x=eight: expected NAME=SIZE"},
      {kOthers, "-e scale --dim x.2=8 --arg 2",
       "affjit: error: --dim x.2=8: %x (memref<?x?xf32>) has rank 2"},
      {kOthers, "-e scale --dim s=8 --arg 2",
       "affjit: error: --dim s=8: %s (f32) is not a memref"},
      {kChain, "--dim a=8",
       "affjit: error: --dim a=8: %a (memref<64x64xf32>) has no ? dimension"},
      {kOthers, "-e scale --dims 8,8,8 --arg 2",
       "affjit: error: --dims gives 3 sizes, but only 2 ? dimensions are "
       "left to size"},
      {kOthers, "-e scale --dims 8,8 --arg s=two",
       "affjit: error: --arg s=two: expected f32, got 'two'"},
      {kChain, "--plot chart.pdf",
       "affjit: error: --plot chart.pdf: the file name must end in .svg or "
       ".png"},
  };
  for (const Case &c : cases) {
    CommandResult r = bench(c.program, c.flags);
    EXPECT_EQ(r.exitCode, 1) << c.flags;
    EXPECT_EQ(r.out, "") << c.flags;
    EXPECT_EQ(r.err.substr(0, c.error.size()), c.error) << c.flags;
    EXPECT_EQ(splitLines(r.err).size(), 1u) << c.flags << "\n" << r.err;
  }
}

TEST(BenchCli, IrErrorsCarryTheirLocation) {
  CommandResult r = bench("func.func @f(%a: memref<4xf32>) {\n  %x = "
                          "arith.addf %y, %y : f32\n  return\n}\n",
                          "");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_TRUE(contains(r.err, ":2:") && contains(r.err, ": error: ")) << r.err;
}

TEST(BenchCli, JsonValidatesAgainstTheSchemaAndHoldsTheNumbers) {
  std::string json = tempPath(".json");
  CommandResult r =
      bench(kChain, "--compare none,fuse --min-time 0.02 --threads 1 --json " +
                        shellQuote(json));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  CommandResult valid = pythonCheck(
      "validate_json.py", shellQuote(schemaPath()) + " " + shellQuote(json));
  EXPECT_EQ(valid.exitCode, 0) << valid.err;

  nlohmann::json report = nlohmann::json::parse(readFile(json));
  EXPECT_EQ(report["function"], "chain");
  EXPECT_TRUE(std::regex_match((std::string)report["affjit_version"],
                               std::regex("[0-9]+\\.[0-9]+\\.[0-9]+.*")))
      << report["affjit_version"];
  EXPECT_TRUE(
      std::regex_match((std::string)report["timestamp"],
                       std::regex("20[0-9]{2}-[0-9]{2}-[0-9]{2}T[0-9]{2}"
                                  ":[0-9]{2}:[0-9]{2}Z")))
      << report["timestamp"];
  EXPECT_TRUE(report["cpu_model"].is_string());
  EXPECT_GE((int)report["online_cpus"], 1);
  EXPECT_EQ(report["settings"]["threads"], 1) << "as the test flags say";
  EXPECT_EQ(report["target"]["cpu"], report["host_cpu"]);
  EXPECT_GE((int)report["target"]["vector_bits"], 128);
  EXPECT_GE((int64_t)report["target"]["llc"], (int64_t)report["target"]["l2"]);
  EXPECT_TRUE(report["warnings"].is_array());
  const nlohmann::json &bandwidth = report["bandwidth"];
  EXPECT_GT((double)bandwidth["copy_gbytes_per_s"], 0);
  EXPECT_GT((double)bandwidth["triad_gbytes_per_s"], 0);
  EXPECT_EQ(bandwidth["array_bytes"], 64 * 64 * 4);
  EXPECT_EQ(bandwidth["threads"], 1);
  EXPECT_EQ(report["work"]["flops"], 2 * 64 * 64);
  EXPECT_EQ(report["work"]["bytes"], 3 * 64 * 64 * 4);
  EXPECT_TRUE(report["agree"]);
  ASSERT_EQ(report["variants"].size(), 2u);
  double referenceMedian = report["variants"][0]["time_s"]["median"];
  for (size_t i = 0; i < 2; ++i) {
    const nlohmann::json &v = report["variants"][i];
    EXPECT_EQ(v["pipeline"], i == 0 ? "none" : "fuse");
    const nlohmann::json &t = v["time_s"];
    EXPECT_GE((int)t["repetitions"], 3);
    EXPECT_EQ(t["samples"].size(), (size_t)t["repetitions"]);
    EXPECT_LE((double)t["min"], (double)t["q1"]);
    EXPECT_LE((double)t["q1"], (double)t["median"]);
    EXPECT_LE((double)t["median"], (double)t["q3"]);
    EXPECT_LE((double)t["q3"], (double)t["max"]);
    double best = std::max((double)bandwidth["copy_gbytes_per_s"],
                           (double)bandwidth["triad_gbytes_per_s"]);
    EXPECT_NEAR((double)v["bandwidth_fraction"],
                (double)v["gbytes_per_s"] / best,
                1e-9 * (double)v["bandwidth_fraction"]);
    EXPECT_NEAR((double)v["gflops"], 8192.0 / (double)t["median"] / 1e9,
                1e-9 * (double)v["gflops"]);
    EXPECT_NEAR((double)v["speedup"], referenceMedian / (double)t["median"],
                1e-9 * (double)v["speedup"]);
    EXPECT_EQ(v["max_ulps"], 0);
    EXPECT_TRUE(v["mismatch"].is_null());
  }

  // The validator rejects what breaks the schema, so the check can fail.
  report.erase("variants");
  std::string broken = writeTempFile(report.dump(), ".json");
  EXPECT_EQ(pythonCheck("validate_json.py",
                        shellQuote(schemaPath()) + " " + shellQuote(broken))
                .exitCode,
            1);
  std::filesystem::remove(broken);
  std::filesystem::remove(json);
}

TEST(BenchCli, TheTargetIsChosenAndRecorded) {
  std::string json = tempPath(".json");
  CommandResult r = bench(kChain, "--compare none,default --min-time 0 "
                                  "--target=x86-64-v2 --cache=l2=256K --json " +
                                      shellQuote(json));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  nlohmann::json report = nlohmann::json::parse(readFile(json));
  EXPECT_EQ(report["host_cpu"], "x86-64-v2") << "what the code was built for";
  EXPECT_EQ(report["target"]["cpu"], "x86-64-v2");
  EXPECT_EQ(report["target"]["vector_bits"], 128);
  EXPECT_EQ(report["target"]["l2"], 256 * 1024);
  EXPECT_EQ(pythonCheck("validate_json.py",
                        shellQuote(schemaPath()) + " " + shellQuote(json))
                .exitCode,
            0);
  std::filesystem::remove(json);
  CommandResult unknown = bench(kChain, "--target=pentium9");
  EXPECT_EQ(unknown.exitCode, 1);
  EXPECT_EQ(unknown.err.rfind("affjit: error: unknown target 'pentium9'", 0),
            0u)
      << unknown.err;
}

TEST(BenchCli, JsonToStdoutLeavesTheTableOnStderr) {
  // `--json -` is stdout, as `-` is everywhere; the report must parse
  // whole, so the table moves to stderr.
  std::string cwd = std::filesystem::current_path();
  CommandResult r = bench(kChain, "--compare none,fuse --min-time 0.02 "
                                  "--threads 1 --no-bandwidth --json -");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  nlohmann::json report = nlohmann::json::parse(r.out);
  EXPECT_EQ(report["function"], "chain");
  EXPECT_FALSE(rowOf(r.err, "fuse").empty()) << r.err;
  EXPECT_FALSE(std::filesystem::exists(cwd + "/-"));
}

TEST(BenchCli, JsonOfDisagreeingVariantsValidatesToo) {
  std::string json = tempPath(".json");
  CommandResult r = bench(kChain, "--compare none,fuse --min-time 0 "
                                  "--test-corrupt-variant 1 --json " +
                                      shellQuote(json));
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(pythonCheck("validate_json.py",
                        shellQuote(schemaPath()) + " " + shellQuote(json))
                .exitCode,
            0);
  nlohmann::json report = nlohmann::json::parse(readFile(json));
  EXPECT_FALSE(report["agree"]);
  const nlohmann::json &fuse = report["variants"][1];
  EXPECT_TRUE(fuse["time_s"].is_null());
  EXPECT_EQ(fuse["mismatch"]["argument"], "%out");
  EXPECT_EQ(fuse["mismatch"]["indices"], nlohmann::json({32, 0}));
  EXPECT_EQ(fuse["mismatch"]["ulps"], 1);
  std::filesystem::remove(json);
}

TEST(BenchCli, FixedRepetitionsColdCallsAndNoPinning) {
  std::string json = tempPath(".json");
  CommandResult r = bench(kChain, "--compare none --repetitions 4 --cold "
                                  "--no-pin --json " +
                                      shellQuote(json));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  nlohmann::json report = nlohmann::json::parse(readFile(json));
  EXPECT_TRUE(report["pinned_cpu"].is_null());
  EXPECT_TRUE(report["settings"]["cold"]);
  EXPECT_EQ(report["settings"]["repetitions"], 4);
  const nlohmann::json &t = report["variants"][0]["time_s"];
  EXPECT_EQ(t["repetitions"], 4);
  EXPECT_EQ(t["calls_per_repetition"], 1) << "a cold call is timed alone";
  std::filesystem::remove(json);
}

TEST(BenchCli, PlotsAreValidImages) {
  for (const char *suffix : {".svg", ".png"}) {
    std::string plot = tempPath(suffix);
    CommandResult r = bench(kChain, "--compare none,fuse --min-time 0 "
                                    "--threads 1 --plot " +
                                        shellQuote(plot));
    ASSERT_EQ(r.exitCode, 0) << suffix << "\n" << r.err;
    // The SVG's text holds the annotations (the PNG's pixels cannot be
    // read back; tests/bench/check_image.py checks its size and colours).
    std::string texts = "none fuse '@chain per pass pipeline' "
                        "'%a, %b, %out: memref<64x64xf32>' '1 thread' "
                        "'-O3; ' 'samples per variant (--min-time 0 s)' "
                        "'pass pipeline (variant)' "
                        "'box: interquartile range; line: median' "
                        "'at the measured bandwidth' affjit";
    CommandResult image = pythonCheck(
        "check_image.py", shellQuote(plot) + " --size 960x600 " + texts);
    EXPECT_EQ(image.exitCode, 0) << suffix << "\n" << image.err;
    EXPECT_EQ(image.out, "960x600\n") << suffix;
    if (std::string(suffix) == ".svg") {
      // A missing annotation fails the check, so the check can fail.
      EXPECT_EQ(pythonCheck("check_image.py",
                            shellQuote(plot) + " 'not in the picture'")
                    .exitCode,
                1);
    }
    if (std::string(suffix) == ".png") {
      // A cut-off picture fails the check, so the check can fail.
      std::string bytes = readFile(plot);
      std::string cut =
          writeTempFile(bytes.substr(0, bytes.size() / 2), ".png");
      EXPECT_EQ(pythonCheck("check_image.py", shellQuote(cut)).exitCode, 1);
      std::filesystem::remove(cut);
    }
    std::filesystem::remove(plot);
  }
}

TEST(BenchCli, GflopsPlotShowsGflops) {
  std::string plot = tempPath(".svg");
  CommandResult r =
      bench(kChain, "--compare none --min-time 0 --plot-metric gflops "
                    "--plot " +
                        shellQuote(plot));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(contains(readFile(plot), "GFLOP/s"));
  std::filesystem::remove(plot);
}

} // namespace

// The traffic measurement (`--measure-traffic`, EngineOptions::
// measureTraffic): the counts a program's nests get are the lines its
// accesses provably touch and miss, derived here from the host's simulated
// L1 size independently of the simulator; measured code computes what
// unmeasured code computes; the command line puts the measurement next to
// the cost model's estimate.
#include "affjit/Engine.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <regex>
#include <string>

using namespace affjit;
using namespace affjit::test;

namespace {

/// Fills a memref twice the L1's size with ones, row by row, then sums it
/// row by row: two nests over `rows` rows of 64 floats (256 bytes).
std::string fillThenSum(int64_t rows) {
  std::string type = "memref<" + std::to_string(rows) + "x64xf32>";
  std::string n = std::to_string(rows);
  return "func.func @fill_then_sum(%A: " + type +
         ", %out: memref<1xf32>) {\n"
         "  %one = arith.constant 1.0 : f32\n"
         "  %zero = arith.constant 0.0 : f32\n"
         "  affine.for %i = 0 to " +
         n +
         " {\n"
         "    affine.for %j = 0 to 64 {\n"
         "      affine.store %one, %A[%i, %j] : " +
         type +
         "\n"
         "    }\n"
         "  }\n"
         "  %s = affine.for %i = 0 to " +
         n +
         " iter_args(%acc = %zero) -> f32 {\n"
         "    %r = affine.for %j = 0 to 64 iter_args(%a = %acc) -> f32 {\n"
         "      %v = affine.load %A[%i, %j] : " +
         type +
         "\n"
         "      %t = arith.addf %a, %v : f32\n"
         "      affine.yield %t : f32\n"
         "    }\n"
         "    affine.yield %r : f32\n"
         "  }\n"
         "  affine.store %s, %out[0] : memref<1xf32>\n"
         "  return\n"
         "}\n";
}

/// Rows of 256 bytes that make twice the simulated L1: a row-by-row pass
/// evicts every line (least recently used) before the next pass comes back
/// to it; the L2 keeps them all.
int64_t rowsForTwiceTheL1() {
  SimulatedCaches caches = Engine::simulatedCaches();
  EXPECT_GT(caches.l1Bytes, 0);
  EXPECT_GE(caches.l2Bytes, 2 * caches.l1Bytes);
  return 2 * caches.l1Bytes / 256;
}

/// fillThenSum(rows) compiled by `engine`, called on its own buffers.
class FillThenSum {
public:
  FillThenSum(Engine &engine, int64_t rows)
      : engine(engine), rows(rows), a({rows, 64}), out({1}) {
    EXPECT_FALSE(engine.compile(fillThenSum(rows), "traffic.mlir"));
  }
  /// Calls it, checks the sum and returns the engine's measurements.
  std::vector<NestTrafficMeasurement> call() {
    EXPECT_FALSE(engine.call("fill_then_sum", a, out));
    EXPECT_EQ(out.data()[0], (float)(rows * 64));
    return engine.measuredTraffic();
  }

private:
  Engine &engine;
  int64_t rows;
  MemRef<float, 2> a; // 64-byte aligned: whole lines
  MemRef<float, 1> out;
};

EngineOptions measuring(const char *pipeline) {
  EngineOptions options;
  options.pipeline = pipeline;
  options.measureTraffic = true;
  return options;
}

TEST(TrafficMeasurement, CountsTheLinesASequentialFillAndSumMoveExactly) {
  int64_t rows = rowsForTwiceTheL1();
  uint64_t bytes = (uint64_t)rows * 256;
  Engine engine(measuring("none"));
  FillThenSum program(engine, rows);
  std::vector<NestTrafficMeasurement> nests = program.call();
  ASSERT_EQ(nests.size(), 2u);
  const NestTrafficMeasurement &fill = nests[0], &sum = nests[1];
  EXPECT_EQ(fill.function, "fill_then_sum");
  EXPECT_EQ(fill.file, "traffic.mlir");
  EXPECT_EQ(fill.line, 4u);
  EXPECT_EQ(fill.column, 3u);
  EXPECT_EQ(sum.line, 9u);
  EXPECT_EQ(fill.runs, 1u);
  EXPECT_GT(fill.accesses, 0u);
  EXPECT_LE(fill.accesses, (uint64_t)rows * 64);
  // The fill meets cold caches (a new compile starts them empty).
  EXPECT_EQ(fill.compulsoryBytes, bytes);
  EXPECT_EQ(fill.l1Bytes, bytes);
  EXPECT_EQ(fill.l2Bytes, bytes);
  // The sum finds only the fill's last L1-full in the L1, and evicts it
  // before reaching it.
  EXPECT_EQ(sum.compulsoryBytes, bytes);
  EXPECT_EQ(sum.l1Bytes, bytes);
  EXPECT_EQ(sum.l2Bytes, 0u);

  // A second call: the caches persist, so the fill now hits in the L2.
  nests = program.call();
  EXPECT_EQ(nests[0].runs, 2u);
  EXPECT_EQ(nests[0].compulsoryBytes, 2 * bytes);
  EXPECT_EQ(nests[0].l1Bytes, 2 * bytes);
  EXPECT_EQ(nests[0].l2Bytes, bytes);
  EXPECT_EQ(nests[1].l2Bytes, 0u);
}

TEST(TrafficMeasurement, SeesThatFusionBringsEachLineInOnce) {
  // `default` fuses the sum into the fill: each row is summed while its
  // lines are still in the L1.
  int64_t rows = rowsForTwiceTheL1();
  uint64_t bytes = (uint64_t)rows * 256;
  Engine engine(measuring("default"));
  std::vector<NestTrafficMeasurement> nests = FillThenSum(engine, rows).call();
  ASSERT_EQ(nests.size(), 1u);
  EXPECT_EQ(nests[0].runs, 1u);
  EXPECT_EQ(nests[0].compulsoryBytes, bytes);
  EXPECT_EQ(nests[0].l1Bytes, bytes);
  EXPECT_EQ(nests[0].l2Bytes, bytes);
}

TEST(TrafficMeasurementEngine, AnEngineThatDoesNotMeasureReportsNoNests) {
  Engine engine;
  ASSERT_FALSE(engine.compile(fillThenSum(4)));
  MemRef<float, 2> a({4, 64});
  MemRef<float, 1> out({1});
  ASSERT_FALSE(engine.call("fill_then_sum", a, out));
  EXPECT_TRUE(engine.measuredTraffic().empty());
}

const char *kMatmul =
    R"(func.func @mm(%A: memref<64x96xf32>, %B: memref<96x128xf32>, %C: memref<64x128xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 128 {
      affine.for %k = 0 to 96 {
        %a = affine.load %A[%i, %k] : memref<64x96xf32>
        %b = affine.load %B[%k, %j] : memref<96x128xf32>
        %c = affine.load %C[%i, %j] : memref<64x128xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x128xf32>
      }
    }
  }
  return
}
)";

CommandResult affjit(const std::string &args) {
  return runCommand(shellQuote(affjitBinary()) + " " + args);
}

TEST(TrafficMeasurementCli, OptPutsTheMeasurementNextToTheEstimate) {
  TempProgram p(kMatmul);
  CommandResult r = affjit("opt " + shellQuote(p.path) +
                           " --opt-report=report --measure-traffic=mm");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("func.func @mm"), std::string::npos);
  // Every nest's line has both, and both count the compulsory bytes alike:
  // the rows of A and C and all of B each nest reads, in whole lines (the
  // default pipeline splits the nest at its register block's remainder).
  std::regex line("remark: \\[report\\] nest: .*estimated traffic: "
                  "([0-9.]+ KB) compulsory.*; measured traffic per run "
                  "\\(1 run; simulated [0-9]+ KB [0-9]+-way L1, .*\\): "
                  "([0-9.]+ KB) compulsory, [0-9.]+ (KB|MB) into L1, "
                  "[0-9.]+ (KB|MB) into L2");
  unsigned nests = 0;
  for (std::sregex_iterator it(r.err.begin(), r.err.end(), line), end;
       it != end; ++it, ++nests)
    EXPECT_EQ((*it)[1].str(), (*it)[2].str()) << it->str();
  EXPECT_GE(nests, 1u) << r.err;
  EXPECT_EQ(countOccurrences(r.err, "remark: [report]"), nests) << r.err;
  // Without passes, one nest reads all of A, B and C: 24 + 48 + 32 KB.
  CommandResult plain = affjit("opt " + shellQuote(p.path) +
                               " --pipeline=none --opt-report=report "
                               "--measure-traffic=mm");
  ASSERT_EQ(plain.exitCode, 0) << plain.err;
  EXPECT_NE(plain.err.find("measured traffic per run (1 run; "),
            std::string::npos)
      << plain.err;
  EXPECT_NE(plain.err.find("): 106 KB compulsory"), std::string::npos)
      << plain.err;
}

TEST(TrafficMeasurementCli, RunReportsTheNestsAfterTheProgramsOwnOutput) {
  // A main that fills the inputs, calls @mm twice and prints one element.
  std::string program = std::string(kMatmul) + R"(
func.func @main() {
  %A = memref.alloc() : memref<64x96xf32>
  %B = memref.alloc() : memref<96x128xf32>
  %C = memref.alloc() : memref<64x128xf32>
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 64 {
    affine.for %k = 0 to 96 {
      affine.store %one, %A[%i, %k] : memref<64x96xf32>
    }
  }
  affine.for %k = 0 to 96 {
    affine.for %j = 0 to 128 {
      affine.store %one, %B[%k, %j] : memref<96x128xf32>
    }
  }
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 128 {
      affine.store %one, %C[%i, %j] : memref<64x128xf32>
    }
  }
  func.call @mm(%A, %B, %C) : (memref<64x96xf32>, memref<96x128xf32>, memref<64x128xf32>) -> ()
  func.call @mm(%A, %B, %C) : (memref<64x96xf32>, memref<96x128xf32>, memref<64x128xf32>) -> ()
  %c0 = arith.constant 0 : index
  %x = memref.load %C[%c0, %c0] : memref<64x128xf32>
  vector.print %x : f32
  memref.dealloc %A : memref<64x96xf32>
  memref.dealloc %B : memref<96x128xf32>
  memref.dealloc %C : memref<64x128xf32>
  return
}
)";
  TempProgram p(program);
  CommandResult plain = affjit("run " + shellQuote(p.path));
  CommandResult measured =
      affjit("run " + shellQuote(p.path) + " --measure-traffic --threads 2");
  ASSERT_EQ(plain.exitCode, 0) << plain.err;
  ASSERT_EQ(measured.exitCode, 0) << measured.err;
  EXPECT_EQ(plain.out, "193\n");
  EXPECT_EQ(measured.out, plain.out);
  EXPECT_NE(measured.err.find("remark: [traffic] measured traffic per run"),
            std::string::npos)
      << measured.err;

  // Without passes: @mm's nest ran twice; main's three fills once each,
  // 24, 48 and 32 KB, into cold caches.
  CommandResult unoptimized = affjit("run " + shellQuote(p.path) +
                                     " --pipeline=none --measure-traffic");
  ASSERT_EQ(unoptimized.exitCode, 0) << unoptimized.err;
  EXPECT_EQ(unoptimized.out, plain.out);
  const std::string &err = unoptimized.err;
  EXPECT_EQ(countOccurrences(err, "remark: [traffic]"), 4u) << err;
  EXPECT_NE(err.find(":2:3: remark: [traffic] measured traffic per run (2 "
                     "runs;"),
            std::string::npos)
      << err;
  for (const char *fill : {"24.6 KB", "49.2 KB", "32.8 KB"}) {
    std::string figures = std::string(fill) + " compulsory, " + fill +
                          " into L1, " + fill + " into L2";
    EXPECT_NE(err.find("(1 run; "), std::string::npos) << err;
    EXPECT_NE(err.find(figures), std::string::npos) << figures << "\n" << err;
  }
}

/// Bytes in a report's "12.6 MB" or "1.14e+03 MB".
double bytesOf(const std::string &number, const std::string &unit) {
  return std::stod(number) * (unit == "MB" ? 1e6 : 1e3);
}

TEST(TrafficMeasurementCli,
     TheModelsEstimateOfPolyBenchGemmIsNearTheMeasurement) {
  // gemm 1024³'s register-blocked nest reads alpha·A from a packed panel,
  // 5 floats per k: the model once charged each of the 5 a line per k
  // (5.2 GB into the L1, against 1.14 GB measured).
  CommandResult r = affjit("opt " +
                           shellQuote(std::string(AFFJIT_SOURCE_DIR) +
                                      "/benchmarks/kernels/poly/gemm.mlir") +
                           " --opt-report=report --measure-traffic");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  // The first nest with a register block of vectors: the main one.
  std::regex re(
      "register block: [0-9]+ x vector.*estimated traffic: ([0-9.e+]+) (KB|MB) "
      "compulsory, ([0-9.e+]+) (KB|MB) into L1 .*measured traffic "
      "per run \\(1 run; [^)]*\\): ([0-9.e+]+) (KB|MB) compulsory, "
      "([0-9.e+]+) (KB|MB) into L1");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.err, m, re)) << r.err;
  double compulsory = bytesOf(m[1], m[2]), l1 = bytesOf(m[3], m[4]);
  double measuredCompulsory = bytesOf(m[5], m[6]),
         measuredL1 = bytesOf(m[7], m[8]);
  // The nest allocates its packed panel per block of rows; an allocator
  // that does not reuse the address (ASan's quarantine) adds lines the
  // model counts once.
  EXPECT_LE(compulsory, 1.01 * measuredCompulsory) << m.str();
  EXPECT_NEAR(l1, measuredL1, 0.1 * measuredL1) << m.str();
}

TEST(TrafficMeasurementCli, OptNamesAnEntryItCannotRun) {
  TempProgram p(kMatmul);
  CommandResult missing =
      affjit("opt " + shellQuote(p.path) +
             " --opt-report=report --measure-traffic=nosuch");
  EXPECT_EQ(missing.exitCode, 1);
  EXPECT_NE(missing.err.find("no function named @nosuch (functions: @mm)"),
            std::string::npos)
      << missing.err;
  // The estimates held for the measurement still print.
  EXPECT_NE(missing.err.find("remark: [report] nest: "), std::string::npos)
      << missing.err;
  EXPECT_EQ(missing.err.find("measured"), std::string::npos) << missing.err;
  TempProgram dynamic("func.func @f(%A: memref<?xf32>) {\n"
                      "  affine.for %i = 0 to 4 {\n"
                      "  }\n"
                      "  return\n"
                      "}\n");
  CommandResult r =
      affjit("opt " + shellQuote(dynamic.path) + " --measure-traffic=f");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("affjit: error: "), std::string::npos) << r.err;
  // It says how to size it, and opt takes the option it names.
  EXPECT_NE(r.err.find("give it with --dim A=SIZE"), std::string::npos)
      << r.err;
  CommandResult sized = affjit("opt " + shellQuote(dynamic.path) +
                               " --measure-traffic=f --dim A=8");
  EXPECT_EQ(sized.exitCode, 0) << sized.err;
}

} // namespace

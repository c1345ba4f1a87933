// The tile pass end to end: which bands it tiles, by how much, and that
// tiled code computes bit for bit what the untiled code computes (affjit
// bench compares the buffers of `none` and `default`) and, printed by
// `affjit opt`, what MLIR's own lowering computes for the input
// (run-mlir). AFFJIT_L2_BYTES=262144 and AFFJIT_LLC_BYTES=1048576 pin the
// model to a 256 KiB L2 and a 1 MiB last-level cache, and
// AFFJIT_VECTOR_BITS=512 the vector width (tile sizes are whole vectors,
// unroll-jam's block fills the registers), so the decisions do not depend
// on the machine that runs the tests.
#include "support/FusionOracle.h"
#include "support/MlirOracle.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <string>

using namespace affjit::test;

namespace {

const std::string kL2 =
    "AFFJIT_L2_BYTES=262144 AFFJIT_LLC_BYTES=1048576 AFFJIT_VECTOR_BITS=512 ";

CommandResult affjit(const std::string &args, const std::string &env = kL2) {
  return runCommand(env + shellQuote(affjitBinary()) + " " + args);
}

/// `affjit opt --pipeline=tile --opt-report=tile PATH`: the tiled IR on
/// stdout, the pass's remarks on stderr.
CommandResult tileOnly(const std::string &path, const std::string &env = kL2) {
  return affjit(
      "opt --assume-distinct-args --pipeline=tile --opt-report=tile " +
          shellQuote(path),
      env);
}

/// `affjit bench` of `path` with `none` against `default` on one thread:
/// exits non-zero when the buffers differ in any bit.
void expectSameBits(const std::string &path, const std::string &args = "") {
  CommandResult r = affjit("bench " + shellQuote(path) +
                           " --entry kernel --compare=none,default --threads 1 "
                           "--repetitions 1 --warmup 0 --no-pin " +
                           args);
  ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("bit for bit"), std::string::npos) << r.out;
}

/// `printed` (affjit's output for the program at `path`) prints under
/// run-mlir what the program prints.
void expectRunMlirAgrees(const std::string &path, const std::string &printed) {
  TempProgram tiled(printed);
  ProgramOutput expected = runWithMlir(path);
  ASSERT_TRUE(expected.ok()) << expected.err;
  ProgramOutput actual = runWithMlir(tiled.path);
  ASSERT_TRUE(actual.ok()) << actual.err;
  EXPECT_EQ(actual.out, expected.out);
}

/// `%iv + offset` (`%iv` for 0) in a subscript.
std::string plus(const char *iv, int offset) {
  return std::string(iv) + (offset ? " + " + std::to_string(offset) : "");
}

/// C[i, j] += A[i, k] * B[k, j] for 4 rows, j < NJ, k < NK: every row
/// reads all of B (1 MiB at 512 x 512), which the tiles keep to 128 KiB.
constexpr const char *kGemmRowsTemplate = R"(
func.func private @printMemrefF32(memref<*xf32>)
func.func @kernel(%A: memref<4xNJxf32>, %B: memref<NKxNJxf32>,
                  %C: memref<4xNJxf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to NJ {
      affine.for %k = 0 to NK {
        %a = affine.load %A[%i, %k] : memref<4xNJxf32>
        %b = affine.load %B[%k, %j] : memref<NKxNJxf32>
        %c = affine.load %C[%i, %j] : memref<4xNJxf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<4xNJxf32>
      }
    }
  }
  return
}
func.func @main() {
  %A = memref.alloc() : memref<4xNJxf32>
  %B = memref.alloc() : memref<NKxNJxf32>
  %C = memref.alloc() : memref<4xNJxf32>
  %tenth = arith.constant 0.1 : f32
  affine.for %i = 0 to NK {
    affine.for %j = 0 to NJ {
      %x = affine.apply affine_map<(d0, d1) -> ((d0 * 7 + d1 * 3) mod 17)>(%i, %j)
      %c = arith.index_cast %x : index to i32
      %f = arith.sitofp %c : i32 to f32
      %v = arith.mulf %f, %tenth : f32
      affine.store %v, %B[%i, %j] : memref<NKxNJxf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to NJ {
      %x = affine.apply affine_map<(d0, d1) -> ((d0 * 5 + d1) mod 11)>(%i, %j)
      %c = arith.index_cast %x : index to i32
      %f = arith.sitofp %c : i32 to f32
      %v = arith.mulf %f, %tenth : f32
      affine.store %v, %A[%i, %j] : memref<4xNJxf32>
      affine.store %f, %C[%i, %j] : memref<4xNJxf32>
    }
  }
  call @kernel(%A, %B, %C) : (memref<4xNJxf32>, memref<NKxNJxf32>, memref<4xNJxf32>) -> ()
  %s = memref.alloc() : memref<4x24xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 24 {
      %v = affine.load %C[%i, %j * 21] : memref<4xNJxf32>
      affine.store %v, %s[%i, %j] : memref<4x24xf32>
    }
  }
  %p = memref.cast %s : memref<4x24xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  return
}
)";

/// kGemmRowsTemplate with NJ columns and a reduction over NK.
std::string gemmRows(int nj = 512, int nk = 512) {
  std::string text = kGemmRowsTemplate;
  for (auto [token, value] :
       {std::pair<std::string, int>{"NJ", nj}, {"NK", nk}})
    for (size_t at = text.find(token); at != std::string::npos;
         at = text.find(token, at))
      text.replace(at, token.size(), std::to_string(value));
  return text;
}

TEST(Tile, GemmRowsTileColumnsAndReductionAndComputeTheSame) {
  TempProgram program(gemmRows());
  CommandResult opt = tileOnly(program.path);
  ASSERT_EQ(opt.exitCode, 0) << opt.err;
  // 256 x 128 floats of B: 128 KiB of the 192 KiB budget (3/4 of 256 KiB).
  EXPECT_NE(
      opt.err.find("remark: [tile] tiled (%j, %k) by (256, 128), tiles "
                   "outside %i: an iteration of %i touches 130 KiB "
                   "instead of 1 MiB (more than 256 KiB, a quarter of the "
                   "last-level cache; tiles fit 3/4 of the L2: 192 KiB)"),
      std::string::npos)
      << opt.err;
  EXPECT_NE(opt.out.find("affine.for %arg3 = 0 to 512 step 256 {\n"
                         "      affine.for %arg4 = 0 to 512 step 128 {\n"
                         "        affine.for %arg5 = 0 to 4 {"),
            std::string::npos)
      << opt.out;
  EXPECT_NE(opt.out.find("affine_map<(d0) -> (d0 + 128)>(%arg4)"),
            std::string::npos)
      << opt.out;
  expectSameBits(program.path);
  if (!runMlirAvailable())
    GTEST_SKIP() << "run-mlir or mlir-opt not available";
  CommandResult full =
      affjit("opt --pipeline=default --threads 1 " + shellQuote(program.path));
  ASSERT_EQ(full.exitCode, 0) << full.err;
  ASSERT_NE(full.out.find("step 256"), std::string::npos) << full.out;
  expectRunMlirAgrees(program.path, full.out);
}

/// Y[i + 1, j + wj, k + wk] = Y[i, j + rj, k + rk] * 0.5 + B[j, k]: a flow
/// dependence of distance (1, wj - rj, wk - rk), B reused along i.
std::string stencil(int rj, int rk, int wj, int wk) {
  return R"(
func.func @kernel(%Y: memref<5x514x514xf32>, %B: memref<512x512xf32>) {
  %half = arith.constant 0.5 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 512 {
      affine.for %k = 0 to 512 {
        %y = affine.load %Y[%i, )" +
         plus("%j", rj) + ", " + plus("%k", rk) + R"(] : memref<5x514x514xf32>
        %b = affine.load %B[%j, %k] : memref<512x512xf32>
        %h = arith.mulf %y, %half : f32
        %s = arith.addf %h, %b : f32
        affine.store %s, %Y[%i + 1, )" +
         plus("%j", wj) + ", " + plus("%k", wk) + R"(] : memref<5x514x514xf32>
      }
    }
  }
  return
}
)";
}

struct StencilCase {
  int rj, rk, wj, wk;
  /// Words of the remark.
  std::string remark;
  bool tiled;
};

// Tiling runs the tiles of j and k outside i. It must not when a
// dependence carried by i goes backwards along j or k: the tile holding
// its target would run first.
TEST(Tile, DependencesAlongTheBandDecide) {
  const std::string notTiled = "but the dependence on %Y has directions ";
  const std::string skew = " along the band; tiles would reverse it (it "
                           "needs skewing first)";
  const StencilCase cases[] = {
      // 3 x 64 KiB: the tiles of B, of Y read and of Y written.
      {0, 0, 0, 0, "tiled (%j, %k) by (128, 128)", true},
      // Y's box grows by a row and a column: over budget at 128 x 128.
      {0, 0, 1, 1, "tiled (%j, %k) by (128, 64)", true},
      {1, 0, 0, 0, notTiled + "(<, >, =)" + skew, false},
      {0, 1, 0, 0, notTiled + "(<, =, >)" + skew, false},
      {1, 0, 0, 1, notTiled + "(<, >, <)" + skew, false},
  };
  for (const StencilCase &c : cases) {
    SCOPED_TRACE("read [i, j + " + std::to_string(c.rj) + ", k + " +
                 std::to_string(c.rk) + "], write [i + 1, j + " +
                 std::to_string(c.wj) + ", k + " + std::to_string(c.wk) + "]");
    TempProgram program(stencil(c.rj, c.rk, c.wj, c.wk));
    CommandResult opt = tileOnly(program.path);
    ASSERT_EQ(opt.exitCode, 0) << opt.err;
    EXPECT_NE(opt.err.find(c.remark), std::string::npos) << opt.err;
    EXPECT_NE(opt.err.find(c.tiled ? "remark: [tile] tiled"
                                   : "remark: [tile] not tiled: an iteration "
                                     "of %i touches 3"),
              std::string::npos)
        << opt.err;
    EXPECT_EQ(opt.out.find("0 to 512 step 128") != std::string::npos, c.tiled)
        << opt.out;
    expectSameBits(program.path);
  }
}

/// PolyBench's gemm for 4 rows: C[i, *] *= beta, then C[i, j] += alpha *
/// A[i, k] * B[k, j]; with `producer`, the first nest of each row writes a
/// buffer the second reads (as after fusion) instead of scaling C.
std::string polyGemmRows(bool producer) {
  std::string first = producer ? R"(      affine.for %j = 0 to 512 {
        %a = affine.load %A[%i, %j] : memref<4x512xf32>
        %t = arith.mulf %a, %alpha : f32
        affine.store %t, %T[%i, %j] : memref<4x512xf32>
      })"
                               : R"(      affine.for %j = 0 to 512 {
        %c = affine.load %C[%i, %j] : memref<4x512xf32>
        %m = arith.mulf %c, %beta : f32
        affine.store %m, %C[%i, %j] : memref<4x512xf32>
      })";
  std::string scaled = producer ? "%t = affine.load %T[%i, %k] : "
                                  "memref<4x512xf32>"
                                : "%a = affine.load %A[%i, %k] : "
                                  "memref<4x512xf32>\n"
                                  "          %t = arith.mulf %alpha, %a : f32";
  return R"(
func.func @kernel(%alpha: f32, %beta: f32, %A: memref<4x512xf32>,
                  %B: memref<512x512xf32>, %C: memref<4x512xf32>,
                  %T: memref<4x512xf32>) {
  affine.for %i = 0 to 4 {
)" + first +
         R"(
      affine.for %k = 0 to 512 {
        affine.for %j = 0 to 512 {
          )" +
         scaled +
         R"(
          %b = affine.load %B[%k, %j] : memref<512x512xf32>
          %p = arith.mulf %t, %b : f32
          %c = affine.load %C[%i, %j] : memref<4x512xf32>
          %s = arith.addf %c, %p : f32
          affine.store %s, %C[%i, %j] : memref<4x512xf32>
        }
      }
  }
  return
}
)";
}

// A row loop holding two nests is split in two when the first only
// updates the second's output (C *= beta): the second is then tiled, its
// tile loops outside the rows, and `pack` still computes alpha * A once
// per row block inside a tile. A first nest that passes a buffer to the
// second (a fused producer) keeps them together, untiled, and says so.
TEST(Tile, RowLoopsOfSeveralNestsAreSplitOnlyAroundTheOutputsUpdates) {
  TempProgram gemm(polyGemmRows(false));
  CommandResult opt =
      affjit("opt --pipeline=default --threads 1 --opt-report=tile,pack " +
             shellQuote(gemm.path));
  ASSERT_EQ(opt.exitCode, 0) << opt.err;
  EXPECT_NE(opt.err.find("remark: [tile] tiled (%j, %k) by (256, 128), tiles "
                         "outside %i (its body's 2 nests distributed into "
                         "loops of their own)"),
            std::string::npos)
      << opt.err;
  EXPECT_NE(opt.err.find("remark: [pack] packed: 4 value(s) per iteration of "
                         "%k.tile to %k.tile + 128"),
            std::string::npos)
      << opt.err;
  expectSameBits(gemm.path, "--arg alpha=1.5 --arg beta=0.75");
  if (runMlirAvailable()) {
    // mlir-opt reads the split, tiled and packed nest.
    TempProgram printed(opt.out);
    CommandResult reparsed =
        runCommand(shellQuote(mlirOptPath()) + " " + shellQuote(printed.path));
    EXPECT_EQ(reparsed.exitCode, 0) << reparsed.err;
  }

  TempProgram fused(polyGemmRows(true));
  CommandResult kept = tileOnly(fused.path);
  ASSERT_EQ(kept.exitCode, 0) << kept.err;
  EXPECT_NE(kept.err.find("remark: [tile] not tiled: the nest at 11:7 would "
                          "need a loop %i of its own, but the nests of %i "
                          "pass a buffer to each other (fused); splitting "
                          "them would undo the fusion"),
            std::string::npos)
      << kept.err;
  EXPECT_EQ(kept.out.find("step"), std::string::npos) << kept.out;
  expectSameBits(fused.path, "--arg alpha=1.5 --arg beta=0.75");
}

// Sizes that do not divide the trip counts leave partial tiles: the nest
// is copied for them with constant bounds, after the whole tiles of the
// same rows, and computes the same bits (and, printed, the same output
// under run-mlir).
TEST(Tile, PartialTilesRunAsCopiesOfTheNest) {
  // 4 x 500 x 300: no whole-vector size of at least 64 divides 500 or 300.
  TempProgram program(gemmRows(500, 300));
  CommandResult opt = tileOnly(program.path);
  ASSERT_EQ(opt.exitCode, 0) << opt.err;
  // 128 x 300 floats of B: 150 KiB of the 192 KiB budget.
  EXPECT_NE(opt.err.find("remark: [tile] tiled (%j) by (128)"),
            std::string::npos)
      << opt.err;
  // Three whole tiles of j, then the nest again for columns 384..499.
  std::string kernel = opt.out.substr(0, opt.out.find("func.func @main"));
  EXPECT_EQ(countOccurrences(kernel, "arith.mulf"), 2u) << opt.out;
  EXPECT_NE(opt.out.find("0 to 384 step 128"), std::string::npos) << opt.out;
  EXPECT_NE(opt.out.find("= 384 to 500 {"), std::string::npos) << opt.out;
  expectSameBits(program.path);
  if (!runMlirAvailable())
    GTEST_SKIP() << "run-mlir or mlir-opt not available";
  CommandResult full =
      affjit("opt --pipeline=default --threads 1 " + shellQuote(program.path));
  ASSERT_EQ(full.exitCode, 0) << full.err;
  expectRunMlirAgrees(program.path, full.out);
}

/// Y[i + wi, j + wj, k + wk] = Y[i + ri, j + rj, k + rk] * 0.5 + B[j, k]
/// over 4 x nj x nk iterations (at most 256 each), offsets 0..2 (B reused
/// along i).
std::string offsetStencil(const int (&o)[6], int nj, int nk) {
  return R"(
func.func @kernel(%Y: memref<7x258x258xf32>, %B: memref<256x256xf32>) {
  %half = arith.constant 0.5 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to )" +
         std::to_string(nj) + R"( {
      affine.for %k = 0 to )" +
         std::to_string(nk) + R"( {
        %y = affine.load %Y[)" +
         plus("%i", o[0]) + ", " + plus("%j", o[1]) + ", " + plus("%k", o[2]) +
         R"(] : memref<7x258x258xf32>
        %b = affine.load %B[%j, %k] : memref<256x256xf32>
        %h = arith.mulf %y, %half : f32
        %s = arith.addf %h, %b : f32
        affine.store %s, %Y[)" +
         plus("%i", o[3]) + ", " + plus("%j", o[4]) + ", " + plus("%k", o[5]) +
         R"(] : memref<7x258x258xf32>
      }
    }
  }
  return
}
)";
}

// Random read and write offsets give dependences of every direction
// along i, j and k (and none), with whole and partial tiles: whatever the
// pass decides, the tiled code
// computes what the untiled code computes, bit for bit. With a 64 KiB L2
// and a 256 KiB last level the pass wants to tile every one of them.
TEST(Tile, RandomOffsetStencilsComputeTheSameTiledOrNot) {
  uint64_t state = 12345;
  auto draw = [&]() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (int)((state >> 33) % 3);
  };
  int tiled = 0, refused = 0;
  for (int n = 0; n < 24; ++n) {
    int o[6];
    for (int &v : o)
      v = draw();
    // 256 is tiled in whole tiles, 250 and 230 leave partial ones.
    const int extents[] = {256, 250, 230};
    int nj = extents[draw()], nk = extents[draw()];
    SCOPED_TRACE("read [i+" + std::to_string(o[0]) + ", j+" +
                 std::to_string(o[1]) + ", k+" + std::to_string(o[2]) +
                 "], write [i+" + std::to_string(o[3]) + ", j+" +
                 std::to_string(o[4]) + ", k+" + std::to_string(o[5]) + "], " +
                 std::to_string(nj) + " x " + std::to_string(nk));
    TempProgram program(offsetStencil(o, nj, nk));
    const std::string env = "AFFJIT_L2_BYTES=65536 AFFJIT_LLC_BYTES=262144 ";
    CommandResult opt = tileOnly(program.path, env);
    ASSERT_EQ(opt.exitCode, 0) << opt.err;
    tiled += opt.err.find("remark: [tile] tiled") != std::string::npos;
    refused += opt.err.find("needs skewing") != std::string::npos;
    CommandResult r = affjit("bench " + shellQuote(program.path) +
                                 " --entry kernel --compare=none,default "
                                 "--threads 1 --repetitions 1 --warmup 0 "
                                 "--no-pin",
                             env);
    ASSERT_EQ(r.exitCode, 0) << opt.out << r.err;
  }
  // Both decisions were exercised.
  EXPECT_GE(tiled, 5);
  EXPECT_GE(refused, 5);
}

// A 2^40-iteration loop gets its tile sizes without visiting every
// candidate size (the search looks at divisors in pairs).
TEST(Tile, HugeTripCountsAreTiled) {
  TempProgram program(R"(
func.func @rows(%x: memref<1099511627776xf32>, %s: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 1099511627776 {
      %a = affine.load %x[%j] : memref<1099511627776xf32>
      %b = affine.load %s[%i] : memref<4xf32>
      %c = arith.addf %a, %b : f32
      affine.store %c, %s[%i] : memref<4xf32>
    }
  }
  return
}
)");
  CommandResult opt = tileOnly(program.path);
  ASSERT_EQ(opt.exitCode, 0) << opt.err;
  // 32768 floats of x: 128 KiB of the 192 KiB budget.
  EXPECT_NE(opt.err.find("remark: [tile] tiled (%j) by (32768), tiles "
                         "outside %i: an iteration of %i touches 128 KiB "
                         "instead of 4 TiB"),
            std::string::npos)
      << opt.err;
  EXPECT_NE(opt.out.find("0 to 1099511627776 step 32768"), std::string::npos)
      << opt.out;
}

// Where every row's data stays in the cache, or no loop reuses anything,
// the pass changes nothing and says nothing.
TEST(Tile, NestsThatFitOrHaveNoReuseAreLeftAlone) {
  TempProgram program(gemmRows());
  CommandResult fits = tileOnly(program.path, "AFFJIT_L2_BYTES=16777216 "
                                              "AFFJIT_LLC_BYTES=67108864 ");
  ASSERT_EQ(fits.exitCode, 0) << fits.err;
  EXPECT_EQ(fits.err.find("[tile]"), std::string::npos) << fits.err;
  EXPECT_EQ(fits.out.find("step"), std::string::npos) << fits.out;

  // Each element read once: nothing to keep in a cache.
  TempProgram copy(R"(
func.func @copy(%A: memref<512x512xf32>, %B: memref<512x512xf32>) {
  affine.for %i = 0 to 512 {
    affine.for %j = 0 to 512 {
      %a = affine.load %A[%i, %j] : memref<512x512xf32>
      affine.store %a, %B[%i, %j] : memref<512x512xf32>
    }
  }
  return
}
)");
  CommandResult none = tileOnly(copy.path);
  ASSERT_EQ(none.exitCode, 0) << none.err;
  EXPECT_EQ(none.err.find("[tile]"), std::string::npos) << none.err;
  EXPECT_EQ(none.out.find("step"), std::string::npos) << none.out;
}

} // namespace

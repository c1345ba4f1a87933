// DMA emulation end to end through `affjit run`: transfers between memory
// spaces in affine and memref syntax (contiguous and strided) land the
// values that the source buffer holds at the transferred positions, and
// misuse of tags is a runtime error with a message, never a hang. MLIR's
// own runner cannot lower DMA ops, so the expected data is written out by
// hand from the program's fill formula (value = 10 * row + column), or
// comes from the same program with its copies written as loads and
// stores, which run-mlir runs too.
#include "support/FusionOracle.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <regex>

using namespace affjit::test;

namespace {

CommandResult runProgram(const std::string &path) {
  return runCommand(shellQuote(affjitBinary()) + " run " + shellQuote(path));
}

TEST(DmaProgram, ContiguousAndStridedTransfersMoveTheRightElements) {
  CommandResult r = runProgram(std::string(AFFJIT_SOURCE_DIR) +
                               "/tests/programs/dma_strided.mlir");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::string out =
      std::regex_replace(r.out, std::regex("base@ = 0x[0-9a-fA-F]+ "), "");
  // Rows 1 and 2 of the 4x5 source.
  EXPECT_NE(out.find("[[10,   11,   12,   13,   14], \n"
                     " [20,   21,   22,   23,   24]]"),
            std::string::npos)
      << out;
  // Columns 1 and 2 of every row, packed.
  EXPECT_NE(out.find("[1,  2,  11,  12,  21,  22,  31,  32]"),
            std::string::npos)
      << out;
}

/// A matrix product whose B is packed, panel by panel of 8 columns, into a
/// buffer in memory space 1 (issue 15's packing, as seed 004 spells it on
/// a machine with explicit memory spaces), with `copy` moving the panel at
/// column %jb.
std::string packedMatmul(const std::string &copy) {
  return R"(func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %A = memref.alloc() : memref<16x24xf32>
  %B = memref.alloc() : memref<24x32xf32>
  %C = memref.alloc() : memref<16x32xf32>
  %Bp = memref.alloc() : memref<24x8xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 16 {
    affine.for %k = 0 to 24 {
      %x = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1) mod 7)>(%i, %k)
      %xi = arith.index_cast %x : index to i32
      %xf = arith.sitofp %xi : i32 to f32
      affine.store %xf, %A[%i, %k] : memref<16x24xf32>
    }
  }
  affine.for %k = 0 to 24 {
    affine.for %j = 0 to 32 {
      %x = affine.apply affine_map<(d0, d1) -> ((d0 + d1 * 5) mod 11)>(%k, %j)
      %xi = arith.index_cast %x : index to i32
      %xf = arith.sitofp %xi : i32 to f32
      affine.store %xf, %B[%k, %j] : memref<24x32xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 32 {
      affine.store %zero, %C[%i, %j] : memref<16x32xf32>
    }
  }
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c192 = arith.constant 192 : index
  affine.for %jb = 0 to 32 step 8 {
)" + copy +
         R"(
    affine.for %i = 0 to 16 {
      affine.for %k = 0 to 24 {
        affine.for %jj = 0 to 8 {
          %a = affine.load %A[%i, %k] : memref<16x24xf32>
          %b = affine.load %Bp[%k, %jj] : memref<24x8xf32, 1>
          %c = affine.load %C[%i, %jb + %jj] : memref<16x32xf32>
          %p = arith.mulf %a, %b : f32
          %s = arith.addf %c, %p : f32
          affine.store %s, %C[%i, %jb + %jj] : memref<16x32xf32>
        }
      }
    }
  }
  %u = memref.cast %C : memref<16x32xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
)";
}

// The same packed product with its panel copies written as a strided
// dma_start/dma_wait (8 elements every 32, 192 in all) and as a loop of
// loads and stores prints the same, in every pipeline; run-mlir prints the
// same for the load/store form.
TEST(DmaProgram, PackingWrittenAsDmaComputesWhatLoadsAndStoresCompute) {
  TempProgram dma(packedMatmul(
      "    affine.dma_start %B[%c0, %jb], %Bp[%c0, %c0], %tag[%c0], %c192, "
      "%c32, %c8 : memref<24x32xf32>, memref<24x8xf32, 1>, memref<1xi32>\n"
      "    affine.dma_wait %tag[%c0], %c192 : memref<1xi32>"));
  TempProgram loads(packedMatmul(R"(    affine.for %k = 0 to 24 {
      affine.for %jj = 0 to 8 {
        %v = affine.load %B[%k, %jb + %jj] : memref<24x32xf32>
        affine.store %v, %Bp[%k, %jj] : memref<24x8xf32, 1>
      }
    })"));
  ProgramOutput expected = runWithAffjit(loads.path, "none");
  ASSERT_TRUE(expected.ok()) << expected.err;
  std::string matrix = expected.out.substr(expected.out.find("data ="));
  for (const char *pipeline : {"none", "default"}) {
    ProgramOutput got = runWithAffjit(dma.path, pipeline);
    ASSERT_TRUE(got.ok()) << pipeline << ": " << got.err;
    EXPECT_EQ(got.out.substr(got.out.find("data =")), matrix) << pipeline;
  }
  if (runMlirAvailable()) {
    ProgramOutput mlir = runWithMlir(loads.path);
    ASSERT_TRUE(mlir.ok()) << mlir.err;
    EXPECT_EQ(mlir.out.substr(mlir.out.find("data =")), matrix);
  }
}

/// A program that starts `start` transfers and then waits as `wait` says.
std::string tagProgram(const std::string &start, const std::string &wait) {
  return R"(
func.func @main() {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  %c16 = arith.constant 16 : index
  %c8 = arith.constant 8 : index
)" + start +
         wait +
         R"(
  return
}
)";
}

const char *kStart = "  affine.dma_start %a[0], %b[0], %tag[0], %c16 : "
                     "memref<16xf32>, memref<16xf32, 1>, memref<1xi32>\n";

TEST(DmaProgram, WaitingOnAnIdleTagIsARuntimeError) {
  std::string path = writeTempFile(
      tagProgram("", "  affine.dma_wait %tag[0], %c16 : memref<1xi32>\n"));
  CommandResult r = runProgram(path);
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("dma_wait: no transfer in flight"), std::string::npos)
      << r.err;
}

TEST(DmaProgram, WaitingForTheWrongSizeIsARuntimeError) {
  std::string path = writeTempFile(
      tagProgram(kStart, "  affine.dma_wait %tag[0], %c8 : memref<1xi32>\n"));
  CommandResult r = runProgram(path);
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("dma_wait: waiting for 8 elements"), std::string::npos)
      << r.err;
}

TEST(DmaProgram, StartingTwiceOnABusyTagIsARuntimeError) {
  std::string path =
      writeTempFile(tagProgram(std::string(kStart) + kStart, ""));
  CommandResult r = runProgram(path);
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("already has a transfer"), std::string::npos) << r.err;
}

TEST(DmaProgram, MismatchedElementTypesAreRejectedBeforeRunning) {
  std::string path = writeTempFile(R"(
func.func @main() {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xi32, 1>
  %tag = memref.alloc() : memref<1xi32>
  %c16 = arith.constant 16 : index
  affine.dma_start %a[0], %b[0], %tag[0], %c16 : memref<16xf32>, memref<16xi32, 1>, memref<1xi32>
  return
}
)");
  CommandResult r = runProgram(path);
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find(":7:3: error: source and destination memrefs must "
                       "have the same elemental type"),
            std::string::npos)
      << r.err;
}

} // namespace

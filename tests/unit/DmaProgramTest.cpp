// DMA emulation end to end through `affjit run`: transfers between memory
// spaces in affine and memref syntax (contiguous and strided) land the
// values that the source buffer holds at the transferred positions, and
// misuse of tags is a runtime error with a message, never a hang. MLIR's
// own runner cannot lower DMA ops, so the expected data is written out by
// hand from the program's fill formula (value = 10 * row + column).
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

// Lowering corners where LLVM's nearest instruction differs from the MLIR
// op: no generated code may have undefined behaviour the op does not have,
// and a type with no run-time form is an error with a location, not a
// crash. Expected values are worked out by hand from the ops' definitions.
#include "support/Subprocess.h"

#include <gtest/gtest.h>

using namespace affjit::test;

namespace {

CommandResult runProgram(const std::string &program,
                         const std::string &flags = "") {
  std::string path = writeTempFile(program);
  return runCommand(shellQuote(affjitBinary()) + " run " + flags + " " +
                    shellQuote(path));
}

// The divisors come from memory, so neither affjit nor LLVM can fold them.
const char *kRemainders = R"(func.func @main() {
  %m = memref.alloc() : memref<4xi8>
  %w = memref.alloc() : memref<2xi64>
  %lhs = arith.constant dense<[-128, 7, -7, 100]> : vector<4xi8>
  %rhs = arith.constant dense<[-1, -1, 3, -7]> : vector<4xi8>
  %c0 = arith.constant 0 : index
  vector.store %rhs, %m[%c0] : memref<4xi8>, vector<4xi8>
  %d = vector.load %m[%c0] : memref<4xi8>, vector<4xi8>
  %v = arith.remsi %lhs, %d : vector<4xi8>
  vector.print %v : vector<4xi8>
  %min = arith.constant -9223372036854775808 : i64
  %m1 = arith.constant -1 : i64
  affine.store %m1, %w[0] : memref<2xi64>
  affine.store %min, %w[1] : memref<2xi64>
  %x = affine.load %w[1] : memref<2xi64>
  %y = affine.load %w[0] : memref<2xi64>
  %r = arith.remsi %x, %y : i64
  vector.print %r : i64
  affine.for %i = 0 to 4 {
    %e = vector.extract %d[%i] : i8 from vector<4xi8>
    %l = vector.extract %lhs[%i] : i8 from vector<4xi8>
    %s = arith.remsi %l, %e : i8
    vector.print %s : i8
  }
  return
}
)";

TEST(LoweringEdgeCase, RemainderOfTheSmallestValueByMinusOneIsZero) {
  // -128 rem -1 = 0, 7 rem -1 = 0, -7 rem 3 = -1, 100 rem -7 = 2 (the sign
  // of the dividend); i64's smallest rem -1 = 0.
  const std::string expected = "( 0, 0, -1, 2 )\n0\n0\n0\n-1\n2\n";
  for (const char *pipeline : {"none", "default"}) {
    SCOPED_TRACE(pipeline);
    CommandResult r =
        runProgram(kRemainders, std::string("--pipeline=") + pipeline);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, expected);
  }
}

TEST(LoweringEdgeCase, TensorsAreAnErrorAtTheirFunctionNotACrash) {
  CommandResult r =
      runProgram(R"(func.func @id(%t: tensor<4xf32>) -> tensor<4xf32> {
  return %t : tensor<4xf32>
}
func.func @main() {
  return
}
)");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find(":1:1: error: failed to lower 'func.func': cannot "
                       "compile a value of type 'tensor<4xf32>'"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("bufferize"), std::string::npos) << r.err;
}

TEST(LoweringEdgeCase, AParallelLoopWithoutInductionVariablesRunsOnce) {
  // MLIR 19 parses and prints this but cannot lower it (scf.parallel needs
  // a dimension): the body runs once, and the reduction over no dimension
  // is the body's value, 1.5 + 1.5.
  CommandResult r = runProgram(R"(func.func @main() {
  %m = memref.alloc() : memref<2xf32>
  %one = arith.constant 1.5 : f32
  affine.parallel () = () to () {
    affine.store %one, %m[0] : memref<2xf32>
  }
  %r = affine.parallel () = () to () reduce ("addf") -> f32 {
    %v = affine.load %m[0] : memref<2xf32>
    %w = arith.addf %v, %v : f32
    affine.yield %w : f32
  }
  vector.print %r : f32
  return
}
)");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, "3\n");
}

TEST(LoweringEdgeCase, AllocWithAStridedLayoutGetsItsOffsetAndStrides) {
  // MLIR 19 does not lower these allocs. The buffer must hold the last
  // element at offset + sum((size - 1) * stride): 2 + 8 + 2 = 12 for the
  // static layout, 5 + 1 * 1 + 2 * 2 = 10 (sizes 2x3, strides [1, 2]:
  // column-major) for the one bound through symbols.
  CommandResult r =
      runProgram(R"(func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %a = memref.alloc() : memref<2x3xf32, strided<[8, 1], offset: 2>>
  %b = memref.alloca()[%c5, %c1, %c2] : memref<2x3xf32, strided<[?, ?], offset: ?>>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 3 + d1)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %a[%i, %j] : memref<2x3xf32, strided<[8, 1], offset: 2>>
      affine.store %f, %b[%i, %j] : memref<2x3xf32, strided<[?, ?], offset: ?>>
    }
  }
  %u = memref.cast %a : memref<2x3xf32, strided<[8, 1], offset: 2>> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %v = memref.cast %b : memref<2x3xf32, strided<[?, ?], offset: ?>> to memref<*xf32>
  call @printMemrefF32(%v) : (memref<*xf32>) -> ()
  return
}
)",
                 "--checked");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("rank = 2 offset = 2 sizes = [2, 3] strides = [8, 1] "
                       "data = \n[[0,   1,   2], \n [3,   4,   5]]"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("rank = 2 offset = 5 sizes = [2, 3] strides = [1, 2] "
                       "data = \n[[0,   1,   2], \n [3,   4,   5]]"),
            std::string::npos)
      << r.out;
}

} // namespace

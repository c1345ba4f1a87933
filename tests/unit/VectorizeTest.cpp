// The vectorize pass end to end: float reductions are vectorized only when
// reassociation is allowed (--fast-math, EngineOptions::fastMath, or the
// op's fastmath flags) and then still print what the scalar program prints
// on values that are small integers; column sums (an outer-loop reduction)
// are vectorized without fast math and bit-identical; the JIT'ed code of a
// vectorized kernel uses the host's widest registers.
#include "affjit/Buffer.h"
#include "affjit/Engine.h"
#include "support/FusionOracle.h"
#include "support/MlirOracle.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <fstream>

using namespace affjit::test;

namespace {

/// Row and column sums of a 37x150 matrix of small integers (exact in f32
/// in any order), printed.
constexpr const char *kSums = R"(
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %a = memref.alloc() : memref<37x150xf32>
  %rows = memref.alloc() : memref<37xf32>
  %cols = memref.alloc() : memref<150xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 37 {
    affine.for %j = 0 to 150 {
      %x = affine.apply affine_map<(d0, d1) -> ((d0 * 7 + d1 * 3) mod 13)>(%i, %j)
      %c = arith.index_cast %x : index to i32
      %f = arith.sitofp %c : i32 to f32
      affine.store %f, %a[%i, %j] : memref<37x150xf32>
    }
  }
  affine.for %i = 0 to 37 {
    %r = affine.for %j = 0 to 150 iter_args(%acc = %zero) -> (f32) {
      %v = affine.load %a[%i, %j] : memref<37x150xf32>
      %s = arith.addf %acc, %v : f32
      affine.yield %s : f32
    }
    affine.store %r, %rows[%i] : memref<37xf32>
  }
  affine.for %j = 0 to 150 {
    %r = affine.for %i = 0 to 37 iter_args(%acc = %zero) -> (f32) {
      %v = affine.load %a[%i, %j] : memref<37x150xf32>
      %s = arith.addf %acc, %v : f32
      affine.yield %s : f32
    }
    affine.store %r, %cols[%j] : memref<150xf32>
  }
  %p = memref.cast %rows : memref<37xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  %q = memref.cast %cols : memref<150xf32> to memref<*xf32>
  call @printMemrefF32(%q) : (memref<*xf32>) -> ()
  return
}
)";

struct SumsFile {
  TempProgram file{kSums};
};

CommandResult affjit(const std::string &args) {
  return runCommand(shellQuote(affjitBinary()) + " " + args);
}

TEST(Vectorize, FloatRowSumsNeedFastMathColumnSumsDoNot) {
  SumsFile sums;
  CommandResult strict =
      affjit("opt --pipeline=vectorize --opt-report=vectorize " +
             shellQuote(sums.file.path));
  ASSERT_EQ(strict.exitCode, 0) << strict.err;
  // Line 17 is the row loop's inner loop, line 24 the column loop.
  EXPECT_NE(strict.err.find(":17:10: remark: [vectorize] not vectorized: 0 to "
                            "150: its float reduction may not be reassociated"),
            std::string::npos)
      << strict.err;
  EXPECT_NE(strict.err.find(":24:3: remark: [vectorize] vectorized: 0 to 150"),
            std::string::npos)
      << strict.err;
  CommandResult fast =
      affjit("opt --pipeline=vectorize --fast-math --opt-report=vectorize " +
             shellQuote(sums.file.path));
  EXPECT_NE(fast.err.find(":17:10: remark: [vectorize] vectorized: 0 to 150"),
            std::string::npos)
      << fast.err;
  EXPECT_NE(fast.out.find("vector.reduction <add>"), std::string::npos);

  ProgramOutput scalar = runWithAffjit(sums.file.path, "none");
  ASSERT_TRUE(scalar.ok()) << scalar.err;
  for (const char *flags : {"", "--fast-math", "--fast-math --checked"}) {
    ProgramOutput vectorized = runWithAffjit(sums.file.path, "default", flags);
    ASSERT_TRUE(vectorized.ok()) << flags << ": " << vectorized.err;
    EXPECT_EQ(vectorized.out, scalar.out) << flags;
  }
  if (runMlirAvailable()) {
    ProgramOutput mlir = runWithMlir(sums.file.path);
    EXPECT_EQ(mlir.out, scalar.out);
  }
}

/// Row sums of an R x 4096 f32 matrix, the reduction along the rows.
std::string rowSums(int rows) {
  std::string type = "memref<" + std::to_string(rows) + "x4096xf32>";
  return R"(func.func @rowsum(%A: )" + type + R"(, %out: memref<)" +
         std::to_string(rows) + R"(xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to )" +
         std::to_string(rows) + R"( {
    %s = affine.for %j = 0 to 4096 iter_args(%acc = %zero) -> (f32) {
      %a = affine.load %A[%i, %j] : )" +
         type + R"(
      %t = arith.addf %acc, %a : f32
      affine.yield %t : f32
    }
    affine.store %s, %out[%i] : memref<)" +
         std::to_string(rows) + R"(xf32>
  }
  return
}
)";
}

// A horizontal reduction over more bytes than the last-level cache holds
// keeps one register of partial sums and asks LLVM not to unroll its loop;
// one over cached data keeps 4 registers (see VectorizationTarget).
TEST(Vectorize, ReductionsStreamingFromMemoryKeepOneRegister) {
  // 16 GiB: beyond any last-level cache. 256 KiB: within any.
  TempProgram streamed(rowSums(1 << 20)), cached(rowSums(16));
  std::string opt = "AFFJIT_VECTOR_BITS=512 " + shellQuote(affjitBinary()) +
                    " opt --pipeline=vectorize --fast-math "
                    "--opt-report=vectorize ";
  CommandResult s = runCommand(opt + shellQuote(streamed.path));
  ASSERT_EQ(s.exitCode, 0) << s.err;
  EXPECT_NE(s.err.find("(16 lanes, 1 reduction(s) finished by "
                       "vector.reduction; streams from memory: one register, "
                       "not unrolled)"),
            std::string::npos)
      << s.err;
  EXPECT_NE(s.out.find("step 16 iter_args"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("} {affjit.unroll = false}"), std::string::npos)
      << s.out;
  CommandResult c = runCommand(opt + shellQuote(cached.path));
  ASSERT_EQ(c.exitCode, 0) << c.err;
  EXPECT_NE(c.out.find("step 64 iter_args"), std::string::npos) << c.out;
  EXPECT_EQ(c.out.find("affjit.unroll"), std::string::npos) << c.out;
  EXPECT_EQ(c.err.find("streams from memory"), std::string::npos) << c.err;

  // mlir-opt reads the hint as a discardable attribute.
  if (mlirAvailable()) {
    TempProgram printed(s.out);
    CommandResult reparsed =
        runCommand(shellQuote(mlirOptPath()) + " " + shellQuote(printed.path));
    EXPECT_EQ(reparsed.exitCode, 0) << reparsed.err;
    EXPECT_NE(reparsed.out.find("affjit.unroll = false"), std::string::npos);
  }
}

// A loop whose body calls a math library function (exp here) is
// vectorized one register wide: the call clobbers every vector register,
// so more registers per op would only be spilled around it. A loop of
// arithmetic keeps 4 registers per op.
TEST(Vectorize, LoopsCallingMathFunctionsKeepOneRegister) {
  TempProgram p(R"(func.func @f(%x: memref<1024xf32>, %y: memref<1024xf32>) {
  affine.for %i = 0 to 1024 {
    %v = affine.load %x[%i] : memref<1024xf32>
    %e = math.exp %v : f32
    affine.store %e, %y[%i] : memref<1024xf32>
  }
  affine.for %i = 0 to 1024 {
    %v = affine.load %x[%i] : memref<1024xf32>
    %s = arith.mulf %v, %v : f32
    affine.store %s, %y[%i] : memref<1024xf32>
  }
  return
}
)");
  for (const char *flags : {"", " --fast-math"}) {
    CommandResult r = runCommand(
        "AFFJIT_VECTOR_BITS=512 " + shellQuote(affjitBinary()) +
        " opt --pipeline=vectorize" + flags + " " + shellQuote(p.path));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    size_t exp = r.out.find("math.exp");
    ASSERT_NE(exp, std::string::npos) << r.out;
    size_t second = r.out.find("affine.for", r.out.find("affine.for") + 1);
    EXPECT_NE(r.out.rfind("step 16 {", exp), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("math.exp %", exp), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("vector<16xf32>", r.out.find("affine.vector_load")),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("step 64 {", second), std::string::npos) << r.out;
  }
}

TEST(Vectorize, EngineFastMathOptionReachesThePass) {
  const char *kernel = R"(
func.func @dot(%x: memref<1000xf32>, %y: memref<1000xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 1000 iter_args(%acc = %zero) -> (f32) {
    %a = affine.load %x[%i] : memref<1000xf32>
    %b = affine.load %y[%i] : memref<1000xf32>
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    affine.yield %s : f32
  }
  return %r : f32
}
)";
  for (bool fastMath : {false, true}) {
    std::vector<affjit::Remark> remarks;
    affjit::EngineOptions options;
    options.fastMath = fastMath;
    options.optReport = "vectorize";
    options.onRemark = [&](const affjit::Remark &r) { remarks.push_back(r); };
    affjit::Engine engine(options);
    ASSERT_FALSE(engine.compile(kernel)) << fastMath;
    // Vectorized, the 1000 iterations leave a tail of more than one
    // register's lanes (40 of 64 with AVX-512), which is vectorized too,
    // in narrower registers down to what is left (32 + 8 lanes).
    if (fastMath)
      ASSERT_GE(remarks.size(), 2u);
    else
      ASSERT_EQ(remarks.size(), 1u);
    EXPECT_EQ(
        remarks[0].message.rfind(fastMath ? "vectorized" : "not vectorized", 0),
        0u)
        << remarks[0].message;
    for (size_t i = 1; i < remarks.size(); ++i)
      EXPECT_EQ(remarks[i].message.rfind("epilogue vectorized", 0), 0u)
          << remarks[i].message;
    affjit::MemRef<float, 1> x({1000}), y({1000});
    double expected = 0;
    for (int i = 0; i < 1000; ++i) {
      x.data()[i] = (float)(i % 7);
      y.data()[i] = (float)(i % 5 - 2);
      expected += (double)(i % 7) * (i % 5 - 2);
    }
    affjit::Expected<float> r = engine.call<float>("dot", x, y);
    ASSERT_TRUE(r);
    EXPECT_EQ((double)*r, expected) << fastMath;
  }
}

bool hostHasAvx512() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line))
    if (line.find("avx512f") != std::string::npos)
      return true;
  return false;
}

TEST(Vectorize, ColumnSumsUseTheWidestRegisters) {
  if (!hostHasAvx512())
    GTEST_SKIP() << "the host has no AVX-512";
  SumsFile sums;
  CommandResult repl =
      runCommand("printf ':load " + sums.file.path + "\\n:asm @main\\n' | " +
                 shellQuote(affjitBinary()) + " repl");
  ASSERT_EQ(repl.exitCode, 0) << repl.err;
  EXPECT_NE(repl.out.find("zmm"), std::string::npos) << repl.out;
}

} // namespace

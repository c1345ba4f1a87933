// math.exp on vectors of f32 without fastmath gives libm's expf bits on
// every lane (ExactVectorExp.h): compared with ::expf, called here, on a
// sample of every f32 bit pattern (all 2^32 of them with
// AFFJIT_EXHAUSTIVE=1), on the special values, and on inputs whose exp lies
// so close to a rounding midpoint that they are recomputed by libm.
#include "affjit/Buffer.h"
#include "affjit/Engine.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

namespace {

// Whole vectors of 16 lanes, written as vector ops so the lowering sees the
// same width on every host.
const char *kKernel =
    R"(func.func @exp16(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  affine.for %i = 0 to %n step 16 {
    %v = affine.vector_load %x[%i] : memref<?xf32>, vector<16xf32>
    %e = math.exp %v : vector<16xf32>
    affine.vector_store %e, %y[%i] : memref<?xf32>, vector<16xf32>
  }
  return
}
)";

uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

float floatOf(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

class ExactVectorExp : public ::testing::Test {
protected:
  void SetUp() override {
    affjit::EngineOptions options;
    options.pipeline = "none";
    engine = std::make_unique<affjit::Engine>(options);
    affjit::Error err = engine->compile(kKernel, "exp16.mlir");
    ASSERT_FALSE(err) << err.message();
  }

  /// Runs the kernel on `inputs` (padded to whole vectors) and counts the
  /// lanes whose bits differ from ::expf's, printing the first few.
  uint64_t countDifferences(std::vector<float> inputs) {
    size_t n = inputs.size();
    inputs.resize((n + 15) / 16 * 16, 0.0f);
    std::vector<float> out(inputs.size());
    affjit::MemRef<float, 1> x(inputs.data(), {(int64_t)inputs.size()});
    affjit::MemRef<float, 1> y(out.data(), {(int64_t)out.size()});
    affjit::Error err = engine->call("exp16", x, y);
    EXPECT_FALSE(err) << err.message();
    uint64_t differences = 0;
    for (size_t i = 0; i < n; ++i) {
      float want = ::expf(inputs[i]);
      bool same = std::isnan(want) ? std::isnan(out[i])
                                   : bitsOf(want) == bitsOf(out[i]);
      if (!same && ++differences <= 5)
        ADD_FAILURE() << "exp(" << std::hexfloat << inputs[i] << ") gave "
                      << out[i] << ", libm's expf " << want;
    }
    return differences;
  }

  std::unique_ptr<affjit::Engine> engine;
};

TEST_F(ExactVectorExp, SpecialValuesAndRangeEnds) {
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<float> x = {0.0f,
                          -0.0f,
                          1.0f,
                          -1.0f,
                          inf,
                          -inf,
                          std::numeric_limits<float>::quiet_NaN(),
                          -87.0f,
                          88.0f,
                          std::nextafter(-87.0f, -inf),
                          std::nextafter(88.0f, inf),
                          88.7228f,
                          88.7229f,
                          -103.2789f,
                          -103.9721f,
                          -104.0f,
                          -87.3365f,
                          1e-45f,
                          -1e-45f,
                          std::numeric_limits<float>::min(),
                          std::numeric_limits<float>::max(),
                          std::numeric_limits<float>::lowest()};
  EXPECT_EQ(countDifferences(x), 0u);
}

// exp of these lies within 2^-40 relative of a midpoint between two floats,
// so they take the cold branch to libm: each in every lane position, next to
// lanes that do not.
TEST_F(ExactVectorExp, NearMidpointInputsGoToLibm) {
  std::vector<float> x = {0x1.fffcp-25f,    0x1.dfffeap-21f,  0x1.b87d0ap-15f,
                          0x1.859d9cp-9f,   0x1.8e6ep-3f,     0x1.75fe46p+3f,
                          -0x1.7fff14p-24f, -0x1.e4003cp-19f, -0x1.cabcd8p-13f,
                          -0x1.9be432p-7f,  -0x1.74de4cp-1f,  -0x1.5c42bap+5f};
  // Each in every lane position of a vector.
  std::vector<float> spread;
  for (float v : x)
    for (int lane = 0; lane < 16; ++lane) {
      std::vector<float> vec(16, 0.5f);
      vec[lane] = v;
      spread.insert(spread.end(), vec.begin(), vec.end());
    }
  EXPECT_EQ(countDifferences(spread), 0u);
}

// Every 997th bit pattern (4.3 million inputs, all signs and exponents), or
// every one of them with AFFJIT_EXHAUSTIVE=1.
TEST_F(ExactVectorExp, EveryInputOfASampleMatchesLibm) {
  const char *all = std::getenv("AFFJIT_EXHAUSTIVE");
  uint64_t stride = all && std::string(all) == "1" ? 1 : 997;
  const uint64_t chunk = uint64_t(1) << 20;
  std::vector<float> inputs;
  uint64_t differences = 0, tested = 0;
  for (uint64_t u = 0; u < (uint64_t(1) << 32); u += stride) {
    inputs.push_back(floatOf((uint32_t)u));
    if (inputs.size() == chunk) {
      differences += countDifferences(inputs);
      tested += inputs.size();
      inputs.clear();
    }
  }
  differences += countDifferences(inputs);
  tested += inputs.size();
  EXPECT_EQ(differences, 0u) << "of " << tested << " inputs";
}

// The fast path is what runs: no call per lane in the vector loop.
TEST_F(ExactVectorExp, VectorLoopHasNoCallPerLane) {
  affjit::test::TempProgram p(kKernel);
  affjit::test::CommandResult ir = affjit::test::runCommand(
      affjit::test::shellQuote(affjit::test::affjitBinary()) + " llvm " +
      affjit::test::shellQuote(p.path) + " --pipeline=none");
  ASSERT_EQ(ir.exitCode, 0) << ir.err;
  EXPECT_EQ(ir.out.find("@llvm.exp.v16f32"), std::string::npos) << ir.out;
  EXPECT_NE(ir.out.find("fptrunc <16 x double>"), std::string::npos) << ir.out;
  EXPECT_NE(ir.out.find("exp.redo"), std::string::npos) << ir.out;
}

} // namespace

// The target model (frontend/target/TargetModel.h): the host's describes
// what LLVM and sysfs say, and passes plan for the model they are handed
// rather than for the machine they run on: the same loop vectorized for a
// 128-bit and a 512-bit target gets 16- and 64-lane vectors (four
// registers each), and the
// description (part of the compile cache key) tells the two apart.
#include "frontend/target/TargetModel.h"
#include "frontend/parse/Parser.h"
#include "frontend/print/Printer.h"
#include "frontend/transform/PassPipeline.h"
#include "frontend/verify/Verifier.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

using namespace affjit;

namespace {

const char *kScale =
    R"(func.func @scale(%x: memref<1024xf32>, %y: memref<1024xf32>) {
  affine.for %i = 0 to 1024 {
    %v = affine.load %x[%i] : memref<1024xf32>
    %w = arith.mulf %v, %v : f32
    affine.store %w, %y[%i] : memref<1024xf32>
  }
  return
}
)";

/// `kScale` after `spec`, planned for `target`.
std::string transformed(const std::string &spec, const TargetModel &target) {
  SourceBuffer source;
  source.name = std::make_shared<const std::string>("scale.mlir");
  source.text = kScale;
  DiagnosticEngine diag;
  std::unique_ptr<Module> module = parseModule(source, diag);
  EXPECT_TRUE(module && verifyModule(*module, diag));
  if (!module)
    return "";
  std::string error;
  std::optional<PassPipeline> pipeline = parsePassPipeline(spec, error);
  EXPECT_TRUE(pipeline) << error;
  PassRunOptions options;
  options.target = &target;
  options.assumeDistinctArgs = true;
  EXPECT_TRUE(runPassPipeline(*module, *pipeline, diag, options));
  std::ostringstream os;
  printModule(*module, os);
  return os.str();
}

TEST(TargetModel, HostDescribesItsCachesAndVectors) {
  const TargetModel &host = TargetModel::host();
  EXPECT_FALSE(host.cpu.empty());
  EXPECT_GE(host.vectorBits, 128u);
  EXPECT_GT(host.caches.l1, 0);
  EXPECT_GE(host.caches.l2, host.caches.l1);
  EXPECT_GE(host.caches.last, host.caches.l2);
  std::string text = host.describe();
  EXPECT_NE(text.find("cpu=" + host.cpu), std::string::npos) << text;
  EXPECT_NE(text.find("l2=" + std::to_string(host.caches.l2)),
            std::string::npos)
      << text;
  EXPECT_EQ(&TargetModel::host(), &host) << "built once";
}

TEST(TargetModel, PassesPlanForTheModelTheyAreGiven) {
  TargetModel narrow, wide;
  narrow.vectorBits = 128;
  narrow.vectorRegisters = 16;
  wide.vectorBits = 512;
  wide.vectorRegisters = 32;
  std::string a = transformed("vectorize", narrow),
              b = transformed("vectorize", wide);
  // Four registers' worth of lanes per op (VectorizationTarget::interleave).
  EXPECT_NE(a.find("vector<16xf32>"), std::string::npos) << a;
  EXPECT_EQ(a.find("vector<64xf32>"), std::string::npos) << a;
  EXPECT_NE(b.find("vector<64xf32>"), std::string::npos) << b;
  EXPECT_NE(narrow.describe(), wide.describe());
}

} // namespace

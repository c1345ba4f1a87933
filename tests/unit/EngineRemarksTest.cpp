// Optimization remarks through the C++ API: EngineOptions::optReport selects
// the passes, EngineOptions::onRemark receives each decision with its
// location and the text `affjit --opt-report` prints; an unknown pass in
// the selection is a compile error, and no selection means no remarks.
#include "affjit/Engine.h"
#include "frontend/transform/PassPipeline.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

const char *kKernel = R"(func.func @k(%A: memref<32xf32>) {
  affine.for %i = 4 to 20 step 4 {
    %v = affine.load %A[%i] : memref<32xf32>
    affine.store %v, %A[%i + 1] : memref<32xf32>
  }
  affine.for %i = 0 to 32 {
    %v = affine.load %A[%i] : memref<32xf32>
    affine.store %v, %A[%i] : memref<32xf32>
  }
  return
}
)";

affjit::EngineOptions reporting(std::string pipeline, std::string report,
                                std::vector<affjit::Remark> &remarks) {
  affjit::EngineOptions options;
  options.pipeline = std::move(pipeline);
  options.optReport = std::move(report);
  options.onRemark = [&remarks](const affjit::Remark &r) {
    remarks.push_back(r);
  };
  return options;
}

TEST(EngineRemarks, EachDecisionReachesTheCallbackWithItsLocation) {
  std::vector<affjit::Remark> remarks;
  affjit::Engine engine(reporting("normalize", "normalize", remarks));
  affjit::Error err = engine.compile(kKernel, "k.mlir");
  ASSERT_FALSE(err) << err.message();
  ASSERT_EQ(remarks.size(), 2u);
  EXPECT_EQ(remarks[0].pass, "normalize");
  EXPECT_EQ(remarks[0].file, "k.mlir");
  EXPECT_EQ(remarks[0].line, 2u);
  EXPECT_EQ(remarks[0].column, 3u);
  EXPECT_EQ(remarks[0].message, "normalized: 4 to 20 step 4 -> 0 to 4");
  EXPECT_EQ(remarks[0].text,
            "k.mlir:2:3: remark: [normalize] normalized: 4 to 20 step 4 -> "
            "0 to 4\n  affine.for %i = 4 to 20 step 4 {\n  ^\n");
  EXPECT_EQ(remarks[1].line, 6u);
  EXPECT_EQ(remarks[1].message, "already normalized: 0 to 32");
  // The compiled code is the normalized program's.
  affjit::MemRef<float, 1> a({32});
  for (int i = 0; i < 32; ++i)
    a(i) = float(i);
  ASSERT_FALSE(engine.call("k", a));
  EXPECT_EQ(a(5), 4.0f);
  EXPECT_EQ(a(17), 16.0f);
}

TEST(EngineRemarks, NoSelectionOrNoPassMeansNoRemarks) {
  std::vector<affjit::Remark> remarks;
  affjit::Engine quiet(reporting("normalize", "", remarks));
  ASSERT_FALSE(quiet.compile(kKernel));
  affjit::Engine noPass(reporting("none", "all", remarks));
  ASSERT_FALSE(noPass.compile(kKernel));
  EXPECT_TRUE(remarks.empty());
}

TEST(EngineRemarks, UnknownPassesInTheSelectionAreCompileErrors) {
  std::vector<affjit::Remark> remarks;
  affjit::Engine engine(reporting("normalize", "normalize,fusion", remarks));
  affjit::Error err = engine.compile(kKernel);
  ASSERT_TRUE(err);
  std::string known = "all";
  for (const affjit::PassInfo &pass : affjit::passRegistry().passes)
    known += ", " + std::string(pass.name);
  EXPECT_EQ(err.message().rfind(
                "unknown pass 'fusion' in --opt-report (known: " + known, 0),
            0u)
      << err.message();
  affjit::EngineOptions dump;
  dump.dumpAfter = "normalise";
  affjit::Engine dumping(dump);
  affjit::Error dumpErr = dumping.compile(kKernel);
  ASSERT_TRUE(dumpErr);
  EXPECT_NE(dumpErr.message().find("unknown pass 'normalise' in --dump-after"),
            std::string::npos);
  EXPECT_TRUE(remarks.empty());
}

TEST(EngineRemarks, VerifyEachAcceptsACorrectPipeline) {
  affjit::EngineOptions options;
  options.pipeline = "normalize,normalize";
  options.verifyEach = true;
  affjit::Engine engine(options);
  affjit::Error err = engine.compile(kKernel);
  EXPECT_FALSE(err) << err.message();
  EXPECT_TRUE(engine.lookup("k"));
}

} // namespace

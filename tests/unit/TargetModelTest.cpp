// The target model (frontend/target/TargetModel.h): the host's describes
// what LLVM and sysfs say; named x86 CPUs get LLVM's features with what
// they imply, --mattr switches features with their dependents, --cache
// sets sizes, and bad names or values are errors that say what is known.
// Passes, lowering and code generation plan for the model they are handed
// rather than for the machine they run on: the same loop vectorized for a
// 128-bit and a 512-bit target gets 16- and 64-lane vectors (four
// registers each), AVX-512 assembly on any host, and code the host cannot
// execute is refused before it runs.
#include "frontend/target/TargetModel.h"
#include "affjit/Buffer.h"
#include "affjit/Engine.h"
#include "engine/Pipeline.h"
#include "engine/jit/Jit.h"
#include "frontend/parse/Parser.h"
#include "frontend/print/Printer.h"
#include "frontend/transform/PassPipeline.h"
#include "frontend/verify/Verifier.h"

#include <gtest/gtest.h>

#include <cstring>
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

/// `name` resolved with `mattr` and `caches`; fails the test on an error.
TargetModel resolved(std::string_view name, std::string_view mattr = "",
                     std::string_view caches = "") {
  std::string error;
  std::optional<TargetModel> t =
      TargetModel::resolve(name, mattr, caches, error);
  EXPECT_TRUE(t) << error;
  return t ? *t : TargetModel{};
}

/// The error resolving `name`, `mattr` and `caches` gives ("" if none).
std::string resolveError(std::string_view name, std::string_view mattr = "",
                         std::string_view caches = "") {
  std::string error;
  EXPECT_FALSE(TargetModel::resolve(name, mattr, caches, error));
  return error;
}

TEST(TargetModel, NamedCpusHaveTheirFeaturesAndWhatTheyImply) {
  TargetModel v4 = resolved("x86-64-v4");
  EXPECT_EQ(v4.vectorBits, 512u);
  EXPECT_EQ(v4.vectorRegisters, 32u);
  for (const char *f : {"avx512f", "avx512bw", "avx2", "fma", "sse4.2"})
    EXPECT_TRUE(v4.hasFeature(f)) << f;
  TargetModel v3 = resolved("x86-64-v3");
  EXPECT_EQ(v3.vectorBits, 256u);
  EXPECT_EQ(v3.vectorRegisters, 16u);
  EXPECT_TRUE(v3.hasFeature("avx") && v3.hasFeature("fma"));
  EXPECT_FALSE(v3.hasFeature("avx512f"));
  TargetModel base = resolved("x86-64");
  EXPECT_EQ(base.vectorBits, 128u);
  EXPECT_TRUE(base.hasFeature("sse2"));
  EXPECT_FALSE(base.hasFeature("avx"));
  // Typical caches where the CPU is known, the defaults elsewhere.
  EXPECT_EQ(resolved("znver4").caches.l2, 1 << 20);
  EXPECT_EQ(resolved("sapphirerapids").caches.l1, 48 << 10);
  EXPECT_EQ(resolved("host").describe(), TargetModel::host().describe());
  EXPECT_EQ(resolved("").describe(), TargetModel::host().describe());
  EXPECT_NE(v3.describe(), v4.describe());
}

TEST(TargetModel, MattrSwitchesFeaturesWithTheirDependents) {
  TargetModel narrowed = resolved("x86-64-v4", "-avx512f");
  EXPECT_EQ(narrowed.vectorBits, 256u);
  EXPECT_EQ(narrowed.vectorRegisters, 16u);
  EXPECT_FALSE(narrowed.hasFeature("avx512bw")) << "depends on avx512f";
  EXPECT_TRUE(narrowed.hasFeature("avx2"));
  TargetModel widened = resolved("x86-64-v2", "+avx512f, +fma");
  EXPECT_EQ(widened.vectorBits, 512u);
  EXPECT_TRUE(widened.hasFeature("avx2")) << "implied by avx512f";
  EXPECT_NE(narrowed.featureString().find("-avx512f"), std::string::npos)
      << narrowed.featureString();
  EXPECT_NE(widened.featureString().find("+fma"), std::string::npos);
}

TEST(TargetModel, CacheSpecSetsSizes) {
  TargetModel t = resolved("x86-64-v3", "",
                           "l1=48K,l2=2M,llc=64M,line=128,"
                           "l1-ways=12,l2-ways=16");
  EXPECT_EQ(t.caches.l1, 48 << 10);
  EXPECT_EQ(t.caches.l2, 2 << 20);
  EXPECT_EQ(t.caches.last, 64 << 20);
  EXPECT_EQ(t.caches.lineBytes, 128);
  EXPECT_EQ(t.caches.l1Ways, 12);
  EXPECT_EQ(t.caches.l2Ways, 16);
  EXPECT_EQ(resolved("host", "", "l2=1G").caches.l2, int64_t(1) << 30);
  // Experiments may shrink one level below another (the soundness fuzzer's
  // tiny caches).
  EXPECT_EQ(resolved("host", "", "l2=4K").caches.l2, 4096);
}

TEST(TargetModel, BadNamesFeaturesAndSizesAreErrorsThatSayWhatIsKnown) {
  std::string e = resolveError("pentium-mmx-9000");
  EXPECT_NE(e.find("unknown target 'pentium-mmx-9000'"), std::string::npos);
  EXPECT_NE(e.find("x86-64-v4"), std::string::npos) << e;
  EXPECT_NE(resolveError("i386").find("unknown target"), std::string::npos)
      << "32-bit CPUs cannot run the 64-bit code";
  EXPECT_NE(resolveError("host", "avx2").find("expected +NAME or -NAME"),
            std::string::npos);
  EXPECT_NE(resolveError("host", "+avx9000").find("unknown x86 feature"),
            std::string::npos);
  EXPECT_NE(resolveError("host", "", "l4=1M").find("unknown cache field 'l4'"),
            std::string::npos);
  for (const char *bad :
       {"l2=", "l2=0", "l2=-1", "l2=1T", "l2=1.5M", "l2", "l2=M", "l2=+1K",
        "l2=9999999999G", "l2=99999999999999999999"})
    EXPECT_NE(resolveError("host", "", bad).find("bad value"),
              std::string::npos)
        << bad;
}

/// `kScale` compiled for `target` to assembly, as `affjit asm` does.
std::string assemblyFor(std::string_view target) {
  CompileOptions options;
  options.pipeline = "default";
  options.assumeDistinctArgs = true;
  options.target.cpu = std::string(target);
  Expected<CompilePipeline> pipeline = CompilePipeline::create(options);
  EXPECT_TRUE(pipeline) << pipeline.error().message();
  SourceBuffer source{std::make_shared<const std::string>("scale.mlir"),
                      kScale};
  DiagnosticEngine diag;
  std::optional<LoweredProgram> program = pipeline->lower(source, diag);
  EXPECT_TRUE(program);
  auto jit = pipeline->createCodeGenerator();
  EXPECT_TRUE(bool(jit));
  if (!jit || !program) {
    llvm::consumeError(jit.takeError());
    return "";
  }
  EXPECT_FALSE(bool((*jit)->optimize(*program->module, program->llvmPasses)));
  llvm::Expected<std::string> text = (*jit)->emitAssembly(*program->module);
  EXPECT_TRUE(bool(text));
  return text ? *text : "";
}

TEST(TargetModel, CodeIsGeneratedForTheTargetOnAnyHost) {
  std::string v4 = assemblyFor("x86-64-v4"), v3 = assemblyFor("x86-64-v3"),
              base = assemblyFor("x86-64");
  EXPECT_NE(v4.find("%zmm"), std::string::npos);
  EXPECT_EQ(v3.find("%zmm"), std::string::npos);
  EXPECT_NE(v3.find("%ymm"), std::string::npos);
  EXPECT_EQ(base.find("%ymm"), std::string::npos);
  EXPECT_NE(base.find("%xmm"), std::string::npos);
}

/// A named CPU with features this host lacks, if there is one.
std::optional<std::string> cpuTheHostCannotRun() {
  for (const char *cpu : {"x86-64-v4", "sapphirerapids", "graniterapids",
                          "znver5", "diamondrapids"}) {
    std::string error;
    std::optional<TargetModel> t = TargetModel::resolve(cpu, "", "", error);
    if (t && !t->missingOnHost().empty())
      return cpu;
  }
  return std::nullopt;
}

TEST(TargetModel, CodeTheHostCannotRunIsRefusedBeforeItRuns) {
  EXPECT_TRUE(resolved("host").missingOnHost().empty());
  std::optional<std::string> cpu = cpuTheHostCannotRun();
  if (!cpu)
    GTEST_SKIP() << "this host runs every candidate target";
  EngineOptions options;
  options.target.cpu = *cpu;
  Engine engine(options);
  Error err = engine.compile(kScale, "scale.mlir");
  ASSERT_TRUE(err);
  EXPECT_NE(err.message().find("cannot run on this host"), std::string::npos)
      << err.message();
  // Generating its code is fine.
  Expected<std::string> ir = engine.llvmIR(kScale, true, "scale.mlir");
  EXPECT_TRUE(ir) << ir.error().message();
}

TEST(TargetModel, CodeForAnOlderTargetRunsAndComputesTheSame) {
  float x[1024], y[1024], z[1024];
  for (int i = 0; i < 1024; ++i)
    x[i] = 0.5f * (float)i - 3.0f;
  for (const char *target : {"host", "x86-64-v2", "x86-64"}) {
    EngineOptions options;
    options.target.cpu = target;
    Engine engine(options);
    ASSERT_FALSE(engine.compile(kScale, "scale.mlir")) << target;
    Expected<Function> scale = engine.lookup("scale");
    ASSERT_TRUE(scale) << target;
    float *out = std::string_view(target) == "host" ? y : z;
    ASSERT_FALSE(
        scale->call(MemRef<float, 1>(x, {1024}), MemRef<float, 1>(out, {1024})))
        << target;
    if (out == z)
      EXPECT_EQ(std::memcmp(y, z, sizeof y), 0) << target;
  }
}

} // namespace

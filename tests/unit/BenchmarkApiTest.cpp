// affjit::benchmark in the C++ API: every variant's output equals the same
// computation in C++ on the caller's inputs (which stay unchanged); the
// numbers hang together (flops and bytes counted by hand, rates and
// speedups from the medians); generated inputs are deterministic and in
// their ranges; a variant changed through onOutputs is a mismatch that
// stops timing; bad requests are errors, not crashes. Plus the results
// comparison on its own (ulp distances, scalar results).
#include "affjit/Benchmark.h"
#include "affjit/Buffer.h"
#include "engine/bench/ArgumentSet.h"
#include "engine/bench/CallTimer.h"
#include "engine/bench/MachineInfo.h"
#include "engine/bench/MemoryBandwidth.h"
#include "engine/bench/OutputSilencer.h"
#include "engine/bench/ResultCheck.h"
#include "engine/bench/TimingQuality.h"
#include "frontend/ir/Types.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
#include <regex>
#include <set>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

// out = a * b + a, through a temporary that `fuse` removes.
const char *kChain =
    R"(func.func @chain(%a: memref<32x48xf32>, %b: memref<32x48xf32>, %out: memref<32x48xf32>) {
  %t = memref.alloc() : memref<32x48xf32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 48 {
      %x = affine.load %a[%i, %j] : memref<32x48xf32>
      %y = affine.load %b[%i, %j] : memref<32x48xf32>
      %p = arith.mulf %x, %y : f32
      affine.store %p, %t[%i, %j] : memref<32x48xf32>
    }
  }
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 48 {
      %p = affine.load %t[%i, %j] : memref<32x48xf32>
      %x = affine.load %a[%i, %j] : memref<32x48xf32>
      %s = arith.addf %p, %x : f32
      affine.store %s, %out[%i, %j] : memref<32x48xf32>
    }
  }
  memref.dealloc %t : memref<32x48xf32>
  return
}
)";

// Copies its inputs to its outputs, to see what the generator made.
const char *kCopy =
    R"(func.func @copy(%f: memref<4000xf32>, %i: memref<4000xi32>, %fo: memref<4000xf32>, %io: memref<4000xi32>) {
  affine.for %k = 0 to 4000 {
    %x = affine.load %f[%k] : memref<4000xf32>
    affine.store %x, %fo[%k] : memref<4000xf32>
    %y = affine.load %i[%k] : memref<4000xi32>
    affine.store %y, %io[%k] : memref<4000xi32>
  }
  return
}
)";

constexpr int64_t kRows = 32, kCols = 48, kN = kRows * kCols;

affjit::BenchmarkOptions quickOptions(std::vector<std::string> pipelines) {
  affjit::BenchmarkOptions options;
  options.pipelines = std::move(pipelines);
  options.minTime = 0.01;
  return options;
}

TEST(BenchmarkApi, EveryVariantComputesWhatCppComputes) {
  affjit::MemRef<float, 2> a({kRows, kCols}), b({kRows, kCols}),
      out({kRows, kCols});
  for (int64_t i = 0; i < kRows; ++i)
    for (int64_t j = 0; j < kCols; ++j) {
      a(i, j) = float(i * kCols + j) / 7.0f - 50.0f;
      b(i, j) = 1.5f - float(j) / 3.0f;
    }
  std::vector<float> expected(kN);
  for (int64_t k = 0; k < kN; ++k) {
    // One rounding per operation, like arith.mulf then arith.addf.
    volatile float p = a.data()[k] * b.data()[k];
    expected[k] = p + a.data()[k];
  }
  std::vector<std::vector<float>> outputs;
  affjit::BenchmarkOptions options = quickOptions({"none", "fuse", "default"});
  options.onOutputs = [&](size_t variant,
                          std::span<affjit::BenchmarkBuffer> buffers) {
    ASSERT_EQ(buffers.size(), 3u);
    EXPECT_EQ(buffers[2].name, "%out");
    EXPECT_EQ(variant, outputs.size());
    const float *p = static_cast<const float *>(buffers[2].data);
    outputs.emplace_back(p, p + kN);
  };
  auto result = affjit::benchmarkWith(kChain, "chain", options, a, b, out);
  ASSERT_TRUE(result) << result.error().message();
  ASSERT_TRUE(result->agree());
  ASSERT_EQ(outputs.size(), 3u);
  for (size_t v = 0; v < outputs.size(); ++v)
    EXPECT_EQ(std::memcmp(outputs[v].data(), expected.data(), kN * 4), 0)
        << "variant " << v;
  for (int64_t k = 0; k < kN; ++k)
    ASSERT_EQ(out.data()[k], 0.0f) << "the caller's buffers stay unchanged";
}

TEST(BenchmarkApi, NumbersHangTogether) {
  auto result =
      affjit::benchmark(kChain, "chain", quickOptions({"none", "fuse"}));
  ASSERT_TRUE(result) << result.error().message();
  EXPECT_EQ(result->function, "chain");
  ASSERT_TRUE(result->flops && result->bytes);
  EXPECT_EQ(*result->flops, 2.0 * kN);
  EXPECT_EQ(*result->bytes, 3.0 * kN * 4);
  ASSERT_EQ(result->arguments.size(), 3u);
  EXPECT_EQ(result->arguments[0].type, "memref<32x48xf32>");
  EXPECT_EQ(result->arguments[0].bytes, kN * 4);
  double reference = result->variants[0].time.median;
  for (const affjit::BenchmarkVariant &v : result->variants) {
    const affjit::BenchmarkTiming &t = v.time;
    ASSERT_GE(t.repetitions, 3) << v.pipeline;
    EXPECT_EQ((int64_t)t.seconds.size(), t.repetitions);
    EXPECT_LE(t.min, t.median);
    EXPECT_LE(t.median, t.max);
    EXPECT_GT(v.compileSeconds, 0);
    EXPECT_DOUBLE_EQ(*v.gflops, 2.0 * kN / t.median / 1e9);
    EXPECT_DOUBLE_EQ(*v.gbytesPerSecond, 12.0 * kN / t.median / 1e9);
    EXPECT_DOUBLE_EQ(v.speedup, reference / t.median);
    EXPECT_EQ(v.maxUlps, 0u);
  }
}

/// The generated %f and %i of @copy, as variant 0 leaves them in %fo, %io.
void generatedInputs(const affjit::BenchmarkInputs &inputs,
                     std::vector<float> &floats, std::vector<int32_t> &ints) {
  affjit::BenchmarkOptions options;
  options.pipelines = {"none"};
  options.repetitions = 1;
  options.inputs = inputs;
  options.onOutputs = [&](size_t, std::span<affjit::BenchmarkBuffer> b) {
    const float *f = static_cast<const float *>(b[2].data);
    const int32_t *i = static_cast<const int32_t *>(b[3].data);
    floats.assign(f, f + 4000);
    ints.assign(i, i + 4000);
  };
  auto result = affjit::benchmark(kCopy, "", options);
  ASSERT_TRUE(result) << result.error().message();
}

TEST(BenchmarkApi, GeneratedInputsAreDeterministicAndInRange) {
  affjit::BenchmarkInputs inputs;
  inputs.seed = 7;
  inputs.floatMin = 2.0;
  inputs.floatMax = 3.0;
  std::vector<float> f1, f2, f3;
  std::vector<int32_t> i1, i2, i3;
  generatedInputs(inputs, f1, i1);
  generatedInputs(inputs, f2, i2);
  inputs.seed = 8;
  generatedInputs(inputs, f3, i3);
  ASSERT_EQ(f1.size(), 4000u);
  EXPECT_EQ(f1, f2);
  EXPECT_EQ(i1, i2);
  EXPECT_NE(f1, f3);
  EXPECT_NE(i1, i3);
  std::set<int32_t> seen(i1.begin(), i1.end());
  EXPECT_EQ(seen.size(), 16u) << "integers cover 0..15";
  EXPECT_EQ(*seen.begin(), 0);
  EXPECT_EQ(*seen.rbegin(), 15);
  double sum = 0;
  for (float x : f1) {
    ASSERT_GE(x, 2.0f);
    ASSERT_LE(x, 3.0f);
    sum += x;
  }
  EXPECT_NEAR(sum / 4000, 2.5, 0.05) << "uniform over the range";
}

TEST(BenchmarkApi, AChangedVariantIsAMismatchAndNothingIsTimed) {
  affjit::BenchmarkOptions options = quickOptions({"none", "fuse"});
  options.onOutputs = [](size_t variant,
                         std::span<affjit::BenchmarkBuffer> buffers) {
    if (variant == 1)
      static_cast<float *>(buffers[2].data)[5 * kCols + 7] += 1.0f;
  };
  auto result = affjit::benchmark(kChain, "chain", options);
  ASSERT_TRUE(result) << result.error().message();
  EXPECT_FALSE(result->agree());
  const affjit::BenchmarkVariant &fuse = result->variants[1];
  ASSERT_TRUE(fuse.mismatch);
  EXPECT_EQ(fuse.mismatch->argument, "%out");
  EXPECT_EQ(fuse.mismatch->indices, (std::vector<int64_t>{5, 7}));
  float expected = std::strtof(fuse.mismatch->expected.c_str(), nullptr);
  float actual = std::strtof(fuse.mismatch->actual.c_str(), nullptr);
  EXPECT_EQ(actual, expected + 1.0f);
  for (const affjit::BenchmarkVariant &v : result->variants)
    EXPECT_EQ(v.time.repetitions, 0) << v.pipeline;
}

TEST(BenchmarkApi, BadRequestsAreErrors) {
  struct Case {
    std::string text, function, error;
    std::vector<std::string> pipelines{"none"};
  } cases[] = {
      {kChain, "nope", "no function named @nope (functions: @chain)"},
      {kChain, "chain", "unknown pass 'bogus'", {"none", "bogus"}},
      {"func.func @f(%x: memref<4xf32>) {\n  return %x\n}\n", "f",
       "<input>:2:"},
      {"func.func @g(%n: index) {\n  return\n}\n", "g",
       "no value for scalar argument %n (index)"},
  };
  for (const Case &c : cases) {
    affjit::BenchmarkOptions options = quickOptions(c.pipelines);
    auto result = affjit::benchmark(c.text, c.function, options);
    ASSERT_FALSE(result) << c.error;
    EXPECT_NE(result.error().message().find(c.error), std::string::npos)
        << result.error().message();
  }
  affjit::MemRef<float, 1> wrong({5});
  auto result =
      affjit::benchmarkWith(kCopy, "copy", quickOptions({"none"}), wrong);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().message(), "@copy takes 4 arguments, got 1");
}

TEST(BenchResultCheck, UlpDistances) {
  using affjit::bench::ulpDistance;
  EXPECT_EQ(ulpDistance(1.0f, 1.0f), 0u);
  EXPECT_EQ(ulpDistance(1.0f, std::nextafter(1.0f, 2.0f)), 1u);
  EXPECT_EQ(ulpDistance(std::nextafter(1.0f, 0.0f), 1.0f), 1u);
  EXPECT_EQ(ulpDistance(0.0f, -0.0f), 0u);
  float tiny = std::numeric_limits<float>::denorm_min();
  EXPECT_EQ(ulpDistance(-tiny, tiny), 2u) << "across zero";
  float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(ulpDistance(nan, nan), 0u);
  EXPECT_EQ(ulpDistance(nan, 1.0f), UINT64_MAX);
  EXPECT_EQ(ulpDistance(1.0, std::nextafter(std::nextafter(1.0, 2.0), 2.0)),
            2u);
  double big = std::numeric_limits<double>::max();
  EXPECT_GT(ulpDistance(-big, big), uint64_t(1) << 63) << "no overflow";
}

/// A set holding one f32 memref with `values`.
affjit::bench::ArgumentSet floats(const std::vector<float> &values) {
  affjit::bench::ParamSpec p;
  p.name = "%v";
  p.type = affjit::Type::memref({(int64_t)values.size()}, affjit::Type::f32());
  p.isMemRef = true;
  p.kind = affjit::ScalarKind::F32;
  p.shape = {(int64_t)values.size()};
  auto set = affjit::bench::ArgumentSet::generate({p}, {});
  EXPECT_TRUE(set);
  std::memcpy(set->buffers()[0]->getData(), values.data(), values.size() * 4);
  return std::move(*set);
}

TEST(BenchResultCheck, DifferencesCountInUlpsOfTheLargestMagnitude) {
  using namespace affjit::bench;
  // Two ulps of 100 added to 0.001: hundreds of thousands of its own ulps,
  // but two at the scale of the memref.
  float ulp100 = std::nextafter(100.0f, 200.0f) - 100.0f;
  ArgumentSet expected = floats({100.0f, 0.001f, -1.0f});
  ArgumentSet actual = floats({100.0f, 0.001f + 2 * ulp100, -1.0f});
  CompareOutcome loose =
      compareResults(expected, {}, actual, {}, CompareOptions{true, 2});
  EXPECT_FALSE(loose.mismatch);
  EXPECT_EQ(loose.maxUlps, 2u);
  CompareOutcome tight =
      compareResults(expected, {}, actual, {}, CompareOptions{true, 1});
  ASSERT_TRUE(tight.mismatch);
  EXPECT_EQ(tight.mismatch->indices, (std::vector<int64_t>{1}));
  EXPECT_EQ(*tight.mismatch->ulps, ulpDistance(0.001f, 0.001f + 2 * ulp100))
      << "the message gives the values' own distance";
  EXPECT_GT(*tight.mismatch->ulps, 100000u);
  CompareOutcome exact =
      compareResults(expected, {}, actual, {}, CompareOptions{});
  EXPECT_TRUE(exact.mismatch) << "bit for bit without fast math";
}

// NaN results agree whatever their sign and payload (LLVM leaves both
// unspecified); everything else still counts bit for bit, -0 against +0
// included.
TEST(BenchResultCheck, NaNsAgreeWhateverTheirBits) {
  using namespace affjit::bench;
  float quiet = std::numeric_limits<float>::quiet_NaN();
  uint32_t bits = 0xffc00001u; // negative, another payload
  float other;
  std::memcpy(&other, &bits, 4);
  ArgumentSet expected = floats({quiet, 1.0f, 0.0f});
  ArgumentSet payload = floats({other, 1.0f, 0.0f});
  EXPECT_FALSE(
      compareResults(expected, {}, payload, {}, CompareOptions{}).mismatch);
  ArgumentSet notNaN = floats({1.0f, 1.0f, 0.0f});
  EXPECT_TRUE(
      compareResults(expected, {}, notNaN, {}, CompareOptions{}).mismatch);
  ArgumentSet negativeZero = floats({quiet, 1.0f, -0.0f});
  CompareOutcome zero =
      compareResults(expected, {}, negativeZero, {}, CompareOptions{});
  ASSERT_TRUE(zero.mismatch);
  EXPECT_EQ(zero.mismatch->indices, (std::vector<int64_t>{2}));
}

TEST(BenchResultCheck, ScalarResultsAreCompared) {
  using namespace affjit::bench;
  auto none = ArgumentSet::generate({}, affjit::BenchmarkInputs{});
  ASSERT_TRUE(none);
  affjit::detail::ScalarValue one{}, next{};
  one.f32 = 1.0f;
  next.f32 = std::nextafter(1.0f, 2.0f);
  std::vector<ScalarResult> expected{{affjit::ScalarKind::F32, one}};
  std::vector<ScalarResult> actual{{affjit::ScalarKind::F32, next}};
  CompareOutcome strict =
      compareResults(*none, expected, *none, actual, CompareOptions{});
  ASSERT_TRUE(strict.mismatch);
  EXPECT_EQ(strict.mismatch->argument, "result #0");
  EXPECT_EQ(strict.mismatch->ulps, 1u);
  EXPECT_EQ(strict.maxUlps, 1u);
  CompareOutcome loose =
      compareResults(*none, expected, *none, actual, CompareOptions{true, 1});
  EXPECT_FALSE(loose.mismatch);
  EXPECT_EQ(loose.maxUlps, 1u);
}

// Under fast math a scalar result is also measured at the magnitude of
// the terms it sums (the reference run on |inputs|): a reassociated sum
// whose terms cancel passes where ulps of its own value would not.
TEST(BenchResultCheck, ReductionsCountInUlpsOfTheirTermsMagnitudes) {
  using namespace affjit::bench;
  auto none = ArgumentSet::generate({}, affjit::BenchmarkInputs{});
  ASSERT_TRUE(none);
  affjit::detail::ScalarValue small{}, off{}, terms{};
  small.f32 = 1.0f;
  // 4 ulps of 1e4 away: 4000-odd ulps of 1.0.
  float ulpTerms = std::nextafter(1e4f, 2e4f) - 1e4f;
  off.f32 = 1.0f + 4 * ulpTerms;
  terms.f32 = 1e4f;
  std::vector<ScalarResult> expected{{affjit::ScalarKind::F32, small}};
  std::vector<ScalarResult> actual{{affjit::ScalarKind::F32, off}};
  std::vector<ScalarResult> magnitudes{{affjit::ScalarKind::F32, terms}};
  CompareOptions alone{true, 64};
  EXPECT_TRUE(compareResults(*none, expected, *none, actual, alone).mismatch);
  CompareOptions withTerms{true, 64, &*none, &magnitudes};
  CompareOutcome outcome =
      compareResults(*none, expected, *none, actual, withTerms);
  EXPECT_FALSE(outcome.mismatch);
  EXPECT_EQ(outcome.maxUlps, 4u);
  CompareOptions tight{true, 3, &*none, &magnitudes};
  EXPECT_TRUE(compareResults(*none, expected, *none, actual, tight).mismatch);
}

// A 1M-term dot product, vectorized under fast math: its result is off by
// hundreds of its own ulps but by a fraction of an ulp of sum |x*y|.
TEST(BenchmarkApi, FastMathDotProductPassesTheDefaultTolerance) {
  const char *dot =
      R"(func.func @dot(%x: memref<1048576xf32>, %y: memref<1048576xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 1048576 iter_args(%acc = %zero) -> (f32) {
    %a = affine.load %x[%i] : memref<1048576xf32>
    %b = affine.load %y[%i] : memref<1048576xf32>
    %p = arith.mulf %a, %b : f32
    %t = arith.addf %acc, %p : f32
    affine.yield %t : f32
  }
  return %s : f32
}
)";
  affjit::BenchmarkOptions options = quickOptions({"none", "default"});
  options.compile.fastMath = true;
  options.compile.threads = 1;
  auto r = affjit::benchmark(dot, "dot", options);
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_TRUE(r->agree()) << r->variants[1].mismatch->message("default",
                                                              "none");
  EXPECT_LE(r->variants[1].maxUlps, 64u);
}

/// Runs `body` with stdout going to a temporary file; returns what it got.
template <typename F> std::string capturedStdout(F body) {
  std::string path = affjit::test::writeTempFile("", ".out");
  std::fflush(stdout);
  int saved = dup(1);
  FILE *file = std::fopen(path.c_str(), "w");
  dup2(fileno(file), 1);
  body();
  std::fflush(stdout);
  dup2(saved, 1);
  close(saved);
  std::fclose(file);
  std::string text = affjit::test::readFile(path);
  std::filesystem::remove(path);
  return text;
}

TEST(BenchOutputSilencer, DiscardsWhatIsPrintedAndRestoresStdout) {
  std::string out = capturedStdout([] {
    std::printf("before ");
    {
      affjit::bench::OutputSilencer silence;
      std::printf("silenced ");
      std::fflush(stdout);
      std::printf("buffered ");
    }
    {
      affjit::bench::OutputSilencer notSilenced(false);
      std::printf("kept ");
    }
    std::printf("after");
  });
  EXPECT_EQ(out, "before kept after");
}

// A kernel that prints, benchmarked through the API: none of its calls
// print (the checked ones, the warm-up and the timed ones).
TEST(BenchmarkApi, AKernelThatPrintsPrintsNothing) {
  const char *printing =
      R"(func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @show(%x: memref<8xf32>) {
  %u = memref.cast %x : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %c0 = arith.constant 0 : index
  %v = affine.load %x[%c0] : memref<8xf32>
  vector.print %v : f32
  return
}
)";
  affjit::BenchmarkOptions options = quickOptions({"none", "default"});
  options.repetitions = 5;
  std::string out;
  out = capturedStdout([&] {
    auto r = affjit::benchmark(printing, "show", options);
    ASSERT_TRUE(r) << r.error().message();
    EXPECT_TRUE(r->agree());
    EXPECT_EQ(r->variants[1].time.repetitions, 5);
  });
  EXPECT_EQ(out, "");
}

affjit::BenchmarkTiming timingOf(std::vector<double> samples) {
  affjit::BenchmarkTiming t;
  t.seconds = std::move(samples);
  affjit::bench::summarize(t);
  return t;
}

// The decision behind the high-spread warning, on synthetic samples.
TEST(BenchTimingQuality, SpreadAboveFivePercentIsHigh) {
  using namespace affjit::bench;
  // Quartiles 1.00 and 1.02 around a median of 1.01: 2% spread; one
  // outlier at 10 s moves max, not the interquartile range.
  affjit::BenchmarkTiming steady =
      timingOf({1.0, 1.0, 1.01, 1.01, 1.01, 1.02, 1.02, 10.0});
  EXPECT_LT(steady.spread, kHighSpread);
  EXPECT_FALSE(spreadIsHigh(steady));
  affjit::BenchmarkTiming noisy = timingOf({1.0, 1.1, 1.2, 1.3, 1.4});
  EXPECT_NEAR(noisy.spread, 0.2 / 1.2, 1e-12);
  EXPECT_TRUE(spreadIsHigh(noisy));
  EXPECT_FALSE(spreadIsHigh(noisy, 0.5)) << "the limit is a parameter";
  EXPECT_FALSE(spreadIsHigh(affjit::BenchmarkTiming{})) << "not timed";

  affjit::BenchmarkResult r;
  r.variants.resize(2);
  r.variants[0].pipeline = "none";
  r.variants[0].time = steady;
  r.variants[1].pipeline = "fuse";
  r.variants[1].time = noisy;
  std::vector<std::string> warnings = timingWarnings(r, 0.1, 8);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("fuse 16.7%"), std::string::npos) << warnings[0];
  EXPECT_EQ(warnings[0].find("none"), std::string::npos) << warnings[0];
  r.variants[1].time = steady;
  EXPECT_TRUE(timingWarnings(r, 0.1, 8).empty());
}

TEST(BenchTimingQuality, ALoadedMachineIsWarnedAbout) {
  using namespace affjit::bench;
  EXPECT_FALSE(machineIsLoaded(0.3, 2));
  EXPECT_TRUE(machineIsLoaded(1.0, 2));
  EXPECT_FALSE(machineIsLoaded(3.0, 16));
  EXPECT_TRUE(machineIsLoaded(8.5, 16));
  affjit::BenchmarkResult r;
  std::vector<std::string> warnings = timingWarnings(r, 1.5, 2);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("load average 1.50 on 2 CPUs"), std::string::npos)
      << warnings[0];
  EXPECT_TRUE(timingWarnings(r, std::nullopt, 2).empty());
}

TEST(BenchMachineInfo, ReadsCpuModelAndLoadAverage) {
  using namespace affjit::bench;
  std::string cpuinfo = affjit::test::writeTempFile(
      "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Test CPU @ "
      "3.00GHz\n",
      ".txt");
  EXPECT_EQ(cpuModelName(cpuinfo), "Test CPU @ 3.00GHz");
  std::string loadavg =
      affjit::test::writeTempFile("1.25 0.50 0.10 2/300 1234\n", ".txt");
  auto load = loadAverage(loadavg);
  ASSERT_TRUE(load);
  EXPECT_EQ((*load)[0], 1.25);
  EXPECT_EQ((*load)[2], 0.10);
  EXPECT_FALSE(loadAverage("/nonexistent/loadavg"));
  EXPECT_EQ(cpuModelName("/nonexistent/cpuinfo"), "");
  EXPECT_GE(onlineCpus(), 1u);
  EXPECT_TRUE(std::regex_match(
      utcTimestamp(), std::regex("[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}"
                                 ":[0-9]{2}Z")));
  std::filesystem::remove(cpuinfo);
  std::filesystem::remove(loadavg);
}

TEST(BenchMemoryBandwidth, MeasuresCopyAndTriad) {
  using namespace affjit::bench;
  for (unsigned threads : {1u, 2u}) {
    BandwidthProbe probe;
    probe.footprintBytes = 3 << 20;
    probe.threads = threads;
    probe.minSeconds = 0.001;
    MeasuredBandwidth b = measureBandwidth(probe);
    EXPECT_GT(b.copy, 0) << threads;
    EXPECT_GT(b.triad, 0) << threads;
    EXPECT_EQ(b.arrayBytes, size_t(1) << 20) << threads;
    EXPECT_EQ(b.threads, threads);
  }
}

TEST(BenchCallTimer, QuantilesInterpolate) {
  using affjit::bench::quantileOf;
  EXPECT_EQ(quantileOf({}, 0.5), 0);
  EXPECT_EQ(quantileOf({4, 1, 3, 2, 5}, 0.5), 3);
  EXPECT_EQ(quantileOf({4, 1, 3, 2, 5}, 0.25), 2);
  EXPECT_EQ(quantileOf({1, 2}, 0.5), 1.5);
}

} // namespace

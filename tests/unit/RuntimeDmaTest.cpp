// Tests of the DMA emulation (runtime/Dma.cpp) behind affine/memref
// dma_start and dma_wait (seeds 000 and 004): contiguous and strided
// transfers checked against an independent element-by-element copy, several
// tags in flight, and every misuse reported through the error hook (observed
// here without exiting) or, by default, as a message and exit status 1.
#include "affjit/Runtime.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace {

/// Collects runtime errors instead of exiting.
struct ErrorLog {
  std::vector<std::string> messages;
  static void record(const char *message, void *self) {
    static_cast<ErrorLog *>(self)->messages.push_back(message);
  }
};

class RuntimeDma : public testing::Test {
protected:
  void SetUp() override {
    affjit_rt_dma_reset();
    affjit_rt_set_error_handler(&ErrorLog::record, &log);
  }
  void TearDown() override {
    EXPECT_EQ(affjit_rt_dma_pending(), 0) << "test leaked a transfer";
    affjit_rt_set_error_handler(nullptr, nullptr);
    affjit_rt_dma_reset();
  }
  /// Asserts exactly one error was reported, mentioning `fragment`.
  void expectOneError(const std::string &fragment) {
    ASSERT_EQ(log.messages.size(), 1u);
    EXPECT_NE(log.messages[0].find(fragment), std::string::npos)
        << log.messages[0];
    log.messages.clear();
  }
  ErrorLog log;
  int32_t tags[4] = {0, 0, 0, 0}; // like a memref<4xi32> tag buffer
};

/// Deterministic, distinct byte patterns.
std::vector<uint8_t> pattern(size_t bytes, uint8_t seed) {
  std::vector<uint8_t> v(bytes);
  for (size_t i = 0; i < bytes; ++i)
    v[i] = (uint8_t)(seed + i * 37 + (i >> 8));
  return v;
}

/// The reference semantics, one element at a time: chunk k of `per`
/// elements goes from/to k * stride on the strided side and k * per on the
/// packed side (per = num, one chunk, when not strided).
void referenceDma(const uint8_t *src, uint8_t *dst, int64_t num,
                  int64_t elemSize, int64_t stride, int64_t per,
                  bool strideOnSource) {
  if (per == 0) {
    per = num;
    stride = num;
  }
  for (int64_t e = 0; e < num; ++e) {
    int64_t chunk = e / per, within = e % per;
    int64_t stridedIndex = chunk * stride + within;
    int64_t packedIndex = e;
    int64_t s = strideOnSource ? stridedIndex : packedIndex;
    int64_t d = strideOnSource ? packedIndex : stridedIndex;
    for (int64_t b = 0; b < elemSize; ++b)
      dst[d * elemSize + b] = src[s * elemSize + b];
  }
}

/// Runs one transfer through the runtime and the reference on the same
/// inputs (with `skew` bytes of misalignment) and compares whole buffers,
/// which also checks that nothing outside the transfer was written.
void checkTransfer(int64_t num, int64_t elemSize, int64_t stride, int64_t per,
                   bool strideOnSource, int32_t *tag, size_t skew) {
  int64_t chunks = per ? num / per : 1;
  int64_t stridedSpan = per ? (chunks * std::max(stride, per)) : num;
  size_t bytes = (size_t)((stridedSpan + num + 8) * elemSize) + skew;
  std::vector<uint8_t> src = pattern(bytes, 1);
  std::vector<uint8_t> dst = pattern(bytes, 200);
  std::vector<uint8_t> expected = dst;
  referenceDma(src.data() + skew, expected.data() + skew, num, elemSize, stride,
               per, strideOnSource);
  affjit_rt_dma_start(src.data() + skew, dst.data() + skew, num, elemSize,
                      stride, per, strideOnSource, tag);
  affjit_rt_dma_wait(tag, num);
  EXPECT_EQ(dst, expected) << "num " << num << " elemSize " << elemSize
                           << " stride " << stride << " per " << per
                           << " strideOnSource " << strideOnSource << " skew "
                           << skew;
}

TEST_F(RuntimeDma, ContiguousTransfersMatchElementCopy) {
  for (int64_t elemSize : {1, 2, 3, 4, 8, 16})
    for (int64_t num : {0, 1, 3, 15, 16, 17, 64, 1000})
      for (size_t skew : {0, 1, 7})
        checkTransfer(num, elemSize, 0, 0, true, &tags[0], skew);
  EXPECT_TRUE(log.messages.empty());
}

TEST_F(RuntimeDma, StridedSourceGathersChunks) {
  // E.g. a 10x8 tile of a 10x32 f64 matrix into a packed buffer.
  checkTransfer(80, 8, 32, 8, true, &tags[0], 0);
  for (int64_t elemSize : {1, 4, 12})
    for (auto [stride, per] : {std::pair<int64_t, int64_t>{5, 2},
                               {17, 17},
                               {40, 33},
                               {3, 1},
                               {2, 4},  // overlapping reads are fine
                               {0, 3}}) // re-reading one chunk too
      checkTransfer(per * 6, elemSize, stride, per, true, &tags[1], 3);
  EXPECT_TRUE(log.messages.empty());
}

TEST_F(RuntimeDma, StridedDestinationScattersChunks) {
  for (int64_t elemSize : {1, 4, 8})
    for (auto [stride, per] :
         {std::pair<int64_t, int64_t>{5, 2}, {17, 17}, {40, 33}, {3, 1}})
      checkTransfer(per * 5, elemSize, stride, per, false, &tags[2], 1);
  EXPECT_TRUE(log.messages.empty());
}

TEST_F(RuntimeDma, OnlyBitZeroSelectsTheStridedSide) {
  // Generated code passes an i1; garbage above bit 0 must not matter.
  std::vector<float> src(40), dst(40, -1.0f), expected(40, -1.0f);
  for (size_t i = 0; i < src.size(); ++i)
    src[i] = (float)i;
  referenceDma((const uint8_t *)src.data(), (uint8_t *)expected.data(), 8, 4, 5,
               2, /*strideOnSource=*/false);
  affjit_rt_dma_start(src.data(), dst.data(), 8, 4, 5, 2, (int32_t)0x7ffffff0,
                      &tags[0]); // bit 0 clear
  affjit_rt_dma_wait(&tags[0], 8);
  EXPECT_EQ(dst, expected);
  EXPECT_TRUE(log.messages.empty());
}

TEST_F(RuntimeDma, SeveralTagsInFlight) {
  std::vector<int32_t> a(64), b(64), c(64), da(64), db(64), dc(64);
  for (int i = 0; i < 64; ++i) {
    a[i] = i;
    b[i] = 1000 + i;
    c[i] = -i;
  }
  affjit_rt_dma_start(a.data(), da.data(), 64, 4, 0, 0, 1, &tags[0]);
  affjit_rt_dma_start(b.data(), db.data(), 32, 4, 0, 0, 1, &tags[1]);
  affjit_rt_dma_start(c.data(), dc.data(), 16, 4, 8, 4, 0, &tags[2]);
  EXPECT_EQ(affjit_rt_dma_pending(), 3);
  affjit_rt_dma_wait(&tags[1], 32); // out of order on purpose
  affjit_rt_dma_wait(&tags[2], 16);
  EXPECT_EQ(affjit_rt_dma_pending(), 1);
  affjit_rt_dma_wait(&tags[0], 64);
  EXPECT_EQ(affjit_rt_dma_pending(), 0);
  EXPECT_TRUE(log.messages.empty());
  EXPECT_TRUE(std::equal(a.begin(), a.end(), da.begin()));
  EXPECT_TRUE(std::equal(b.begin(), b.begin() + 32, db.begin()));
  for (int k = 0; k < 4; ++k)
    for (int j = 0; j < 4; ++j)
      EXPECT_EQ(dc[k * 8 + j], c[k * 4 + j]);
  // A tag is free again once waited on.
  affjit_rt_dma_start(a.data(), db.data(), 8, 4, 0, 0, 1, &tags[1]);
  affjit_rt_dma_wait(&tags[1], 8);
  EXPECT_TRUE(log.messages.empty());
}

TEST_F(RuntimeDma, WaitWithoutTransferIsAnError) {
  affjit_rt_dma_wait(&tags[3], 4);
  expectOneError("no transfer in flight");
}

TEST_F(RuntimeDma, MismatchedWaitCountIsAnError) {
  std::vector<float> src(8, 1.0f), dst(8, 0.0f);
  affjit_rt_dma_start(src.data(), dst.data(), 8, 4, 0, 0, 1, &tags[0]);
  affjit_rt_dma_wait(&tags[0], 4);
  expectOneError("transfer in flight has 8");
  // The transfer stays in flight; the right wait still completes it.
  EXPECT_EQ(affjit_rt_dma_pending(), 1);
  affjit_rt_dma_wait(&tags[0], 8);
  EXPECT_TRUE(log.messages.empty());
}

TEST_F(RuntimeDma, BusyTagIsAnError) {
  std::vector<float> src(8, 1.0f), dst(8, 0.0f), dst2(8, 0.0f);
  affjit_rt_dma_start(src.data(), dst.data(), 8, 4, 0, 0, 1, &tags[0]);
  affjit_rt_dma_start(src.data(), dst2.data(), 8, 4, 0, 0, 1, &tags[0]);
  expectOneError("already has a transfer");
  EXPECT_EQ(dst2, std::vector<float>(8, 0.0f)) << "rejected DMA copied data";
  affjit_rt_dma_wait(&tags[0], 8);
  EXPECT_TRUE(log.messages.empty());
}

/// dma_start calls that must be rejected without touching `dst` or the tag.
TEST_F(RuntimeDma, InvalidStartsAreRejectedWithoutSideEffects) {
  std::vector<float> src(64, 1.0f), dst(64, 0.0f);
  const std::vector<float> untouched = dst;
  struct Case {
    const char *fragment;
    const void *src;
    void *dst;
    int64_t num, elemSize, stride, per;
    int32_t strideOnSource;
    void *tag;
  } cases[] = {
      {"not a multiple", src.data(), dst.data(), 10, 4, 8, 4, 1, &tags[0]},
      {"invalid transfer", src.data(), dst.data(), -4, 4, 0, 0, 1, &tags[0]},
      {"invalid transfer", src.data(), dst.data(), 4, 0, 0, 0, 1, &tags[0]},
      {"invalid stride", src.data(), dst.data(), 8, 4, 8, 0, 1, &tags[0]},
      {"invalid stride", src.data(), dst.data(), 8, 4, -8, 4, 1, &tags[0]},
      {"chunks would overlap", src.data(), dst.data(), 8, 4, 2, 4, 0, &tags[0]},
      {"overlap", dst.data() + 4, dst.data(), 16, 4, 0, 0, 1, &tags[0]},
      // Spans are compared, not individual chunks (conservative).
      {"overlap", dst.data() + 30, dst.data() + 20, 8, 4, 30, 4, 0, &tags[0]},
      {"null source", nullptr, dst.data(), 8, 4, 0, 0, 1, &tags[0]},
      {"null tag", src.data(), dst.data(), 8, 4, 0, 0, 1, nullptr},
      {"overflows", src.data(), dst.data(), int64_t(1) << 62, 8, 0, 0, 1,
       &tags[0]},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.fragment);
    affjit_rt_dma_start(c.src, c.dst, c.num, c.elemSize, c.stride, c.per,
                        c.strideOnSource, c.tag);
    expectOneError(c.fragment);
    EXPECT_EQ(dst, untouched);
    EXPECT_EQ(affjit_rt_dma_pending(), 0);
  }
}

TEST(RuntimeDmaDeathTest, DefaultHandlerExitsWithMessage) {
  int32_t tag = 0;
  EXPECT_EXIT(
      {
        affjit_rt_set_error_handler(nullptr, nullptr);
        affjit_rt_dma_wait(&tag, 16);
      },
      testing::ExitedWithCode(1),
      "affjit runtime error: dma_wait: no transfer in flight");
}

} // namespace

// Tests of the aligned allocation entry points generated code uses for
// memref.alloc/dealloc (runtime/Alloc.cpp; seed 004's `alignment`
// attribute): alignment honoured, memory usable, bad requests reported
// through the error hook instead of undefined behaviour.
#include "affjit/Runtime.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace {

class RuntimeAlloc : public testing::Test {
protected:
  void SetUp() override { affjit_rt_set_error_handler(&record, this); }
  void TearDown() override { affjit_rt_set_error_handler(nullptr, nullptr); }
  static void record(const char *message, void *self) {
    static_cast<RuntimeAlloc *>(self)->messages.push_back(message);
  }
  std::vector<std::string> messages;
};

bool isAligned(const void *p, int64_t alignment) {
  return reinterpret_cast<uintptr_t>(p) % (uintptr_t)alignment == 0;
}

TEST_F(RuntimeAlloc, HonoursPowerOfTwoAlignments) {
  for (int64_t alignment = 1; alignment <= (int64_t(1) << 20); alignment *= 2) {
    for (int64_t size : {1, 3, 64, 1000}) {
      void *p = affjit_rt_aligned_alloc(size, alignment);
      ASSERT_NE(p, nullptr);
      EXPECT_TRUE(isAligned(p, alignment)) << alignment;
      std::memset(p, 0xab, (size_t)size); // usable for its whole size
      affjit_rt_free(p);
    }
  }
  EXPECT_TRUE(messages.empty());
}

TEST_F(RuntimeAlloc, ZeroAlignmentMeansDefault) {
  void *p = affjit_rt_aligned_alloc(24, 0);
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(isAligned(p, 16));
  affjit_rt_free(p);
  EXPECT_TRUE(messages.empty());
}

TEST_F(RuntimeAlloc, EmptyAllocationIsARealZeroedBlock) {
  auto *p = static_cast<unsigned char *>(affjit_rt_aligned_alloc(0, 64));
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(isAligned(p, 64));
  for (int i = 0; i < 64; ++i)
    EXPECT_EQ(p[i], 0);
  affjit_rt_free(p);
  EXPECT_TRUE(messages.empty());
}

TEST_F(RuntimeAlloc, BadRequestsAreReported) {
  struct Case {
    int64_t size, alignment;
    const char *fragment;
  } cases[] = {
      {16, 3, "not a power of two"},
      {16, 48, "not a power of two"},
      {16, -8, "not a power of two"},
      {16, int64_t(1) << 31, "not a power of two"},
      {-1, 16, "negative size"},
      {int64_t(1) << 62, 64, "out of memory"},
  };
  for (const Case &c : cases) {
    messages.clear();
    EXPECT_EQ(affjit_rt_aligned_alloc(c.size, c.alignment), nullptr);
    ASSERT_EQ(messages.size(), 1u) << c.fragment;
    EXPECT_NE(messages[0].find(c.fragment), std::string::npos) << messages[0];
  }
}

TEST_F(RuntimeAlloc, FreeingNullIsANoOp) {
  affjit_rt_free(nullptr);
  EXPECT_TRUE(messages.empty());
}

TEST(RuntimeAllocDeathTest, DefaultHandlerExitsWithMessage) {
  EXPECT_EXIT(
      {
        affjit_rt_set_error_handler(nullptr, nullptr);
        affjit_rt_aligned_alloc(8, 12);
      },
      testing::ExitedWithCode(1),
      "affjit runtime error: memref allocation alignment 12");
}

} // namespace

// runtime/Npy.h: arrays written are read back with their dtype, shape and
// bytes; the header is format 1.0 with the data 64-byte aligned, as NumPy
// writes it; version 2.0 headers are read; files that are not arrays of a
// supported dtype in C order are refused with a message saying why.
#include "runtime/Npy.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>

namespace npy = affjit::rt::npy;

namespace {

std::string tempPath(const std::string &name) {
  return (std::filesystem::temp_directory_path() /
          ("affjit-npy-" + std::to_string(getpid()) + "-" + name))
      .string();
}

void writeBytes(const std::string &path, const std::string &bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

/// A version `major` file with header dict `dict` and `data`.
std::string npyFile(int major, const std::string &dict,
                    const std::string &data) {
  std::string header = dict + "\n";
  std::string out = std::string("\x93NUMPY", 6) + char(major) + '\0';
  size_t n = header.size();
  out += char(n & 0xff);
  out += char(n >> 8);
  if (major > 1)
    out += std::string(2, '\0');
  return out + header + data;
}

TEST(Npy, WrittenArraysReadBack) {
  std::string path = tempPath("rt.npy");
  std::vector<double> values = {1.5, -2, 3.25, 0, 8, 1e300};
  ASSERT_EQ(npy::write(path, "<f8", {2, 3}, values.data(), 48), "");
  std::string file = affjit::test::readFile(path);
  ASSERT_GE(file.size(), 10u);
  EXPECT_EQ(file.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  size_t headerLength = (unsigned char)file[8] | (unsigned char)file[9] << 8;
  EXPECT_EQ((10 + headerLength) % 64, 0u);
  std::string dict =
      "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }";
  EXPECT_EQ(file.substr(10, headerLength),
            dict + std::string(headerLength - dict.size() - 1, ' ') + "\n");
  npy::ReadResult r = npy::read(path);
  ASSERT_TRUE(r.array) << r.error;
  EXPECT_EQ(r.array->dtype, "<f8");
  EXPECT_EQ(r.array->shape, (std::vector<int64_t>{2, 3}));
  ASSERT_EQ(r.array->bytes.size(), 48u);
  EXPECT_EQ(std::memcmp(r.array->bytes.data(), values.data(), 48), 0);
  // One dimension: NumPy's (5,) tuple; zero: a scalar.
  int8_t bytes[5] = {1, -2, 3, -4, 5};
  ASSERT_EQ(npy::write(path, "|i1", {5}, bytes, 5), "");
  EXPECT_TRUE(affjit::test::readFile(path).find("'shape': (5,)") !=
              std::string::npos);
  float scalar = 2.5f;
  ASSERT_EQ(npy::write(path, "<f4", {}, &scalar, 4), "");
  r = npy::read(path);
  ASSERT_TRUE(r.array) << r.error;
  EXPECT_TRUE(r.array->shape.empty());
  std::filesystem::remove(path);
}

TEST(Npy, DtypesOfElementTypes) {
  EXPECT_EQ(npy::dtypeOf("f32"), "<f4");
  EXPECT_EQ(npy::dtypeOf("f64"), "<f8");
  EXPECT_EQ(npy::dtypeOf("i1"), "|b1");
  EXPECT_EQ(npy::dtypeOf("i8"), "|i1");
  EXPECT_EQ(npy::dtypeOf("i16"), "<i2");
  EXPECT_EQ(npy::dtypeOf("i32"), "<i4");
  EXPECT_EQ(npy::dtypeOf("i64"), "<i8");
  EXPECT_EQ(npy::dtypeOf("index"), "<i8");
  EXPECT_EQ(npy::dtypeOf("bf16"), std::nullopt);
  EXPECT_EQ(npy::itemSize("<i2"), 2u);
}

TEST(Npy, VersionTwoHeadersAreRead) {
  std::string path = tempPath("v2.npy");
  writeBytes(path, npyFile(2,
                           "{\"descr\": \"<i2\", \"fortran_order\": False, "
                           "\"shape\": (2,)}",
                           std::string("\x01\x00\x02\x00", 4)));
  npy::ReadResult r = npy::read(path);
  ASSERT_TRUE(r.array) << r.error;
  EXPECT_EQ(r.array->dtype, "<i2");
  EXPECT_EQ(r.array->shape, (std::vector<int64_t>{2}));
  std::filesystem::remove(path);
}

TEST(Npy, BadFilesAreRefusedWithTheReason) {
  std::string path = tempPath("bad.npy");
  auto errorFor = [&](const std::string &bytes) {
    writeBytes(path, bytes);
    npy::ReadResult r = npy::read(path);
    EXPECT_FALSE(r.array);
    return r.error;
  };
  EXPECT_EQ(errorFor("PK\x03\x04 not numpy at all"),
            path + ": not a NumPy .npy file (no \\x93NUMPY magic)");
  std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,)}";
  EXPECT_EQ(errorFor(npyFile(1, dict, std::string(4, '\0'))),
            path + ": holds 4 bytes of data, but shape (2,) of <f4 needs 8");
  EXPECT_EQ(
      errorFor(npyFile(1,
                       "{'descr': '>f4', 'fortran_order': False, 'shape': "
                       "(2,)}",
                       std::string(8, '\0'))),
      path + ": big-endian dtype '>f4' (save the array with dtype '<f4')");
  EXPECT_EQ(
      errorFor(npyFile(1,
                       "{'descr': '<c8', 'fortran_order': False, 'shape': "
                       "(2,)}",
                       std::string(16, '\0'))),
      path + ": unsupported dtype '<c8' (supported: <f4, <f8, |b1, |i1, "
             "<i2, <i4, <i8)");
  EXPECT_TRUE(
      errorFor(npyFile(1,
                       "{'descr': '<f4', 'fortran_order': True, 'shape': "
                       "(2, 2)}",
                       std::string(16, '\0')))
          .find("Fortran order") != std::string::npos);
  EXPECT_EQ(errorFor(npyFile(1, "{'descr': '<f4'}", "")),
            path + ": malformed header (expected 'descr', 'fortran_order' "
                   "and 'shape')");
  EXPECT_EQ(errorFor(std::string("\x93NUMPY\x01\x00\xff\x00", 10)),
            path + ": truncated header");
  EXPECT_NE(npy::write(path, "<f4", {3}, "abcd", 4), "");
  std::filesystem::remove(path);
  EXPECT_NE(npy::read(path).error.find("cannot open"), std::string::npos);
}

} // namespace

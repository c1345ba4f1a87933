// NumPy `.npy` files (format versions 1.0 to 3.0 read, 1.0 written): one
// array, a little-endian C-order header naming its dtype and shape, then its
// bytes. Small enough to serve the REPL's :save/:load and the command line
// alike; it knows nothing about memrefs, only dtypes ("<f4", "|b1", ...),
// shapes and bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace affjit::rt::npy {

/// An array as stored: dtype descr (e.g. "<f4"), shape (empty for a scalar)
/// and the elements in C order.
struct Array {
  std::string dtype;
  std::vector<int64_t> shape;
  std::vector<unsigned char> bytes;
};

/// What read() returns: the array, or why the file is not one it reads.
struct ReadResult {
  std::optional<Array> array;
  std::string error;
};

/// The dtype descr of an MLIR element type name ("f32" -> "<f4", "i1" ->
/// "|b1", "index" -> "<i8"); nullopt for types NumPy has no dtype for.
std::optional<std::string> dtypeOf(std::string_view elementType);
/// Bytes per element of a dtype descr `dtypeOf` returns (0 if unknown).
size_t itemSize(std::string_view dtype);

/// Writes `size` bytes at `data` as an array of `dtype` and `shape` (their
/// product times the item size must be `size`) to `path` as a version 1.0
/// file. Returns "" on success, else the error.
std::string write(const std::string &path, std::string_view dtype,
                  const std::vector<int64_t> &shape, const void *data,
                  size_t size);

/// The same to a stream (e.g. stdout); the caller checks the stream.
std::string write(std::ostream &out, std::string_view dtype,
                  const std::vector<int64_t> &shape, const void *data,
                  size_t size);

/// Reads the array in `path`: little-endian (or byte-sized) dtypes among
/// those dtypeOf returns, C order, data exactly as long as the shape says.
ReadResult read(const std::string &path);

} // namespace affjit::rt::npy

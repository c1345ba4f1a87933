// Reading and writing NumPy .npy files (Npy.h), following NumPy's format
// description (numpy/lib/format.py): the magic "\x93NUMPY", a version, the
// header length (2 bytes in 1.0, 4 in 2.0 and 3.0) and a Python dict literal
// with 'descr', 'fortran_order' and 'shape', padded with blanks and a newline
// so that the data starts at a multiple of 64 bytes.
#include "runtime/Npy.h"

#include <cctype>
#include <cstring>
#include <fstream>
#include <iterator>

namespace affjit::rt::npy {

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;

struct DtypeEntry {
  std::string_view element, dtype;
  size_t size;
};
constexpr DtypeEntry kDtypes[] = {{"f32", "<f4", 4}, {"f64", "<f8", 8},
                                  {"i1", "|b1", 1},  {"i8", "|i1", 1},
                                  {"i16", "<i2", 2}, {"i32", "<i4", 4},
                                  {"i64", "<i8", 8}, {"index", "<i8", 8}};

std::string shapeText(const std::vector<int64_t> &shape) {
  std::string text = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + (shape.size() == 1 ? ",)" : ")");
}

/// The number of elements `shape` holds, or nullopt on overflow.
std::optional<int64_t> elementCount(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    if (d < 0 || __builtin_mul_overflow(n, d, &n))
      return std::nullopt;
  return n;
}

/// A cursor over the header dict, which NumPy writes in one fixed form
/// but which other writers may space differently.
class HeaderParser {
public:
  explicit HeaderParser(std::string_view text) : text(text) {}

  /// The value text of `'key':` up to the next top-level ',' or '}'.
  std::optional<std::string_view> value(std::string_view key) const {
    std::string quoted = "'" + std::string(key) + "'";
    size_t at = text.find(quoted);
    if (at == std::string_view::npos) {
      quoted = "\"" + std::string(key) + "\"";
      at = text.find(quoted);
    }
    if (at == std::string_view::npos)
      return std::nullopt;
    size_t colon = text.find(':', at + quoted.size());
    if (colon == std::string_view::npos)
      return std::nullopt;
    size_t begin = colon + 1, end = begin;
    int depth = 0;
    for (; end < text.size(); ++end) {
      char c = text[end];
      if (c == '(')
        ++depth;
      else if (c == ')')
        --depth;
      else if ((c == ',' || c == '}') && depth == 0)
        break;
    }
    return trim(text.substr(begin, end - begin));
  }

  static std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace((unsigned char)s.front()))
      s.remove_prefix(1);
    while (!s.empty() && std::isspace((unsigned char)s.back()))
      s.remove_suffix(1);
    return s;
  }

private:
  std::string_view text;
};

/// `(2, 3)`, `(5,)` or `()` as a shape.
std::optional<std::vector<int64_t>> parseShape(std::string_view s) {
  if (s.size() < 2 || s.front() != '(' || s.back() != ')')
    return std::nullopt;
  s = s.substr(1, s.size() - 2);
  std::vector<int64_t> shape;
  while (!(s = HeaderParser::trim(s)).empty()) {
    size_t comma = s.find(',');
    std::string_view item = HeaderParser::trim(s.substr(0, comma));
    if (item.empty() || item.size() > 18)
      return std::nullopt;
    int64_t d = 0;
    for (char c : item) {
      if (c < '0' || c > '9')
        return std::nullopt;
      d = d * 10 + (c - '0');
    }
    shape.push_back(d);
    if (comma == std::string_view::npos)
      break;
    s.remove_prefix(comma + 1);
  }
  return shape;
}

/// The dtype as written normalized to the form dtypeOf returns: a
/// byte-sized dtype may carry any byte order mark.
std::optional<std::string> normalizeDtype(std::string_view descr,
                                          std::string &error) {
  if (descr.size() < 3) {
    error = "unsupported dtype '" + std::string(descr) + "'";
    return std::nullopt;
  }
  std::string_view kind = descr.substr(1);
  for (const DtypeEntry &e : kDtypes)
    if (e.dtype.substr(1) == kind) {
      if (e.size > 1 && descr[0] == '>') {
        error = "big-endian dtype '" + std::string(descr) +
                "' (save the array with dtype '" + std::string(e.dtype) + "')";
        return std::nullopt;
      }
      if (e.size > 1 && descr[0] != '<' && descr[0] != '=') {
        error = "unsupported dtype '" + std::string(descr) + "'";
        return std::nullopt;
      }
      return std::string(e.dtype);
    }
  error = "unsupported dtype '" + std::string(descr) +
          "' (supported: <f4, <f8, |b1, |i1, <i2, <i4, <i8)";
  return std::nullopt;
}

uint32_t littleEndian(const unsigned char *p, size_t n) {
  uint32_t v = 0;
  for (size_t i = n; i-- > 0;)
    v = (v << 8) | p[i];
  return v;
}

} // namespace

std::optional<std::string> dtypeOf(std::string_view elementType) {
  for (const DtypeEntry &e : kDtypes)
    if (e.element == elementType)
      return std::string(e.dtype);
  return std::nullopt;
}

size_t itemSize(std::string_view dtype) {
  for (const DtypeEntry &e : kDtypes)
    if (e.dtype == dtype)
      return e.size;
  return 0;
}

std::string write(std::ostream &out, std::string_view dtype,
                  const std::vector<int64_t> &shape, const void *data,
                  size_t size) {
  size_t item = itemSize(dtype);
  if (item == 0)
    return "unsupported dtype '" + std::string(dtype) + "'";
  std::optional<int64_t> count = elementCount(shape);
  if (!count || (size_t)*count * item != size)
    return "the data does not hold an array of shape " + shapeText(shape);
  std::string header =
      "{'descr': '" + std::string(dtype) +
      "', 'fortran_order': False, 'shape': " + shapeText(shape) + ", }";
  // Magic, version and length take 10 bytes; the newline ends the header,
  // padded so that the data starts 64-byte aligned.
  size_t unpadded = 10 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header += '\n';
  if (header.size() > 0xffff)
    return "the array has too many dimensions for a version 1.0 header";
  unsigned char prefix[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0};
  prefix[8] = (unsigned char)(header.size() & 0xff);
  prefix[9] = (unsigned char)(header.size() >> 8);
  out.write(reinterpret_cast<const char *>(prefix), sizeof(prefix));
  out.write(header.data(), (std::streamsize)header.size());
  out.write(static_cast<const char *>(data), (std::streamsize)size);
  return "";
}

std::string write(const std::string &path, std::string_view dtype,
                  const std::vector<int64_t> &shape, const void *data,
                  size_t size) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out)
    return "cannot open '" + path + "' for writing: " + std::strerror(errno);
  if (std::string error = write(out, dtype, shape, data, size); !error.empty())
    return error;
  out.close();
  if (!out)
    return "cannot write '" + path + "': " + std::strerror(errno);
  return "";
}

ReadResult read(const std::string &path) {
  ReadResult result;
  auto failWith = [&](std::string message) {
    result.error = path + ": " + message;
    return result;
  };
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return failWith(std::string("cannot open: ") + std::strerror(errno));
  std::vector<unsigned char> file((std::istreambuf_iterator<char>(in)),
                                  std::istreambuf_iterator<char>());
  if (file.size() < 10 || std::memcmp(file.data(), kMagic, kMagicSize) != 0)
    return failWith("not a NumPy .npy file (no \\x93NUMPY magic)");
  unsigned major = file[6];
  if (major < 1 || major > 3)
    return failWith("unsupported .npy format version " + std::to_string(major) +
                    "." + std::to_string(file[7]));
  size_t lengthBytes = major == 1 ? 2 : 4;
  size_t headerStart = 8 + lengthBytes;
  if (file.size() < headerStart)
    return failWith("truncated header");
  size_t headerLength = littleEndian(&file[8], lengthBytes);
  if (file.size() < headerStart + headerLength)
    return failWith("truncated header");
  HeaderParser header(std::string_view(
      reinterpret_cast<const char *>(&file[headerStart]), headerLength));
  auto descr = header.value("descr");
  auto fortran = header.value("fortran_order");
  auto shapeValue = header.value("shape");
  if (!descr || !fortran || !shapeValue || descr->size() < 2)
    return failWith("malformed header (expected 'descr', 'fortran_order' "
                    "and 'shape')");
  std::string error;
  auto dtype = normalizeDtype(descr->substr(1, descr->size() - 2), error);
  if (!dtype)
    return failWith(error);
  auto shape = parseShape(*shapeValue);
  if (!shape)
    return failWith("malformed shape " + std::string(*shapeValue));
  std::optional<int64_t> count = elementCount(*shape);
  // Fortran order is C order too when at most one dimension is not 1.
  size_t longDims = 0;
  for (int64_t d : *shape)
    longDims += d > 1;
  if (*fortran != "False" && longDims > 1)
    return failWith("the array is stored in Fortran order (save a "
                    "C-contiguous array, e.g. np.ascontiguousarray(a))");
  size_t dataStart = headerStart + headerLength;
  size_t item = itemSize(*dtype);
  if (!count || (size_t)*count > (file.size() - dataStart) / item ||
      (size_t)*count * item != file.size() - dataStart)
    return failWith(
        "holds " + std::to_string(file.size() - dataStart) +
        " bytes of data, but shape " + shapeText(*shape) + " of " + *dtype +
        " needs " +
        (count ? std::to_string((size_t)*count * item) : std::string("more")));
  result.array =
      Array{*dtype, std::move(*shape),
            std::vector<unsigned char>(file.begin() + dataStart, file.end())};
  return result;
}

} // namespace affjit::rt::npy

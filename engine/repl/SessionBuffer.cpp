// Session buffers: allocation, fill patterns and printing (SessionBuffer.h).
#include "engine/repl/SessionBuffer.h"

#include "engine/api/ArgumentCheck.h"
#include "engine/bench/ScalarText.h"
#include "runtime/MemRefPrinter.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <random>
#include <unistd.h>

namespace affjit::repl {

std::string BufferFill::str() const {
  switch (kind) {
  case Kind::Zeros:
    return "zeros";
  case Kind::Ones:
    return "ones";
  case Kind::Iota:
    return "iota";
  case Kind::Random:
    return "random " + std::to_string(seed);
  case Kind::Constant:
    return "fill " + literal;
  }
  return "";
}

std::optional<BufferFill> constantFill(std::string_view literal,
                                       std::string &error) {
  BufferFill f;
  f.kind = BufferFill::Kind::Constant;
  f.literal = std::string(literal);
  if (literal == "true" || literal == "false") {
    f.isInteger = true;
    f.intValue = literal == "true";
    f.floatValue = (double)f.intValue;
    return f;
  }
  std::string text(literal);
  errno = 0;
  char *end = nullptr;
  long long i = std::strtoll(text.c_str(), &end, 0);
  if (!text.empty() && *end == '\0' && errno == 0) {
    f.isInteger = true;
    f.intValue = i;
    f.floatValue = (double)i;
    return f;
  }
  errno = 0;
  double d = std::strtod(text.c_str(), &end);
  bool hex = text.find_first_of("xX") != std::string::npos;
  if (text.empty() || *end != '\0' || errno == ERANGE || hex) {
    error = "expected a number (like 1.5, -3 or true), got '" + text + "'";
    return std::nullopt;
  }
  f.floatValue = d;
  return f;
}

namespace {

/// Bytes per element as the lowered code stores them (i1 takes a byte).
int64_t elementBytesOf(ScalarKind k) {
  switch (k) {
  case ScalarKind::I1:
  case ScalarKind::I8:
    return 1;
  case ScalarKind::I16:
    return 2;
  case ScalarKind::I32:
  case ScalarKind::F32:
    return 4;
  case ScalarKind::I64:
  case ScalarKind::Index:
  case ScalarKind::F64:
    return 8;
  }
  return 0;
}

int64_t physicalMemoryBytes() {
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  return pages > 0 && pageSize > 0 ? (int64_t)pages * pageSize : INT64_MAX;
}

/// Element `i` of the fill pattern; integer patterns wrap like a cast.
template <typename T>
T patternValue(const BufferFill &f, int64_t i, std::mt19937_64 &rng) {
  switch (f.kind) {
  case BufferFill::Kind::Zeros:
    return T(0);
  case BufferFill::Kind::Ones:
    return T(1);
  case BufferFill::Kind::Iota:
    if constexpr (std::is_same_v<T, bool>)
      return i & 1;
    else
      return T(i);
  case BufferFill::Kind::Constant:
    if constexpr (std::is_floating_point_v<T>)
      return T(f.floatValue);
    else if constexpr (std::is_same_v<T, bool>)
      return f.intValue != 0;
    else
      return T(f.intValue);
  case BufferFill::Kind::Random:
    break;
  }
  uint64_t bits = rng();
  if constexpr (std::is_floating_point_v<T>)
    return T((bits >> 11) * 0x1.0p-53);
  else if constexpr (std::is_same_v<T, bool>)
    return bits >> 63;
  else
    return T(bits % 100);
}

template <typename T>
void fillTyped(void *data, int64_t n, const BufferFill &f) {
  T *p = static_cast<T *>(data);
  std::mt19937_64 rng(f.seed);
  for (int64_t i = 0; i < n; ++i)
    p[i] = patternValue<T>(f, i, rng);
}

std::string checkBufferType(Type type) {
  if (!type.isMemRef())
    return "expected a memref type, got " + type.str();
  if (!type.hasStaticShape())
    return "a session buffer needs a static shape, got " + type.str();
  if (type.getLayoutKind() != LayoutKind::Identity)
    return "a session buffer has the identity layout, got " + type.str();
  if (!scalarKindOfType(type.getElementType()))
    return "unsupported element type " + type.getElementType().str() +
           " (f32, f64, i1, i8, i16, i32, i64 and index are)";
  return "";
}

/// Why constant `f` cannot fill elements of kind `k` ("" if it can): an
/// integer type takes integers its bits hold (signed or unsigned, as MLIR's
/// signless integers do), i1 only 0 and 1.
std::string checkConstant(const BufferFill &f, ScalarKind k, Type element) {
  if (f.kind != BufferFill::Kind::Constant || k == ScalarKind::F32 ||
      k == ScalarKind::F64)
    return "";
  if (!f.isInteger)
    return "expected an integer for " + element.str() + " elements, got " +
           f.literal;
  int64_t bits = k == ScalarKind::I1 ? 1 : elementBytesOf(k) * 8;
  if (bits >= 64)
    return "";
  int64_t lo = k == ScalarKind::I1 ? 0 : -(int64_t(1) << (bits - 1));
  int64_t hi = (int64_t(1) << bits) - 1;
  if (f.intValue < lo || f.intValue > hi)
    return f.literal + " does not fit in " + element.str();
  return "";
}

} // namespace

ScalarKind SessionBuffer::getElementKind() const {
  return *scalarKindOfType(type.getElementType());
}

std::string SessionBuffer::refill(const BufferFill &f) {
  std::string error = checkConstant(f, getElementKind(), type.getElementType());
  if (error.empty())
    fillWith(f);
  return error;
}

std::unique_ptr<SessionBuffer> SessionBuffer::create(Type type, BufferFill fill,
                                                     std::string &error) {
  error = checkBufferType(type);
  if (!error.empty())
    return nullptr;
  std::unique_ptr<SessionBuffer> b(new SessionBuffer());
  b->type = type;
  b->numElements = type.getNumElements();
  b->elementBytes = elementBytesOf(*scalarKindOfType(type.getElementType()));
  int64_t bytes;
  if (__builtin_mul_overflow(b->numElements, b->elementBytes, &bytes) ||
      bytes > physicalMemoryBytes()) {
    error = type.str() + " is larger than this machine's memory";
    return nullptr;
  }
  size_t rounded = ((size_t)bytes + 63) / 64 * 64;
  b->data = std::aligned_alloc(64, rounded ? rounded : 64);
  if (!b->data) {
    error = "cannot allocate " + std::to_string(bytes) + " bytes";
    return nullptr;
  }
  std::memset(b->data, 0, rounded ? rounded : 64);
  int64_t rank = type.getRank();
  b->descriptor.assign(3 + 2 * rank, 0);
  b->descriptor[0] = b->descriptor[1] = (int64_t)(intptr_t)b->data;
  int64_t stride = 1;
  for (int64_t d = rank - 1; d >= 0; --d) {
    b->descriptor[3 + d] = type.getDimSize(d);
    b->descriptor[3 + rank + d] = stride;
    stride *= type.getDimSize(d);
  }
  error = b->refill(fill);
  if (!error.empty())
    return nullptr;
  return b;
}

SessionBuffer::~SessionBuffer() { std::free(data); }

void SessionBuffer::fillWith(const BufferFill &f) {
  origin = f.str();
  switch (*scalarKindOfType(type.getElementType())) {
  case ScalarKind::I1:
    return fillTyped<bool>(data, numElements, f);
  case ScalarKind::I8:
    return fillTyped<int8_t>(data, numElements, f);
  case ScalarKind::I16:
    return fillTyped<int16_t>(data, numElements, f);
  case ScalarKind::I32:
    return fillTyped<int32_t>(data, numElements, f);
  case ScalarKind::I64:
  case ScalarKind::Index:
    return fillTyped<int64_t>(data, numElements, f);
  case ScalarKind::F32:
    return fillTyped<float>(data, numElements, f);
  case ScalarKind::F64:
    return fillTyped<double>(data, numElements, f);
  }
}

detail::Argument SessionBuffer::asArgument() {
  detail::Argument a{detail::Argument::Kind::MemRef,
                     *scalarKindOfType(type.getElementType()), type.getRank(),
                     descriptor.data()};
  return a;
}

void SessionBuffer::print(std::ostream &os, int64_t edgeItems) const {
  rt::MemRefPrintOptions options;
  options.edgeItems = edgeItems;
  options.i8AsNumbers = true;
  rt::printUnrankedMemRef(
      os, bench::printElementOf(*scalarKindOfType(type.getElementType())),
      type.getRank(), const_cast<int64_t *>(descriptor.data()), options);
}

} // namespace affjit::repl

// The REPL's commands on buffer contents: `:fill %A VALUE|FILL` refills a
// buffer, and `:save %A FILE.npy` / `:load %A FILE.npy` move its contents to
// and from NumPy files (runtime/Npy.h), so data can come from and go to
// Python. Loading checks the file's dtype and shape against the buffer, or
// creates the buffer from them.
#include "engine/repl/Repl.h"

#include "frontend/parse/Parser.h"
#include "runtime/Npy.h"

#include <cstring>
#include <iostream>

namespace affjit::repl {

namespace {

/// `FIRST REST` split at the first blank, both trimmed.
std::pair<std::string, std::string> splitFirst(std::string_view s) {
  size_t space = s.find_first_of(" \t");
  std::string_view rest =
      space == std::string_view::npos ? "" : s.substr(space + 1);
  while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t'))
    rest.remove_prefix(1);
  while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t'))
    rest.remove_suffix(1);
  return {std::string(s.substr(0, space)), std::string(rest)};
}

/// A fill as `:fill` takes it: `zeros`, `ones`, `iota`, `random [SEED]`
/// or a number.
std::optional<BufferFill> parseFillWords(const std::string &text,
                                         std::string &error) {
  auto [word, rest] = splitFirst(text);
  static const std::pair<const char *, BufferFill::Kind> patterns[] = {
      {"zeros", BufferFill::Kind::Zeros},
      {"ones", BufferFill::Kind::Ones},
      {"iota", BufferFill::Kind::Iota},
      {"random", BufferFill::Kind::Random}};
  for (auto [name, kind] : patterns) {
    if (word != name)
      continue;
    BufferFill fill;
    fill.kind = kind;
    char *end = nullptr;
    if (kind == BufferFill::Kind::Random && !rest.empty()) {
      fill.seed = std::strtoull(rest.c_str(), &end, 10);
      if (*end != '\0' || rest[0] == '-') {
        error = "expected a seed (a non-negative integer), got '" + rest + "'";
        return std::nullopt;
      }
    } else if (!rest.empty()) {
      error = "unexpected '" + rest + "' after " + word;
      return std::nullopt;
    }
    return fill;
  }
  if (!rest.empty()) {
    error = "unexpected '" + rest + "' after " + word;
    return std::nullopt;
  }
  return constantFill(word, error);
}

/// NumPy's spelling of a shape: `(3, 4)`, `(5,)`, `()`.
std::string shapeText(const std::vector<int64_t> &shape) {
  std::string text = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + (shape.size() == 1 ? ",)" : ")");
}

std::vector<int64_t> shapeOf(Type type) {
  std::vector<int64_t> shape;
  for (int64_t d = 0; d < type.getRank(); ++d)
    shape.push_back(type.getDimSize(d));
  return shape;
}

/// The element type a buffer loaded from an array of `dtype` gets (i64,
/// not index, for "<i8").
std::optional<std::string> elementTypeOf(const std::string &dtype) {
  for (const char *element : {"f32", "f64", "i1", "i8", "i16", "i32", "i64"})
    if (rt::npy::dtypeOf(element) == dtype)
      return std::string(element);
  return std::nullopt;
}

/// memref<SHAPE x ELEMENT> as a type.
std::optional<Type> memrefType(const std::vector<int64_t> &shape,
                               const std::string &element) {
  std::string text = "memref<";
  for (int64_t d : shape)
    text += std::to_string(d) + "x";
  SourceBuffer source{std::make_shared<const std::string>("<npy>"),
                      text + element + ">"};
  DiagnosticEngine diag;
  Parser parser(source, diag);
  Type type;
  if (!parser.parseType(type) || diag.hadError())
    return std::nullopt;
  return type;
}

/// Why `array` cannot go into `buffer` ("" when it can).
std::string mismatch(const rt::npy::Array &array, const SessionBuffer &buffer,
                     const std::string &name) {
  Type type = buffer.getType();
  std::string element = type.getElementType().str();
  std::string dtype = rt::npy::dtypeOf(element).value_or("?");
  if (array.dtype != dtype)
    return "the file holds " + array.dtype + " elements (" +
           elementTypeOf(array.dtype).value_or("?") + "), " + name + " holds " +
           element + " (" + dtype + ")";
  if (array.shape != shapeOf(type))
    return "the file's shape is " + shapeText(array.shape) + ", " + name +
           "'s is " + shapeText(shapeOf(type)) + " (" + type.str() + ")";
  return "";
}

bool isBufferName(const std::string &name) {
  return name.size() > 1 && name[0] == '%';
}

} // namespace

bool Repl::cmdFill(std::string_view args) {
  auto [name, value] = splitFirst(args);
  if (!isBufferName(name) || value.empty())
    return fail("usage: :fill %A VALUE (a number, or zeros, ones, iota, "
                "random SEED)");
  SessionBuffer *b = session.lookupBuffer(name);
  if (!b)
    return fail("no buffer named " + name);
  std::string error;
  std::optional<BufferFill> fill = parseFillWords(value, error);
  if (!fill)
    return fail(error);
  error = b->refill(*fill);
  if (!error.empty())
    return fail(error);
  describeBuffer(name, "");
  return true;
}

bool Repl::cmdSave(std::string_view args) {
  auto [name, path] = splitFirst(args);
  if (!isBufferName(name) || path.empty())
    return fail("usage: :save %A FILE.npy");
  SessionBuffer *b = session.lookupBuffer(name);
  if (!b)
    return fail("no buffer named " + name);
  Type type = b->getType();
  std::string dtype = *rt::npy::dtypeOf(type.getElementType().str());
  std::string error = rt::npy::write(path, dtype, shapeOf(type), b->getData(),
                                     (size_t)b->getSizeInBytes());
  if (!error.empty())
    return fail("cannot save " + name + ": " + error);
  std::cout << "saved " << name << " (" << type.str() << ", dtype " << dtype
            << ") to " << path << '\n';
  return true;
}

bool Repl::loadBuffer(const std::string &name, const std::string &path) {
  if (!isBufferName(name) || path.empty())
    return fail("usage: :load %A FILE.npy");
  rt::npy::ReadResult read = rt::npy::read(path);
  if (!read.array)
    return fail("cannot load " + name + " from " + read.error);
  const rt::npy::Array &array = *read.array;
  SessionBuffer *b = session.lookupBuffer(name);
  if (!b) {
    // The array defines the new buffer; every dtype read() accepts has an
    // element type.
    std::optional<Type> type =
        memrefType(array.shape, *elementTypeOf(array.dtype));
    if (!type)
      return fail("cannot load " + name + " from " + path + ": shape " +
                  shapeText(array.shape) + " is no buffer shape");
    if (Error err = session.allocBuffer(name, *type, BufferFill()))
      return fail("cannot load " + name + " from " + path + ": " +
                  err.message());
    b = session.lookupBuffer(name);
  } else if (std::string why = mismatch(array, *b, name); !why.empty()) {
    return fail("cannot load " + name + " from " + path + ": " + why);
  }
  std::memcpy(b->getData(), array.bytes.data(), array.bytes.size());
  b->setOrigin("loaded from " + path);
  describeBuffer(name, "");
  return true;
}

} // namespace affjit::repl

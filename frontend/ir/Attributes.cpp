// Construction, equality and MLIR-syntax printing of attributes.
#include "frontend/ir/Attributes.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <sstream>

namespace affjit {

struct AttrStorage {
  AttrKind kind;
  int64_t i = 0;
  double f = 0;
  std::string s;
  Type type;
  AffineMap map;
  IntegerSet set;
  std::vector<Attribute> elements;
  std::vector<int64_t> ints;
  std::vector<double> floats;
  std::vector<NamedAttribute> dict;
};

namespace {
std::shared_ptr<AttrStorage> make(AttrKind k) {
  auto s = std::make_shared<AttrStorage>();
  s->kind = k;
  return s;
}
} // namespace

Attribute Attribute::unit() { return Attribute(make(AttrKind::Unit)); }
Attribute Attribute::boolean(bool v) {
  auto s = make(AttrKind::Bool);
  s->i = v;
  s->type = Type::integer(1);
  return Attribute(s);
}
Attribute Attribute::integer(int64_t v, Type type) {
  auto s = make(AttrKind::Integer);
  s->i = v;
  s->type = type;
  return Attribute(s);
}
Attribute Attribute::floating(double v, Type type) {
  auto s = make(AttrKind::Float);
  s->f = roundToFloatType(v, type);
  s->type = type;
  return Attribute(s);
}
Attribute Attribute::string(std::string str) {
  auto s = make(AttrKind::String);
  s->s = std::move(str);
  return Attribute(s);
}
Attribute Attribute::type(Type t) {
  auto s = make(AttrKind::Type);
  s->type = t;
  return Attribute(s);
}
Attribute Attribute::affineMap(AffineMap m) {
  auto s = make(AttrKind::AffineMap);
  s->map = m;
  return Attribute(s);
}
Attribute Attribute::integerSet(IntegerSet set) {
  auto s = make(AttrKind::IntegerSet);
  s->set = set;
  return Attribute(s);
}
Attribute Attribute::array(std::vector<Attribute> elements) {
  auto s = make(AttrKind::Array);
  s->elements = std::move(elements);
  return Attribute(s);
}
Attribute Attribute::denseArray(Type elt, std::vector<int64_t> values) {
  auto s = make(AttrKind::DenseArray);
  s->type = elt;
  s->ints = std::move(values);
  return Attribute(s);
}
Attribute Attribute::denseInts(Type shaped, std::vector<int64_t> ints) {
  auto s = make(AttrKind::DenseElements);
  s->type = shaped;
  s->ints = std::move(ints);
  return Attribute(s);
}
Attribute Attribute::denseFloats(Type shaped, std::vector<double> floats) {
  auto s = make(AttrKind::DenseElements);
  s->type = shaped;
  Type elt = shaped.getElementType();
  for (double &f : floats)
    f = roundToFloatType(f, elt);
  s->floats = std::move(floats);
  return Attribute(s);
}
Attribute Attribute::symbolRef(std::string name) {
  auto s = make(AttrKind::SymbolRef);
  s->s = std::move(name);
  return Attribute(s);
}
Attribute Attribute::dictionary(std::vector<NamedAttribute> entries) {
  auto s = make(AttrKind::Dictionary);
  s->dict = std::move(entries);
  return Attribute(s);
}
Attribute Attribute::opaque(std::string text) {
  auto s = make(AttrKind::Opaque);
  s->s = std::move(text);
  return Attribute(s);
}

AttrKind Attribute::getKind() const { return impl->kind; }

static bool sameFloat(double a, double b) {
  return std::bit_cast<uint64_t>(a) == std::bit_cast<uint64_t>(b) ||
         (std::isnan(a) && std::isnan(b));
}

bool Attribute::operator==(const Attribute &o) const {
  if (impl == o.impl)
    return true;
  if (!impl || !o.impl)
    return false;
  const AttrStorage &a = *impl, &b = *o.impl;
  if (a.kind != b.kind || a.i != b.i || !sameFloat(a.f, b.f) || a.s != b.s ||
      a.type != b.type || a.elements != b.elements || a.ints != b.ints ||
      a.floats.size() != b.floats.size() || !(a.dict == b.dict))
    return false;
  for (size_t k = 0; k < a.floats.size(); ++k)
    if (!sameFloat(a.floats[k], b.floats[k]))
      return false;
  if (a.kind == AttrKind::AffineMap)
    return a.map == b.map;
  if (a.kind == AttrKind::IntegerSet)
    return a.set == b.set;
  return true;
}

bool Attribute::getBool() const { return impl->i != 0; }
int64_t Attribute::getInt() const { return impl->i; }
double Attribute::getFloat() const { return impl->f; }
const std::string &Attribute::getString() const { return impl->s; }
Type Attribute::getType() const { return impl->type; }
AffineMap Attribute::getAffineMap() const { return impl->map; }
IntegerSet Attribute::getIntegerSet() const { return impl->set; }
const std::vector<Attribute> &Attribute::getArray() const {
  return impl->elements;
}
const std::vector<int64_t> &Attribute::getInts() const { return impl->ints; }
const std::vector<double> &Attribute::getFloats() const { return impl->floats; }
bool Attribute::isSplat() const {
  int64_t n = impl->type.getNumElements();
  size_t have = impl->floats.size() + impl->ints.size();
  return have == 1 && n != 1;
}
std::vector<int64_t> Attribute::getIntsExpanded(size_t count) const {
  if (isSplat())
    return std::vector<int64_t>(count, impl->ints.empty() ? 1 : impl->ints[0]);
  return impl->ints;
}
const std::vector<NamedAttribute> &Attribute::getDictionary() const {
  return impl->dict;
}

//===-- float helpers
//------------------------------------------------------===//

static uint16_t floatToBF16Bits(float f) {
  uint32_t bits = std::bit_cast<uint32_t>(f);
  if (std::isnan(f))
    return 0x7FC0;
  uint32_t rounding = 0x7FFF + ((bits >> 16) & 1); // round to nearest even
  return uint16_t((bits + rounding) >> 16);
}

double roundToFloatType(double v, Type type) {
  if (!type)
    return v;
  switch (type.getKind()) {
  case TypeKind::F32:
    return (double)(float)v;
  case TypeKind::F16:
    return (double)(_Float16)v;
  case TypeKind::BF16: {
    uint32_t bits = uint32_t(floatToBF16Bits((float)v)) << 16;
    return (double)std::bit_cast<float>(bits);
  }
  default:
    return v;
  }
}

uint64_t floatToBits(double v, Type type) {
  switch (type.getKind()) {
  case TypeKind::F32:
    return std::bit_cast<uint32_t>((float)v);
  case TypeKind::F16:
    return std::bit_cast<uint16_t>((_Float16)v);
  case TypeKind::BF16:
    return floatToBF16Bits((float)v);
  default:
    return std::bit_cast<uint64_t>(v);
  }
}

std::optional<double> bitsToFloat(uint64_t bits, Type type) {
  if (!type)
    return std::nullopt;
  switch (type.getKind()) {
  case TypeKind::F32:
    return (double)std::bit_cast<float>(uint32_t(bits));
  case TypeKind::F16:
    return (double)std::bit_cast<_Float16>(uint16_t(bits));
  case TypeKind::BF16:
    return (double)std::bit_cast<float>(uint32_t(bits) << 16);
  case TypeKind::F64:
    return std::bit_cast<double>(bits);
  default:
    return std::nullopt;
  }
}

static void printHexBits(std::ostream &os, uint64_t bits, unsigned width) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%0*llX", int(width / 4),
                (unsigned long long)bits);
  os << buf;
}

/// MLIR's float literal grammar needs a '.', so "1e+20" becomes "1.0e+20".
static std::string withDecimalPoint(std::string s) {
  if (s.find_first_of(".") != std::string::npos)
    return s;
  size_t e = s.find_first_of("eE");
  if (e == std::string::npos)
    return s + ".0";
  return s.substr(0, e) + ".0" + s.substr(e);
}

void printFloatLiteral(std::ostream &os, double v, Type type) {
  if (!std::isfinite(v)) {
    printHexBits(os, floatToBits(v, type), type.getWidth());
    return;
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.6e", v);
  if (roundToFloatType(std::strtod(buf, nullptr), type) == v) {
    os << buf;
    return;
  }
  std::to_chars_result r = type.getKind() == TypeKind::F64
                               ? std::to_chars(buf, buf + sizeof buf, v)
                               : std::to_chars(buf, buf + sizeof buf, (float)v);
  os << withDecimalPoint(std::string(buf, r.ptr));
}

//===-- printing
//-----------------------------------------------------------===//

static bool isBareIdentifier(const std::string &s) {
  if (s.empty() || !(std::isalpha((unsigned char)s[0]) || s[0] == '_'))
    return false;
  for (char c : s)
    if (!(std::isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.'))
      return false;
  return true;
}

void printEscapedString(std::ostream &os, const std::string &s) {
  os << '"';
  for (unsigned char c : s) {
    if (c == '\\') // MLIR escapes only the backslash by itself
      os << "\\\\";
    else if (c >= 0x20 && c < 0x7F && c != '"')
      os << c;
    else {
      const char *hex = "0123456789ABCDEF";
      os << '\\' << hex[c >> 4] << hex[c & 15];
    }
  }
  os << '"';
}

void printSymbolName(std::ostream &os, const std::string &name) {
  os << '@';
  if (isBareIdentifier(name))
    os << name;
  else
    printEscapedString(os, name);
}

static void printIntValue(std::ostream &os, int64_t v, Type type) {
  if (type && type.isInteger(1))
    os << (v ? "true" : "false");
  else
    os << v;
}

/// Prints dense elements as nested brackets following `shape`.
static void printDenseNested(std::ostream &os, const AttrStorage &s,
                             const std::vector<int64_t> &shape, size_t dim,
                             int64_t &index) {
  Type elt = s.type.getElementType();
  if (dim == shape.size()) {
    if (!s.floats.empty())
      printFloatLiteral(os, s.floats[index], elt);
    else
      printIntValue(os, s.ints[index], elt);
    ++index;
    return;
  }
  os << '[';
  for (int64_t k = 0; k < shape[dim]; ++k) {
    if (k)
      os << ", ";
    printDenseNested(os, s, shape, dim + 1, index);
  }
  os << ']';
}

static void printDense(std::ostream &os, const AttrStorage &s) {
  os << "dense<";
  Type elt = s.type.getElementType();
  size_t count = s.floats.size() + s.ints.size();
  if (count == 1 && s.type.getRank() != 0 && s.type.getNumElements() != 1) {
    if (!s.floats.empty())
      printFloatLiteral(os, s.floats[0], elt);
    else
      printIntValue(os, s.ints[0], elt);
  } else {
    int64_t index = 0;
    printDenseNested(os, s, s.type.getShape(), 0, index);
  }
  os << "> : ";
  s.type.print(os);
}

void Attribute::print(std::ostream &os) const {
  if (!impl) {
    os << "<<null attribute>>";
    return;
  }
  const AttrStorage &s = *impl;
  switch (s.kind) {
  case AttrKind::Unit:
    os << "unit";
    return;
  case AttrKind::Bool:
    os << (s.i ? "true" : "false");
    return;
  case AttrKind::Integer:
    printIntValue(os, s.i, s.type);
    if (!s.type.isInteger(1)) {
      os << " : ";
      s.type.print(os);
    }
    return;
  case AttrKind::Float:
    printFloatLiteral(os, s.f, s.type);
    os << " : ";
    s.type.print(os);
    return;
  case AttrKind::String:
    printEscapedString(os, s.s);
    return;
  case AttrKind::Type:
    s.type.print(os);
    return;
  case AttrKind::AffineMap:
    os << "affine_map<";
    s.map.print(os);
    os << '>';
    return;
  case AttrKind::IntegerSet:
    os << "affine_set<";
    s.set.print(os);
    os << '>';
    return;
  case AttrKind::Array:
    os << '[';
    for (size_t k = 0; k < s.elements.size(); ++k) {
      if (k)
        os << ", ";
      // Like MLIR, array elements of the default integer type (i64) are
      // printed without it.
      const Attribute &e = s.elements[k];
      if (e.isa(AttrKind::Integer) && e.getType().isInteger(64))
        os << e.getInt();
      else
        e.print(os);
    }
    os << ']';
    return;
  case AttrKind::DenseArray:
    os << "array<";
    s.type.print(os);
    for (size_t k = 0; k < s.ints.size(); ++k) {
      os << (k ? ", " : ": ");
      printIntValue(os, s.ints[k], s.type);
    }
    os << '>';
    return;
  case AttrKind::DenseElements:
    printDense(os, s);
    return;
  case AttrKind::SymbolRef:
    printSymbolName(os, s.s);
    return;
  case AttrKind::Dictionary:
    os << '{';
    for (size_t k = 0; k < s.dict.size(); ++k) {
      if (k)
        os << ", ";
      os << s.dict[k].name;
      if (!s.dict[k].value.isa(AttrKind::Unit)) {
        os << " = ";
        s.dict[k].value.print(os);
      }
    }
    os << '}';
    return;
  case AttrKind::Opaque:
    os << s.s;
    return;
  }
}

std::string Attribute::str() const {
  std::ostringstream os;
  print(os);
  return os.str();
}

} // namespace affjit

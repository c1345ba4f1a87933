// Attributes of affjit's IR: the compile-time constants attached to
// operations (integers, floats, strings, types, affine maps and integer sets,
// arrays, dense elements and dense arrays, symbol references, dictionaries),
// with MLIR's textual spelling. Dialect attributes we only carry through
// (e.g. `#arith.fastmath<none>`) are kept as opaque text.
#pragma once

#include "frontend/ir/AffineMap.h"
#include "frontend/ir/Types.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace affjit {

enum class AttrKind {
  Unit,
  Bool,
  Integer,
  Float,
  String,
  Type,
  AffineMap,
  IntegerSet,
  Array,
  DenseArray,
  DenseElements,
  SymbolRef,
  Dictionary,
  Opaque
};

struct AttrStorage;
struct NamedAttribute;

class Attribute {
public:
  Attribute() = default;
  static Attribute unit();
  static Attribute boolean(bool v);
  /// An integer of `type` (iN or index); `v` holds the value sign-extended.
  static Attribute integer(int64_t v, Type type);
  static Attribute index(int64_t v) { return integer(v, Type::index()); }
  static Attribute floating(double v, Type type);
  static Attribute string(std::string s);
  static Attribute type(Type t);
  static Attribute affineMap(AffineMap m);
  static Attribute integerSet(IntegerSet s);
  static Attribute array(std::vector<Attribute> elements);
  /// `array<i32: 1, 2>`: a dense array of integers (or i1 as 0/1).
  static Attribute denseArray(Type elementType, std::vector<int64_t> values);
  /// `dense<...> : vector<4xf32>`; values hold one entry per element, or one
  /// entry for a splat. Floats use `floats`, integers `ints`.
  static Attribute denseInts(Type shapedType, std::vector<int64_t> ints);
  static Attribute denseFloats(Type shapedType, std::vector<double> floats);
  static Attribute symbolRef(std::string name);
  static Attribute dictionary(std::vector<NamedAttribute> entries);
  /// A dialect attribute kept as its text, e.g. `#arith.fastmath<none>`.
  static Attribute opaque(std::string text);

  explicit operator bool() const { return impl != nullptr; }
  AttrKind getKind() const;
  bool operator==(const Attribute &o) const;
  bool operator!=(const Attribute &o) const { return !(*this == o); }

  bool isa(AttrKind k) const { return impl && getKind() == k; }
  bool getBool() const;
  int64_t getInt() const; // Integer and Bool
  double getFloat() const;
  const std::string &getString() const; // String, SymbolRef, Opaque
  Type getType() const;                 // value type / Type attr / dense type
  AffineMap getAffineMap() const;
  IntegerSet getIntegerSet() const;
  const std::vector<Attribute> &getArray() const;
  const std::vector<int64_t> &getInts() const;  // DenseArray, dense ints
  const std::vector<double> &getFloats() const; // dense floats
  bool isSplat() const;                         // dense elements
  /// Dense ints with a splat expanded to `count` entries (affine.parallel's
  /// bound groups are often a splat `dense<1>`).
  std::vector<int64_t> getIntsExpanded(size_t count) const;
  const std::vector<NamedAttribute> &getDictionary() const;

  void print(std::ostream &os) const;
  std::string str() const;

private:
  explicit Attribute(std::shared_ptr<const AttrStorage> s)
      : impl(std::move(s)) {}
  std::shared_ptr<const AttrStorage> impl;
};

struct NamedAttribute {
  std::string name;
  Attribute value;
  bool operator==(const NamedAttribute &o) const {
    return name == o.name && value == o.value;
  }
};

inline std::ostream &operator<<(std::ostream &os, const Attribute &a) {
  a.print(os);
  return os;
}

/// Prints a float the way MLIR does: `1.500000e+00` when that reads back to
/// the same value of `type`, else the shortest exact decimal, and hex bit
/// patterns for inf and NaN.
void printFloatLiteral(std::ostream &os, double v, Type type);
/// Rounds `v` to the precision of float type `type` (f16, bf16, f32, f64).
double roundToFloatType(double v, Type type);
/// Bit pattern of `v` in float type `type` (for hex literals of inf/NaN).
uint64_t floatToBits(double v, Type type);
/// Inverse of floatToBits; nullopt if `type` is not a float type.
std::optional<double> bitsToFloat(uint64_t bits, Type type);
/// Prints `@name`, quoting names that are not bare identifiers.
void printSymbolName(std::ostream &os, const std::string &name);
/// Prints `"s"` with MLIR's escapes.
void printEscapedString(std::ostream &os, const std::string &s);

} // namespace affjit

// Types of affjit's IR: the builtin types of MLIR that the affine, memref,
// arith, math, func and vector dialects use (index, iN, f16/bf16/f32/f64,
// vector, ranked and unranked memref with layouts and memory spaces, function).
// Types are immutable values compared structurally.
#pragma once

#include "frontend/ir/AffineMap.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace affjit {

/// The marker of a dynamic size, stride or offset (`?`), as MLIR spells it.
inline constexpr int64_t kDynamic = std::numeric_limits<int64_t>::min();

enum class TypeKind {
  Index,
  Integer,
  F16,
  BF16,
  F32,
  F64,
  Vector,
  MemRef,
  UnrankedMemRef,
  Tensor,
  Function,
  None
};

enum class LayoutKind { Identity, Strided, Map };

/// MLIR's integer signedness: `i8` (signless, what arith works on), `si8`
/// and `ui8` (vector.bitcast targets that vector.print prints signed or
/// unsigned).
enum class Signedness { Signless, Signed, Unsigned };

struct TypeStorage;

class Type {
public:
  Type() = default;
  static Type index();
  static Type integer(unsigned width);
  static Type integer(unsigned width, Signedness signedness);
  static Type f16();
  static Type bf16();
  static Type f32();
  static Type f64();
  static Type none();
  static Type vector(std::vector<int64_t> shape, Type elementType);
  /// A memref with identity layout.
  static Type memref(std::vector<int64_t> shape, Type elementType,
                     int64_t memorySpace = 0);
  static Type stridedMemref(std::vector<int64_t> shape, Type elementType,
                            std::vector<int64_t> strides, int64_t offset,
                            int64_t memorySpace = 0);
  static Type mapMemref(std::vector<int64_t> shape, Type elementType,
                        AffineMap layout, int64_t memorySpace = 0);
  static Type unrankedMemref(Type elementType, int64_t memorySpace = 0);
  /// Ranked tensors appear only as the type of dense attributes.
  static Type tensor(std::vector<int64_t> shape, Type elementType);
  static Type function(std::vector<Type> inputs, std::vector<Type> results);

  explicit operator bool() const { return impl != nullptr; }
  TypeKind getKind() const;
  bool operator==(const Type &other) const;
  bool operator!=(const Type &other) const { return !(*this == other); }

  bool isIndex() const { return impl && getKind() == TypeKind::Index; }
  bool isInteger() const { return impl && getKind() == TypeKind::Integer; }
  bool isInteger(unsigned width) const {
    return isInteger() && getWidth() == width;
  }
  bool isFloat() const;
  bool isIntOrIndex() const { return isInteger() || isIndex(); }
  bool isIntOrFloat() const { return isInteger() || isFloat(); }
  bool isIntOrIndexOrFloat() const { return isIntOrIndex() || isFloat(); }
  bool isVector() const { return impl && getKind() == TypeKind::Vector; }
  bool isMemRef() const { return impl && getKind() == TypeKind::MemRef; }
  bool isUnrankedMemRef() const {
    return impl && getKind() == TypeKind::UnrankedMemRef;
  }
  bool isAnyMemRef() const { return isMemRef() || isUnrankedMemRef(); }
  bool isFunction() const { return impl && getKind() == TypeKind::Function; }
  bool isTensor() const { return impl && getKind() == TypeKind::Tensor; }
  bool isShaped() const { return isVector() || isMemRef() || isTensor(); }

  /// Bit width of integer and float types (index: 64).
  unsigned getWidth() const;
  /// Signless for every type but `siN` and `uiN`.
  Signedness getSignedness() const;
  /// Element type of vectors and memrefs.
  Type getElementType() const;
  /// For scalars the type itself, for vectors their element type.
  Type getElementTypeOrSelf() const;
  /// Shape of vectors and ranked memrefs.
  const std::vector<int64_t> &getShape() const;
  int64_t getRank() const { return (int64_t)getShape().size(); }
  int64_t getNumElements() const; // kDynamic if any size is dynamic
  bool hasStaticShape() const;
  int64_t getDimSize(unsigned i) const { return getShape()[i]; }
  bool isDynamicDim(unsigned i) const { return getShape()[i] == kDynamic; }
  unsigned getNumDynamicDims() const;

  // Memref layout and memory space.
  LayoutKind getLayoutKind() const;
  const std::vector<int64_t> &getLayoutStrides() const;
  int64_t getLayoutOffset() const;
  AffineMap getLayoutMap() const;
  int64_t getMemorySpace() const;
  /// Strides and offset of a ranked memref when its layout is identity or
  /// strided (row-major strides for identity; kDynamic where unknown).
  bool getStridesAndOffset(std::vector<int64_t> &strides,
                           int64_t &offset) const;

  // Function types.
  const std::vector<Type> &getInputs() const;
  const std::vector<Type> &getResults() const;

  void print(std::ostream &os) const;
  std::string str() const;

private:
  explicit Type(std::shared_ptr<const TypeStorage> s) : impl(std::move(s)) {}
  std::shared_ptr<const TypeStorage> impl;
};

inline std::ostream &operator<<(std::ostream &os, const Type &t) {
  t.print(os);
  return os;
}

/// Prints a shape dimension (`?` for dynamic).
void printDimension(std::ostream &os, int64_t d);

} // namespace affjit

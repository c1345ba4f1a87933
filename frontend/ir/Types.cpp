// Construction, structural equality and MLIR-syntax printing of types.
#include "frontend/ir/Types.h"

#include <sstream>

namespace affjit {

struct TypeStorage {
  TypeKind kind;
  unsigned width = 0;
  Signedness signedness = Signedness::Signless;
  std::vector<int64_t> shape;
  std::shared_ptr<const TypeStorage> element;
  LayoutKind layout = LayoutKind::Identity;
  std::vector<int64_t> strides;
  int64_t offset = 0;
  AffineMap layoutMap;
  int64_t memorySpace = 0;
  std::vector<Type> inputs, results;
};

namespace {
std::shared_ptr<TypeStorage> make(TypeKind k, unsigned width = 0) {
  auto s = std::make_shared<TypeStorage>();
  s->kind = k;
  s->width = width;
  return s;
}
const std::vector<int64_t> kNoShape;
const std::vector<Type> kNoTypes;
} // namespace

// Scalar types are shared singletons: parsing creates them constantly and
// an allocation each time showed up as a large share of parse time.
#define AFFJIT_SCALAR_TYPE(NAME, KIND, WIDTH)                                  \
  Type Type::NAME() {                                                          \
    static const std::shared_ptr<TypeStorage> storage =                        \
        make(TypeKind::KIND, WIDTH);                                           \
    return Type(storage);                                                      \
  }
AFFJIT_SCALAR_TYPE(index, Index, 64)
AFFJIT_SCALAR_TYPE(f16, F16, 16)
AFFJIT_SCALAR_TYPE(bf16, BF16, 16)
AFFJIT_SCALAR_TYPE(f32, F32, 32)
AFFJIT_SCALAR_TYPE(f64, F64, 64)
AFFJIT_SCALAR_TYPE(none, None, 0)
#undef AFFJIT_SCALAR_TYPE

Type Type::integer(unsigned w) {
  static const std::shared_ptr<TypeStorage> common[] = {
      make(TypeKind::Integer, 1), make(TypeKind::Integer, 8),
      make(TypeKind::Integer, 16), make(TypeKind::Integer, 32),
      make(TypeKind::Integer, 64)};
  for (const auto &c : common)
    if (c->width == w)
      return Type(c);
  return Type(make(TypeKind::Integer, w));
}

Type Type::integer(unsigned w, Signedness signedness) {
  if (signedness == Signedness::Signless)
    return integer(w);
  auto s = make(TypeKind::Integer, w);
  s->signedness = signedness;
  return Type(s);
}

Type Type::vector(std::vector<int64_t> shape, Type elt) {
  auto s = make(TypeKind::Vector);
  s->shape = std::move(shape);
  s->element = elt.impl;
  return Type(s);
}

Type Type::memref(std::vector<int64_t> shape, Type elt, int64_t space) {
  auto s = make(TypeKind::MemRef);
  s->shape = std::move(shape);
  s->element = elt.impl;
  s->memorySpace = space;
  return Type(s);
}

Type Type::stridedMemref(std::vector<int64_t> shape, Type elt,
                         std::vector<int64_t> strides, int64_t offset,
                         int64_t space) {
  auto s = make(TypeKind::MemRef);
  s->shape = std::move(shape);
  s->element = elt.impl;
  s->layout = LayoutKind::Strided;
  s->strides = std::move(strides);
  s->offset = offset;
  s->memorySpace = space;
  return Type(s);
}

Type Type::mapMemref(std::vector<int64_t> shape, Type elt, AffineMap layout,
                     int64_t space) {
  // An identity map layout is the identity layout, as in MLIR.
  if (layout.isIdentity() && layout.getNumSymbols() == 0)
    return memref(std::move(shape), elt, space);
  auto s = make(TypeKind::MemRef);
  s->shape = std::move(shape);
  s->element = elt.impl;
  s->layout = LayoutKind::Map;
  s->layoutMap = layout;
  s->memorySpace = space;
  return Type(s);
}

Type Type::unrankedMemref(Type elt, int64_t space) {
  auto s = make(TypeKind::UnrankedMemRef);
  s->element = elt.impl;
  s->memorySpace = space;
  return Type(s);
}

Type Type::tensor(std::vector<int64_t> shape, Type elt) {
  auto s = make(TypeKind::Tensor);
  s->shape = std::move(shape);
  s->element = elt.impl;
  return Type(s);
}

Type Type::function(std::vector<Type> inputs, std::vector<Type> results) {
  auto s = make(TypeKind::Function);
  s->inputs = std::move(inputs);
  s->results = std::move(results);
  return Type(s);
}

TypeKind Type::getKind() const { return impl->kind; }

bool Type::operator==(const Type &o) const {
  if (impl == o.impl)
    return true;
  if (!impl || !o.impl)
    return false;
  const TypeStorage &a = *impl, &b = *o.impl;
  if (a.kind != b.kind || a.width != b.width || a.signedness != b.signedness ||
      a.shape != b.shape || a.layout != b.layout || a.strides != b.strides ||
      a.offset != b.offset || a.memorySpace != b.memorySpace ||
      a.inputs != b.inputs || a.results != b.results)
    return false;
  if (a.layout == LayoutKind::Map && a.layoutMap != b.layoutMap)
    return false;
  return Type(a.element) == Type(b.element);
}

bool Type::isFloat() const {
  if (!impl)
    return false;
  switch (getKind()) {
  case TypeKind::F16:
  case TypeKind::BF16:
  case TypeKind::F32:
  case TypeKind::F64:
    return true;
  default:
    return false;
  }
}

unsigned Type::getWidth() const { return impl->width; }
Signedness Type::getSignedness() const { return impl->signedness; }
Type Type::getElementType() const { return Type(impl->element); }
Type Type::getElementTypeOrSelf() const {
  return isVector() ? getElementType() : *this;
}
const std::vector<int64_t> &Type::getShape() const {
  return impl ? impl->shape : kNoShape;
}

int64_t Type::getNumElements() const {
  int64_t n = 1;
  for (int64_t d : getShape()) {
    if (d == kDynamic)
      return kDynamic;
    n *= d;
  }
  return n;
}

bool Type::hasStaticShape() const { return getNumDynamicDims() == 0; }

unsigned Type::getNumDynamicDims() const {
  unsigned n = 0;
  for (int64_t d : getShape())
    n += d == kDynamic;
  return n;
}

LayoutKind Type::getLayoutKind() const { return impl->layout; }
const std::vector<int64_t> &Type::getLayoutStrides() const {
  return impl->strides;
}
int64_t Type::getLayoutOffset() const { return impl->offset; }
AffineMap Type::getLayoutMap() const { return impl->layoutMap; }
int64_t Type::getMemorySpace() const { return impl->memorySpace; }

bool Type::getStridesAndOffset(std::vector<int64_t> &strides,
                               int64_t &offset) const {
  if (!isMemRef())
    return false;
  if (impl->layout == LayoutKind::Strided) {
    strides = impl->strides;
    offset = impl->offset;
    return true;
  }
  if (impl->layout != LayoutKind::Identity)
    return false;
  // Row-major: a stride is dynamic once any faster-varying size is dynamic.
  strides.assign(impl->shape.size(), 1);
  int64_t running = 1;
  for (size_t i = impl->shape.size(); i-- > 0;) {
    strides[i] = running;
    int64_t d = impl->shape[i];
    running = (running == kDynamic || d == kDynamic) ? kDynamic : running * d;
  }
  offset = 0;
  return true;
}

const std::vector<Type> &Type::getInputs() const {
  return impl ? impl->inputs : kNoTypes;
}
const std::vector<Type> &Type::getResults() const {
  return impl ? impl->results : kNoTypes;
}

void printDimension(std::ostream &os, int64_t d) {
  if (d == kDynamic)
    os << '?';
  else
    os << d;
}

static void printShapePrefix(std::ostream &os,
                             const std::vector<int64_t> &shape) {
  for (int64_t d : shape) {
    printDimension(os, d);
    os << 'x';
  }
}

static void printMemRefLayout(std::ostream &os, const TypeStorage &s) {
  if (s.layout == LayoutKind::Strided) {
    os << ", strided<[";
    for (size_t i = 0; i < s.strides.size(); ++i) {
      if (i)
        os << ", ";
      printDimension(os, s.strides[i]);
    }
    os << ']';
    if (s.offset != 0) {
      os << ", offset: ";
      printDimension(os, s.offset);
    }
    os << '>';
  } else if (s.layout == LayoutKind::Map) {
    os << ", affine_map<";
    s.layoutMap.print(os);
    os << '>';
  }
}

static void printTypeList(std::ostream &os, const std::vector<Type> &types) {
  for (size_t i = 0; i < types.size(); ++i) {
    if (i)
      os << ", ";
    types[i].print(os);
  }
}

void Type::print(std::ostream &os) const {
  if (!impl) {
    os << "<<null type>>";
    return;
  }
  const TypeStorage &s = *impl;
  switch (s.kind) {
  case TypeKind::Index:
    os << "index";
    return;
  case TypeKind::Integer:
    if (s.signedness != Signedness::Signless)
      os << (s.signedness == Signedness::Signed ? 's' : 'u');
    os << 'i' << s.width;
    return;
  case TypeKind::F16:
    os << "f16";
    return;
  case TypeKind::BF16:
    os << "bf16";
    return;
  case TypeKind::F32:
    os << "f32";
    return;
  case TypeKind::F64:
    os << "f64";
    return;
  case TypeKind::None:
    os << "none";
    return;
  case TypeKind::Vector:
    os << "vector<";
    printShapePrefix(os, s.shape);
    Type(s.element).print(os);
    os << '>';
    return;
  case TypeKind::Tensor:
    os << "tensor<";
    printShapePrefix(os, s.shape);
    Type(s.element).print(os);
    os << '>';
    return;
  case TypeKind::MemRef:
    os << "memref<";
    printShapePrefix(os, s.shape);
    Type(s.element).print(os);
    printMemRefLayout(os, s);
    if (s.memorySpace != 0)
      os << ", " << s.memorySpace;
    os << '>';
    return;
  case TypeKind::UnrankedMemRef:
    os << "memref<*x";
    Type(s.element).print(os);
    if (s.memorySpace != 0)
      os << ", " << s.memorySpace;
    os << '>';
    return;
  case TypeKind::Function:
    os << '(';
    printTypeList(os, s.inputs);
    os << ") -> ";
    if (s.results.size() == 1 && !s.results[0].isFunction()) {
      s.results[0].print(os);
    } else {
      os << '(';
      printTypeList(os, s.results);
      os << ')';
    }
    return;
  }
}

std::string Type::str() const {
  std::ostringstream os;
  print(os);
  return os.str();
}

} // namespace affjit

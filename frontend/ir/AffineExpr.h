// Affine expressions (seed 000, "Affine Expressions" and "Semi-affine
// maps"): dims, symbols, constants, + * floordiv ceildiv mod, built through
// simplifying operators like MLIR's, evaluated exactly, printed in MLIR's
// spelling.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace affjit {

enum class AffineExprKind {
  Add,
  Mul,
  Mod,
  FloorDiv,
  CeilDiv,
  Constant,
  Dim,
  Symbol
};

struct AffineExprNode;

class AffineExpr {
public:
  AffineExpr() = default;
  static AffineExpr dim(unsigned pos);
  static AffineExpr symbol(unsigned pos);
  static AffineExpr constant(int64_t v);
  explicit operator bool() const { return node != nullptr; }
  AffineExprKind getKind() const;
  unsigned getPosition() const;
  int64_t getValue() const;
  AffineExpr getLHS() const;
  AffineExpr getRHS() const;
  bool operator==(const AffineExpr &o) const;
  bool operator!=(const AffineExpr &o) const { return !(*this == o); }
  size_t hash() const;
  AffineExpr operator+(AffineExpr o) const;
  AffineExpr operator+(int64_t v) const;
  AffineExpr operator-(AffineExpr o) const;
  AffineExpr operator-(int64_t v) const;
  AffineExpr operator-() const;
  AffineExpr operator*(AffineExpr o) const;
  AffineExpr operator*(int64_t v) const;
  AffineExpr floorDiv(AffineExpr o) const;
  AffineExpr floorDiv(int64_t v) const;
  AffineExpr ceilDiv(AffineExpr o) const;
  AffineExpr ceilDiv(int64_t v) const;
  AffineExpr mod(AffineExpr o) const;
  AffineExpr mod(int64_t v) const;
  bool isPureAffine() const;
  bool isSymbolicOrConstant() const;
  bool isFunctionOfDim(unsigned pos) const;
  bool isFunctionOfSymbol(unsigned pos) const;
  AffineExpr replaceDimsAndSymbols(const std::vector<AffineExpr> &dims,
                                   const std::vector<AffineExpr> &syms) const;
  std::optional<int64_t> evaluate(const std::vector<int64_t> &dims,
                                  const std::vector<int64_t> &syms) const;
  void print(std::ostream &os) const;
  std::string str() const;

private:
  explicit AffineExpr(std::shared_ptr<const AffineExprNode> n)
      : node(std::move(n)) {}
  static AffineExpr binary(AffineExprKind k, AffineExpr l, AffineExpr r);
  std::shared_ptr<const AffineExprNode> node;
};

AffineExpr simplifyAffineExpr(AffineExpr expr, unsigned numDims,
                              unsigned numSymbols);
int64_t floorDivInt(int64_t a, int64_t b);
int64_t ceilDivInt(int64_t a, int64_t b);
int64_t modInt(int64_t a, int64_t b);

} // namespace affjit

// Affine maps and integer sets (seed 000, "Affine Maps" and "Integer
// Sets"): value types over AffineExpr with MLIR's textual form.
#pragma once

#include "frontend/ir/AffineExpr.h"

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace affjit {

class AffineMap {
public:
  AffineMap() = default;
  static AffineMap get(unsigned numDims, unsigned numSymbols,
                       std::vector<AffineExpr> results);
  static AffineMap getConstant(int64_t v);
  static AffineMap getSymbolIdentity();
  static AffineMap getMultiDimIdentity(unsigned numDims);
  explicit operator bool() const { return impl != nullptr; }
  unsigned getNumDims() const;
  unsigned getNumSymbols() const;
  unsigned getNumInputs() const { return getNumDims() + getNumSymbols(); }
  unsigned getNumResults() const;
  const std::vector<AffineExpr> &getResults() const;
  AffineExpr getResult(unsigned i) const { return getResults()[i]; }
  bool isIdentity() const;
  bool isSingleConstant() const;
  int64_t getSingleConstantResult() const;
  bool isSymbolIdentity() const;
  bool operator==(const AffineMap &o) const;
  bool operator!=(const AffineMap &o) const { return !(*this == o); }
  size_t hash() const;
  AffineMap simplified() const;
  AffineMap replaceDimsAndSymbols(const std::vector<AffineExpr> &dims,
                                  const std::vector<AffineExpr> &syms,
                                  unsigned newNumDims,
                                  unsigned newNumSymbols) const;
  std::optional<std::vector<int64_t>>
  evaluate(const std::vector<int64_t> &dims,
           const std::vector<int64_t> &syms) const;
  void print(std::ostream &os) const;
  std::string str() const;

private:
  struct Storage {
    unsigned numDims, numSymbols;
    std::vector<AffineExpr> results;
  };
  std::shared_ptr<const Storage> impl;
};

class IntegerSet {
public:
  IntegerSet() = default;
  static IntegerSet get(unsigned numDims, unsigned numSymbols,
                        std::vector<AffineExpr> constraints,
                        std::vector<bool> eqFlags);
  explicit operator bool() const { return impl != nullptr; }
  unsigned getNumDims() const;
  unsigned getNumSymbols() const;
  unsigned getNumInputs() const { return getNumDims() + getNumSymbols(); }
  unsigned getNumConstraints() const;
  AffineExpr getConstraint(unsigned i) const;
  bool isEq(unsigned i) const;
  const std::vector<AffineExpr> &getConstraints() const;
  const std::vector<bool> &getEqFlags() const;
  bool operator==(const IntegerSet &o) const;
  bool operator!=(const IntegerSet &o) const { return !(*this == o); }
  size_t hash() const;
  std::optional<bool> evaluate(const std::vector<int64_t> &dims,
                               const std::vector<int64_t> &syms) const;
  void print(std::ostream &os) const;
  std::string str() const;

private:
  struct Storage {
    unsigned numDims, numSymbols;
    std::vector<AffineExpr> constraints;
    std::vector<bool> eqFlags;
  };
  std::shared_ptr<const Storage> impl;
};

} // namespace affjit

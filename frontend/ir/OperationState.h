// Everything needed to create one operation — name, location, operands,
// result types, attributes and regions — filled by an op parser or by a
// typed op's create(), then turned into an Operation. MLIR's
// OperationState.
#pragma once

#include "frontend/ir/IR.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace affjit {

struct OperationState {
  std::string name;
  Location loc;
  std::vector<Value *> operands;
  std::vector<Type> types; // result types
  std::vector<NamedAttribute> attrs;
  std::vector<std::unique_ptr<Region>> regions;
  /// Ops to insert before this one: old spellings that MLIR 19 writes as
  /// two ops (`dim %m, 0` becomes an index constant and memref.dim).
  std::vector<std::unique_ptr<Operation>> prelude;

  OperationState() = default;
  OperationState(std::string name, Location loc)
      : name(std::move(name)), loc(std::move(loc)) {}

  void addAttr(std::string n, Attribute a) {
    attrs.push_back({std::move(n), std::move(a)});
  }
  bool hasAttr(std::string_view n) const {
    for (const NamedAttribute &a : attrs)
      if (a.name == n)
        return true;
    return false;
  }
  void addOperands(const std::vector<Value *> &values) {
    operands.insert(operands.end(), values.begin(), values.end());
  }
  /// A region to fill; it is moved into the operation when it is created.
  Region *addRegion() {
    regions.push_back(std::make_unique<Region>(nullptr));
    return regions.back().get();
  }
  /// Creates the operation, moving the regions' blocks into it (the
  /// prelude stays with the caller).
  std::unique_ptr<Operation> createOperation();
};

inline std::unique_ptr<Operation> OperationState::createOperation() {
  auto op = Operation::create(name, loc, operands, types, attrs,
                              (unsigned)regions.size());
  for (size_t i = 0; i < regions.size(); ++i)
    op->getRegion((unsigned)i).takeBody(*regions[i]);
  return op;
}

} // namespace affjit

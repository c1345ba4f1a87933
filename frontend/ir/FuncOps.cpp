// Builders and accessors of func.func, func.return and arith.constant.
#include "frontend/ir/FuncOps.h"

namespace affjit {

FuncOp FuncOp::create(OpBuilder &b, std::string_view name, Type type,
                      bool isDeclaration) {
  OperationState state(opname::FuncFunc, b.getLoc());
  state.addAttr("sym_name", Attribute::string(std::string(name)));
  state.addAttr("function_type", Attribute::type(type));
  Region *body = state.addRegion();
  if (isDeclaration) {
    state.addAttr("sym_visibility", Attribute::string("private"));
  } else {
    Block *entry = body->addBlock();
    for (const Type &input : type.getInputs())
      entry->addArgument(input);
  }
  return FuncOp(b.create(state));
}

const std::string &FuncOp::getName() const {
  return op->getAttr("sym_name").getString();
}

Type FuncOp::getFunctionType() const {
  return op->getAttr("function_type").getType();
}

Block *FuncOp::getBody() const {
  return isDeclaration() ? nullptr : &op->getRegion(0).front();
}

std::vector<Value *> FuncOp::getArguments() const {
  Block *body = getBody();
  return body ? body->getArguments() : std::vector<Value *>{};
}

ReturnOp ReturnOp::create(OpBuilder &b, std::vector<Value *> values) {
  OperationState state(opname::FuncReturn, b.getLoc());
  state.operands = std::move(values);
  return ReturnOp(b.create(state));
}

ConstantOp ConstantOp::create(OpBuilder &b, Attribute value) {
  OperationState state(opname::ArithConstant, b.getLoc());
  state.types.push_back(value.getType());
  state.addAttr("value", value);
  return ConstantOp(b.create(state));
}

bool isAliasGuardVersion(const Operation *func, std::string_view version) {
  Attribute a = func->getAttr(kAliasVersionAttr);
  return a && (version.empty() || a.getString() == version);
}

} // namespace affjit

// Builders and accessors of the func dialect's ops and of the arith ops in
// FuncOps.h.
#include "frontend/ir/FuncOps.h"

#include "frontend/ir/ArithOpTable.h"

namespace affjit {

FuncOp FuncOp::create(OpBuilder &b, std::string_view name, Type type,
                      bool isDeclaration) {
  OperationState state(opname::FuncFunc, b.getLoc());
  state.addAttr(attrname::SymName, Attribute::string(std::string(name)));
  state.addAttr(attrname::func::FunctionType, Attribute::type(type));
  Region *body = state.addRegion();
  if (isDeclaration) {
    state.addAttr(attrname::SymVisibility, Attribute::string("private"));
  } else {
    Block *entry = body->addBlock();
    for (const Type &input : type.getInputs())
      entry->addArgument(input);
  }
  return FuncOp(b.create(state));
}

const std::string &FuncOp::getName() const {
  return getSymNameAttr().getString();
}

Type FuncOp::getFunctionType() const { return getFunctionTypeAttr().getType(); }

Attribute FuncOp::getFunctionTypeAttr() const {
  return op->getAttr(attrname::func::FunctionType);
}

Attribute FuncOp::getArgAttrsAttr() const {
  return op->getAttr(attrname::func::ArgAttrs);
}

Attribute FuncOp::getResAttrsAttr() const {
  return op->getAttr(attrname::func::ResAttrs);
}

bool FuncOp::hasEmitCInterface() const {
  return op->hasAttr(attrname::func::EmitCInterface);
}

void FuncOp::setSymName(std::string_view name) {
  op->setAttr(attrname::SymName, Attribute::string(std::string(name)));
}

void FuncOp::setPrivate() {
  op->setAttr(attrname::SymVisibility, Attribute::string("private"));
}

Block *FuncOp::getBody() const {
  return isDeclaration() ? nullptr : &op->getRegion(0).front();
}

std::vector<Value *> FuncOp::getArguments() const {
  Block *body = getBody();
  return body ? body->getArguments() : std::vector<Value *>{};
}

CallOp CallOp::create(OpBuilder &b, std::string_view callee,
                      std::vector<Value *> args, std::vector<Type> results) {
  OperationState state(opname::FuncCall, b.getLoc());
  state.operands = std::move(args);
  state.types = std::move(results);
  state.addAttr(attrname::func::Callee,
                Attribute::symbolRef(std::string(callee)));
  return CallOp(b.create(state));
}

Attribute CallOp::getCalleeAttr() const {
  return op->getAttr(attrname::func::Callee);
}

ReturnOp ReturnOp::create(OpBuilder &b, std::vector<Value *> values) {
  OperationState state(opname::FuncReturn, b.getLoc());
  state.operands = std::move(values);
  return ReturnOp(b.create(state));
}

ConstantOp ConstantOp::create(OpBuilder &b, Attribute value) {
  OperationState state(opname::ArithConstant, b.getLoc());
  state.types.push_back(value.getType());
  state.addAttr(attrname::arith::Value, value);
  return ConstantOp(b.create(state));
}

bool ArithFastMathOp::classof(const Operation *op) {
  const ArithOpInfo *info = lookupArithOp(op->getName());
  return info && info->flags == FlagAttr::FastMath;
}

bool ArithFastMathOp::hasFastMathFlag(std::string_view flag) const {
  Attribute flags = getFastMathAttr();
  return fastMathAttrHas(flags ? flags.str() : "", flag);
}

bool isAliasGuardVersion(const Operation *func, std::string_view version) {
  Attribute a = func->getAttr(kAliasVersionAttr);
  return a && (version.empty() || a.getString() == version);
}

} // namespace affjit

// Custom-syntax parser of the one cf dialect op affjit reads, cf.assert
// (the branch ops need blocks with successors, which affjit's structured
// IR does not have).
#include "frontend/parse/OpParsers.h"

namespace affjit {

namespace {

/// `cf.assert %cond, "message" [attr-dict]`
bool parseAssert(Parser &p, OperationState &st) {
  UnresolvedOperand cond;
  std::string msg;
  if (!p.parseOperand(cond) || !p.expect(Tok::Comma, "','") ||
      !p.parseString(msg) || !p.parseOptionalAttrDict(st.attrs) ||
      !p.resolveOperand(cond, Type::integer(1), st.operands))
    return false;
  st.addAttr("msg", Attribute::string(std::move(msg)));
  return true;
}

} // namespace

void registerControlFlowOpParsers(OpParserRegistry &r) {
  r.add("cf.assert", parseAssert);
}

} // namespace affjit

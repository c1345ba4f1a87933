// Function handles (affjit::Function in Engine.h): a compiled function looked
// up once, called through the shared call path (CallFrame.h).
#include "affjit/Engine.h"

#include "engine/api/ArgumentCheck.h"
#include "engine/api/CallFrame.h"
#include "engine/api/FunctionInfo.h"

namespace affjit {

namespace {

Error emptyHandle() {
  return Error("calling an empty affjit::Function (use Engine::lookup)");
}

} // namespace

std::string_view Function::name() const {
  return info ? std::string_view(info->name) : std::string_view();
}

size_t Function::numArguments() const {
  return info ? info->type.getInputs().size() : 0;
}

size_t Function::numResults() const { return info ? info->results.size() : 0; }

Error Function::invoke(std::span<const detail::Argument> args) const {
  if (!info)
    return emptyHandle();
  if (Error err = detail::CallFrame::check(*info, args))
    return err;
  detail::CallFrame frame(*info, args);
  frame.run();
  return Error();
}

Error Function::invoke(std::span<const detail::Argument> args,
                       Results &results) const {
  if (!info)
    return emptyHandle();
  if (Error err = detail::CallFrame::check(*info, args))
    return err;
  detail::CallFrame frame(*info, args);
  frame.run();
  frame.collect(info, results);
  return Error();
}

Error Function::invokeForScalar(std::span<const detail::Argument> args,
                                ScalarKind kind,
                                detail::ScalarValue &result) const {
  if (!info)
    return emptyHandle();
  // The result type is checked before anything runs.
  if (info->results.size() != 1 || info->results[0].kind != kind)
    return Error("@" + info->name + " has type " + info->type.str() +
                 ", not one " + describe(kind) + " result");
  if (Error err = detail::CallFrame::check(*info, args))
    return err;
  detail::CallFrame frame(*info, args);
  frame.run();
  result = frame.result(0);
  return Error();
}

} // namespace affjit

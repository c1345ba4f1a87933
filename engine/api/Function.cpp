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

/// Checks `args` against `info`, runs the call, then lets `finish` read
/// what it needs from the frame's results.
template <typename Finish>
Error checkedCall(const detail::FunctionInfo *info,
                  std::span<const detail::Argument> args, Finish finish) {
  if (!info)
    return emptyHandle();
  if (Error err = detail::CallFrame::check(*info, args))
    return err;
  detail::CallFrame frame(*info, args);
  frame.run();
  finish(frame);
  return Error();
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
  return checkedCall(info.get(), args, [](detail::CallFrame &) {});
}

Error Function::invoke(std::span<const detail::Argument> args,
                       Results &results) const {
  return checkedCall(info.get(), args, [&](detail::CallFrame &frame) {
    frame.collect(info, results);
  });
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
  return checkedCall(info.get(), args, [&](detail::CallFrame &frame) {
    result = frame.result(0);
  });
}

} // namespace affjit

// Function handles (affjit::Function in Engine.h): a compiled function looked
// up once, called through the shared call path (CallFrame.h).
#include "affjit/Benchmark.h"
#include "affjit/Engine.h"

#include "engine/api/ArgumentCheck.h"
#include "engine/api/CallFrame.h"
#include "engine/api/FunctionInfo.h"

namespace affjit {

namespace {

Error emptyHandle() {
  return Error("calling an empty affjit::Function (use Engine::lookup)");
}

/// EngineOptions::crossCheck: runs the function with its pipeline and with
/// `none` on copies of `args`; an error when they compute different things.
Error crossCheckCall(const detail::FunctionInfo &info,
                     std::span<const detail::Argument> args) {
  const detail::CrossCheckSource &source = *info.crossCheck;
  BenchmarkOptions options;
  options.pipelines = {"none", source.options.pipeline};
  // The engine's compile options, without its reports: the check is not a
  // compile the caller asked to hear about.
  options.compile = source.options;
  options.compile.optReport.clear();
  options.compile.dumpAfter.clear();
  options.compile.onRemark = nullptr;
  options.repetitions = 1;
  options.warmup = 0;
  options.minTime = 0;
  options.pinThread = false;
  options.bufferName = source.bufferName;
  Expected<BenchmarkResult> r =
      benchmarkArguments(source.text, info.name, args, options);
  if (!r)
    return Error("cross-check of @" + info.name + ": " + r.error().message());
  const BenchmarkVariant &v = r->variants[1];
  if (!v.mismatch)
    return Error();
  std::string message = "cross-check of @" + info.name + ": " +
                        v.mismatch->message(v.pipeline, "none");
  if (!v.firstDifferingPass.empty())
    message += "; the results first differ after pass '" +
               v.firstDifferingPass + "' (--pipeline=" + v.differingPrefix +
               ")";
  return Error(message);
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
  if (info->crossCheck)
    if (Error err = crossCheckCall(*info, args))
      return err;
  detail::CallFrame frame(*info, args);
  frame.run();
  finish(frame);
  return Error();
}

/// A size, stride or offset of a type, with `?` as kDynamicSize.
int64_t publicSize(int64_t size) {
  return size == kDynamic ? kDynamicSize : size;
}

/// What a caller needs to know to pass parameter `type`.
ParameterInfo describeParameter(Type type, bool written) {
  ParameterInfo p;
  p.type = type.str();
  p.isMemRef = type.isMemRef();
  if (!p.isMemRef) {
    if (!type.isAnyMemRef())
      p.kind = scalarKindOfType(type);
    p.written = false;
    return p;
  }
  p.kind = scalarKindOfType(type.getElementType());
  p.written = written;
  for (int64_t size : type.getShape())
    p.sizes.push_back(publicSize(size));
  switch (type.getLayoutKind()) {
  case LayoutKind::Identity:
    p.layout = ParameterInfo::Layout::Identity;
    break;
  case LayoutKind::Strided:
    p.layout = ParameterInfo::Layout::Strided;
    for (int64_t stride : type.getLayoutStrides())
      p.strides.push_back(publicSize(stride));
    p.offset = publicSize(type.getLayoutOffset());
    break;
  case LayoutKind::Map:
    p.layout = ParameterInfo::Layout::AffineMap;
    break;
  }
  return p;
}

} // namespace

std::string Function::signature() const {
  return info ? info->type.str() : std::string();
}

std::vector<ParameterInfo> Function::parameters() const {
  std::vector<ParameterInfo> out;
  if (!info)
    return out;
  const std::vector<Type> &inputs = info->type.getInputs();
  for (size_t i = 0; i < inputs.size(); ++i) {
    // Not computed (functions made outside Engine::compile): assume written.
    bool written =
        i >= info->writtenParameters.size() || info->writtenParameters[i];
    out.push_back(describeParameter(inputs[i], written));
  }
  return out;
}

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

// Binding, running and reading back one call (CallFrame.h).
#include "engine/api/CallFrame.h"

#include "engine/api/ArgumentCheck.h"

#include <cstring>

namespace affjit::detail {

Error CallFrame::check(const FunctionInfo &fn, std::span<const Argument> args) {
  const auto &params = fn.type.getInputs();
  if (args.size() != params.size())
    return Error("@" + fn.name + " takes " + std::to_string(params.size()) +
                 " arguments, got " + std::to_string(args.size()));
  for (size_t i = 0; i < args.size(); ++i) {
    if (i < fn.parameterChecks.size() &&
        parameterMatches(args[i], fn.parameterChecks[i]))
      continue;
    std::string problem = checkArgument(args[i], params[i]);
    if (!problem.empty())
      return Error("argument #" + std::to_string(i) + " of @" + fn.name + ": " +
                   problem);
  }
  return Error();
}

CallFrame::CallFrame(const FunctionInfo &function,
                     std::span<const Argument> args)
    : fn(&function) {
  size_t blocks = (fn->resultBytes + sizeof(Block) - 1) / sizeof(Block);
  if (blocks <= std::size(inlineResult)) {
    resultSlot = inlineResult[0].bytes;
  } else {
    heapResult = std::make_unique<Block[]>(blocks);
    resultSlot = heapResult[0].bytes;
  }
  std::memset(resultSlot, 0, blocks * sizeof(Block));
  if (args.size() < std::size(inlineSlots)) {
    slots = inlineSlots;
  } else {
    heapSlots = std::make_unique<void *[]>(args.size() + 1);
    slots = heapSlots.get();
  }
  // The packed wrapper only reads argument slots.
  for (size_t i = 0; i < args.size(); ++i)
    slots[i] = args[i].kind == Argument::Kind::MemRef
                   ? args[i].descriptor
                   : const_cast<ScalarValue *>(&args[i].value);
  slots[args.size()] = resultSlot;
}

ScalarValue CallFrame::result(size_t i) const {
  const ResultLayout &r = fn->results[i];
  const unsigned char *p = resultSlot + r.offset;
  ScalarValue v{};
  if (!r.kind)
    return v;
  switch (*r.kind) {
  case ScalarKind::I1:
    v.i = *p & 1;
    break;
  case ScalarKind::I8:
    v.i = *reinterpret_cast<const int8_t *>(p);
    break;
  case ScalarKind::I16:
    v.i = *reinterpret_cast<const int16_t *>(p);
    break;
  case ScalarKind::I32:
    v.i = *reinterpret_cast<const int32_t *>(p);
    break;
  case ScalarKind::I64:
  case ScalarKind::Index:
    v.i = *reinterpret_cast<const int64_t *>(p);
    break;
  case ScalarKind::F32:
    v.f32 = *reinterpret_cast<const float *>(p);
    break;
  case ScalarKind::F64:
    v.f64 = *reinterpret_cast<const double *>(p);
    break;
  }
  return v;
}

void CallFrame::collect(const std::shared_ptr<const FunctionInfo> &owner,
                        Results &out) const {
  // A Results reused across calls of one function keeps its owner: no
  // reference count traffic per call.
  if (out.function != owner)
    out.function = owner;
  out.values.clear();
  for (size_t i = 0; i < fn->results.size(); ++i)
    out.values.push_back(result(i));
}

} // namespace affjit::detail

// The REPL session's compile-on-change and guarded calls (Session.h).
#include "engine/repl/Session.h"

#include "engine/api/ArgumentCheck.h"
#include "engine/repl/CrashGuard.h"
#include "frontend/lower/FunctionLowering.h"
#include "frontend/lower/LowerToLLVM.h"

#include <charconv>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>

namespace affjit::repl {

Session::Session(SessionOptions o) : options(o) {}

Session::~Session() {
  // Unload JIT code before the buffers it may point into go away.
  if (tracker)
    llvm::consumeError(tracker->remove());
}

Error Session::allocBuffer(const std::string &name, Type type,
                           BufferFill fill) {
  std::string error;
  auto buffer = SessionBuffer::create(type, fill, error);
  if (!buffer)
    return Error(error);
  buffers[name] = std::move(buffer);
  return Error();
}

SessionBuffer *Session::lookupBuffer(const std::string &name) {
  auto it = buffers.find(name);
  return it == buffers.end() ? nullptr : it->second.get();
}

bool Session::freeBuffer(const std::string &name) {
  return buffers.erase(name) != 0;
}

Error Session::ensureJit() {
  if (jit)
    return Error();
  auto created = Jit::create(options.optLevel);
  if (!created)
    return Error("failed to create the JIT: " +
                 llvm::toString(created.takeError()));
  jit = std::move(*created);
  return Error();
}

std::unique_ptr<llvm::Module> Session::lower(llvm::LLVMContext &context,
                                             std::string &errors) const {
  DiagnosticEngine diag;
  std::unique_ptr<Module> program = definitions.buildModule(&diag);
  LowerOptions lo;
  lo.checked = options.checked;
  auto module = lowerToLLVM(*program, context, diag, lo);
  if (!module || diag.hadError()) {
    std::ostringstream os;
    diag.print(os);
    errors = os.str();
    return nullptr;
  }
  return module;
}

Error Session::compile() {
  if (jit && compiledGeneration == definitions.getGeneration())
    return Error();
  if (Error err = ensureJit())
    return err;
  auto context = std::make_unique<llvm::LLVMContext>();
  std::string errors;
  auto module = lower(*context, errors);
  if (!module)
    return Error(errors);
  module->setModuleIdentifier("affjit.repl." + std::to_string(moduleCount++));
  // The old code defines the same symbols: unload it before adding.
  compiled.clear();
  if (tracker)
    if (auto err = tracker->remove())
      return Error(llvm::toString(std::move(err)));
  tracker = jit->createResourceTracker();
  std::string key = definitions.fingerprint() +
                    "\nchecked=" + std::to_string(options.checked);
  if (auto err = jit->addModule(
          llvm::orc::ThreadSafeModule(std::move(module), std::move(context)),
          key, tracker))
    return Error(llvm::toString(std::move(err)));
  for (const std::string &name : definitions.functionNames()) {
    auto addr = jit->lookup(packedInterfaceName(name));
    if (!addr)
      return Error("failed to compile @" + name + ": " +
                   llvm::toString(addr.takeError()));
    compiled[name] = reinterpret_cast<void (*)(void **)>(*addr);
  }
  compiledGeneration = definitions.getGeneration();
  return Error();
}

namespace {

/// Size and alignment of one result as the packed wrapper stores it (the
/// LLVM struct of the results on x86-64: natural alignment, i1 in a byte).
std::pair<size_t, size_t> resultSlotLayout(Type t) {
  if (t.isMemRef())
    return {(3 + 2 * (size_t)t.getRank()) * 8, 8};
  if (t.isUnrankedMemRef())
    return {16, 8};
  if (!t.isIntOrIndexOrFloat())
    return {64, 64}; // vectors: generous, never read back
  size_t bytes = t.isIndex() ? 8 : std::max<size_t>(1, t.getWidth() / 8);
  return {bytes, bytes};
}

template <typename T> std::string shortest(T v) {
  char text[64];
  auto r = std::to_chars(text, text + sizeof(text), v);
  return std::string(text, r.ptr);
}

std::string formatScalar(const unsigned char *p, Type t) {
  auto kind = scalarKindOfType(t);
  if (!kind)
    return "<" + t.str() + ">";
  switch (*kind) {
  case ScalarKind::I1:
    return (*p & 1) ? "true" : "false";
  case ScalarKind::I8:
    return std::to_string(*reinterpret_cast<const int8_t *>(p));
  case ScalarKind::I16:
    return std::to_string(*reinterpret_cast<const int16_t *>(p));
  case ScalarKind::I32:
    return std::to_string(*reinterpret_cast<const int32_t *>(p));
  case ScalarKind::I64:
  case ScalarKind::Index:
    return std::to_string(*reinterpret_cast<const int64_t *>(p));
  case ScalarKind::F32:
    return shortest(*reinterpret_cast<const float *>(p));
  case ScalarKind::F64:
    return shortest(*reinterpret_cast<const double *>(p));
  }
  return "?";
}

size_t resultBytes(Type fnType) {
  size_t offset = 0;
  for (Type t : fnType.getResults()) {
    auto [size, align] = resultSlotLayout(t);
    offset = (offset + align - 1) / align * align + size;
  }
  return std::max<size_t>(offset, 16);
}

} // namespace

Error Session::bind(const std::string &function, std::vector<Argument> args,
                    BoundCall &call) {
  Operation *fn = definitions.lookupFunction(function);
  if (!fn)
    return Error("no function named @" + function + " is defined");
  if (Error err = compile())
    return err;
  Type type = fn->getAttr("function_type").getType();
  const auto &params = type.getInputs();
  if (args.size() != params.size())
    return Error("@" + function + " takes " + std::to_string(params.size()) +
                 " arguments, got " + std::to_string(args.size()));
  for (size_t i = 0; i < args.size(); ++i) {
    std::string problem = checkArgument(args[i], params[i]);
    if (!problem.empty())
      return Error("argument #" + std::to_string(i) + " of @" + function +
                   ": " + problem);
  }
  call.packed = compiled.at(function);
  call.type = type;
  call.args = std::move(args);
  call.result.assign(resultBytes(type), 0);
  call.slots.clear();
  for (Argument &a : call.args)
    call.slots.push_back(a.kind == Argument::Kind::MemRef ? a.descriptor
                                                          : (void *)&a.value);
  call.slots.push_back(call.result.data());
  return Error();
}

/// Runs `body` under the crash guard, then flushes what JIT code printed
/// so it comes before the REPL's next output.
static Error runFlushed(const std::function<void()> &body) {
  auto failure = runGuarded(body);
  std::fflush(stdout);
  std::cout.flush();
  if (failure)
    return Error(*failure);
  return Error();
}

Error Session::run(BoundCall &call) {
  return runFlushed([&] { call.packed(call.slots.data()); });
}

Error Session::runTimed(BoundCall &call, const TimingOptions &timing,
                        TimingResult &result) {
  return runFlushed([&] {
    timeRuns([&] { call.packed(call.slots.data()); }, timing, result);
  });
}

std::vector<std::string> Session::formatResults(const BoundCall &call) const {
  std::vector<std::string> out;
  size_t offset = 0;
  for (Type t : call.type.getResults()) {
    auto [size, align] = resultSlotLayout(t);
    offset = (offset + align - 1) / align * align;
    if (t.isAnyMemRef())
      out.push_back("a " + t.str() + " (not kept)");
    else
      out.push_back(formatScalar(call.result.data() + offset, t) + " : " +
                    t.str());
    offset += size;
  }
  return out;
}

} // namespace affjit::repl

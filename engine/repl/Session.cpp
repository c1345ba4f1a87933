// The REPL session's compile-on-change and guarded calls (Session.h).
#include "engine/repl/Session.h"

#include "engine/repl/CrashGuard.h"

#include <charconv>
#include <cstdio>
#include <iostream>
#include <sstream>

namespace affjit::repl {

Session::Session(SessionOptions o)
    : options(o), pipeline(CompilePipeline::create(o)) {}

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

Error Session::setOptions(SessionOptions newOptions) {
  newOptions.optLevel = options.optLevel;
  Expected<CompilePipeline> created = CompilePipeline::create(newOptions);
  if (!created)
    return created.error();
  options = std::move(newOptions);
  pipeline = std::move(created);
  settingsChanged = true;
  return Error();
}

Error Session::ensureJit() {
  if (jit)
    return Error();
  if (!pipeline)
    return pipeline.error();
  auto created = pipeline->createJit();
  if (!created)
    return Error("failed to create the JIT: " +
                 llvm::toString(created.takeError()));
  jit = std::move(*created);
  return Error();
}

static std::string formatted(const DiagnosticEngine &diag) {
  std::ostringstream os;
  diag.print(os);
  return os.str();
}

std::unique_ptr<Module> Session::transformed(std::string &errors) const {
  if (!pipeline) {
    errors = pipeline.error().message();
    return nullptr;
  }
  DiagnosticEngine diag;
  std::unique_ptr<Module> program = definitions.buildModule(&diag);
  if (!pipeline->transform(*program, diag)) {
    errors = formatted(diag);
    return nullptr;
  }
  return program;
}

std::optional<LoweredProgram> Session::lower(std::string &errors) const {
  if (!pipeline) {
    errors = pipeline.error().message();
    return std::nullopt;
  }
  DiagnosticEngine diag;
  std::unique_ptr<Module> program = definitions.buildModule(&diag);
  std::optional<LoweredProgram> lowered = pipeline->lower(*program, diag);
  if (!lowered)
    errors = formatted(diag);
  return lowered;
}

Error Session::compile() {
  if (jit && !settingsChanged &&
      compiledGeneration == definitions.getGeneration())
    return Error();
  if (Error err = ensureJit())
    return err;
  std::string errors;
  std::optional<LoweredProgram> program = lower(errors);
  if (!program)
    return Error(errors);
  program->module->setModuleIdentifier("affjit.repl." +
                                       std::to_string(moduleCount++));
  // The old code defines the same symbols: unload it before adding.
  compiled.clear();
  if (tracker)
    if (auto err = tracker->remove())
      return Error(llvm::toString(std::move(err)));
  tracker = jit->createResourceTracker();
  Expected<CompiledFunctions> functions = pipeline->addToJit(
      *jit, std::move(*program), definitions.fingerprint(), tracker);
  if (!functions)
    return functions.error();
  for (auto &fn : *functions)
    compiled[fn->name] = fn;
  compiledGeneration = definitions.getGeneration();
  settingsChanged = false;
  return Error();
}

namespace {

template <typename T> std::string shortest(T v) {
  char text[64];
  auto r = std::to_chars(text, text + sizeof(text), v);
  return std::string(text, r.ptr);
}

std::string formatScalar(detail::ScalarValue v,
                         const detail::ResultLayout &result) {
  if (!result.kind)
    return "<" + result.type.str() + ">";
  switch (*result.kind) {
  case ScalarKind::I1:
    return v.i ? "true" : "false";
  case ScalarKind::I8:
  case ScalarKind::I16:
  case ScalarKind::I32:
  case ScalarKind::I64:
  case ScalarKind::Index:
    return std::to_string(v.i);
  case ScalarKind::F32:
    return shortest(v.f32);
  case ScalarKind::F64:
    return shortest(v.f64);
  }
  return "?";
}

} // namespace

Error Session::bind(const std::string &function,
                    std::vector<detail::Argument> args, BoundCall &call) {
  if (!definitions.lookupFunction(function))
    return Error("no function named @" + function + " is defined");
  if (Error err = compile())
    return err;
  auto it = compiled.find(function);
  if (it == compiled.end())
    return Error("@" + function + " is not in the compiled program");
  if (Error err = detail::CallFrame::check(*it->second, args))
    return err;
  call.frame.reset();
  call.function = it->second;
  call.args = std::move(args);
  call.frame.emplace(*call.function, call.args);
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
  return runFlushed([&] { call.frame->run(); });
}

Error Session::runTimed(BoundCall &call, const TimingOptions &timing,
                        TimingResult &result) {
  return runFlushed(
      [&] { timeRuns([&] { call.frame->run(); }, timing, result); });
}

std::vector<std::string> Session::formatResults(const BoundCall &call) const {
  std::vector<std::string> out;
  const auto &results = call.function->results;
  for (size_t i = 0; i < results.size(); ++i) {
    Type t = results[i].type;
    if (t.isAnyMemRef())
      out.push_back("a " + t.str() + " (not kept)");
    else
      out.push_back(formatScalar(call.frame->result(i), results[i]) + " : " +
                    t.str());
  }
  return out;
}

} // namespace affjit::repl

// The REPL session's compile-on-change and guarded calls (Session.h).
#include "engine/repl/Session.h"

#include "engine/repl/CrashGuard.h"
#include "engine/repl/IsolatedCall.h"
#include "frontend/ir/MemRefOps.h"

#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <new>
#include <span>
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
  Expected<CompilePipeline> created = CompilePipeline::create(newOptions);
  if (!created)
    return created.error();
  // The JIT compiles at one optimization level: a new level needs a new
  // JIT (buffers live outside it and keep their contents).
  if (newOptions.optLevel != options.optLevel && jit) {
    compiled.clear();
    if (tracker)
      llvm::consumeError(tracker->remove());
    tracker = nullptr;
    jit.reset();
  }
  options = std::move(newOptions);
  pipeline = std::move(created);
  settingsChanged = true;
  return Error();
}

const TargetModel &Session::getTarget() const {
  return pipeline ? pipeline->getTarget() : TargetModel::host();
}

unsigned Session::getThreads() const {
  return pipeline ? pipeline->getOptions().threads
                  : resolveThreadCount(options.threads);
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

namespace {

/// Whether lowered code forks parallel regions.
bool hasParallelLoops(const llvm::Module &module) {
  const llvm::Function *fork = module.getFunction("affjit_rt_parallel_for");
  return fork && !fork->use_empty();
}

/// Whether the program defines a memref.global that is not constant.
bool hasWritableGlobals(const Definitions &definitions) {
  std::unique_ptr<Module> program = definitions.buildModule();
  for (auto &op : program->getBody().getOperations())
    if (isa<GlobalOp>(op.get()) && !GlobalOp(op.get()).getConstant())
      return true;
  return false;
}

} // namespace

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
  bool isolate =
      hasParallelLoops(*program->module) && !hasWritableGlobals(definitions);
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
  isolateCalls = isolate;
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

namespace {

/// Copies of the buffers a call may write, taken before an in-process call
/// so that a failed one can be undone. Skipped (incomplete) when the copies
/// would take more than half of the memory still free: the copy must not
/// be what exhausts the machine.
class Snapshot {
public:
  explicit Snapshot(std::span<const MemoryRegion> regions) : regions(regions) {
    size_t total = 0;
    for (const MemoryRegion &r : regions)
      total += r.bytes;
    long pages = sysconf(_SC_AVPHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
    if (pages > 0 && pageSize > 0 && total > (size_t)pages * pageSize / 2)
      return;
    for (const MemoryRegion &r : regions) {
      copies.emplace_back(
          new (std::nothrow) unsigned char[r.bytes ? r.bytes : 1]);
      if (!copies.back()) {
        copies.clear();
        return;
      }
      std::memcpy(copies.back().get(), r.data, r.bytes);
    }
    complete = true;
  }
  bool isComplete() const { return complete; }
  void restore() const {
    for (size_t i = 0; i < copies.size(); ++i)
      std::memcpy(regions[i].data, copies[i].get(), regions[i].bytes);
  }
  /// Per region: whether it differs from its copy (true without one).
  std::vector<bool> changed() const {
    std::vector<bool> out;
    for (size_t i = 0; i < regions.size(); ++i)
      out.push_back(!complete || std::memcmp(regions[i].data, copies[i].get(),
                                             regions[i].bytes) != 0);
    return out;
  }

private:
  std::span<const MemoryRegion> regions;
  std::vector<std::unique_ptr<unsigned char[]>> copies;
  bool complete = false;
};

/// What a child process hands back besides the buffers: the formatted
/// results, one a line, then a NUL and the timing (calls per run, then
/// the seconds of each run), raw.
std::string encodePayload(const std::vector<std::string> &results,
                          const TimingResult *timing) {
  std::string out;
  for (const std::string &r : results)
    out += r + '\n';
  out += '\0';
  if (timing) {
    out.append(reinterpret_cast<const char *>(&timing->callsPerRun),
               sizeof(int64_t));
    out.append(reinterpret_cast<const char *>(timing->seconds.data()),
               timing->seconds.size() * sizeof(double));
  }
  return out;
}

void decodePayload(const std::string &payload,
                   std::vector<std::string> &results, TimingResult *timing) {
  size_t end = payload.find('\0');
  std::istringstream lines(payload.substr(0, end));
  results.clear();
  for (std::string line; std::getline(lines, line);)
    results.push_back(line);
  if (!timing || end == std::string::npos ||
      payload.size() < end + 1 + sizeof(int64_t))
    return;
  const char *p = payload.data() + end + 1;
  std::memcpy(&timing->callsPerRun, p, sizeof(int64_t));
  p += sizeof(int64_t);
  timing->seconds.resize((payload.data() + payload.size() - p) /
                         sizeof(double));
  std::memcpy(timing->seconds.data(), p,
              timing->seconds.size() * sizeof(double));
}

} // namespace

std::vector<SessionBuffer *> Session::buffersOf(const BoundCall &call) {
  std::vector<SessionBuffer *> out;
  for (auto &[name, buffer] : buffers) {
    void *descriptor = buffer->asArgument().descriptor;
    for (const detail::Argument &a : call.args)
      if (a.kind == detail::Argument::Kind::MemRef &&
          a.descriptor == descriptor) {
        out.push_back(buffer.get());
        break;
      }
  }
  return out;
}

Error Session::execute(BoundCall &call, const TimingOptions *timing,
                       TimingResult *result) {
  std::vector<SessionBuffer *> touched = buffersOf(call);
  std::vector<MemoryRegion> regions;
  for (SessionBuffer *b : touched)
    regions.push_back({b->getData(), (size_t)b->getSizeInBytes()});
  auto body = [&] {
    if (timing)
      timeRuns([&] { call.frame->run(); }, *timing, *result);
    else
      call.frame->run();
  };
  std::optional<std::string> failure;
  std::vector<bool> changed;
  if (isolateCalls) {
    IsolatedOutcome outcome = runIsolated(
        [&] {
          body();
          return encodePayload(formatResults(call), result);
        },
        regions);
    failure = outcome.failure;
    changed = outcome.changed;
    if (!failure)
      decodePayload(outcome.payload, call.results, result);
  } else {
    Snapshot before(regions);
    failure = runGuarded(body);
    if (failure && before.isComplete())
      before.restore();
    else if (failure)
      *failure += " (its buffers may be partly written: there was no "
                  "memory for a copy to restore)";
    else
      changed = before.changed(), call.results = formatResults(call);
  }
  // What JIT code printed comes before the REPL's next output.
  std::fflush(stdout);
  std::cout.flush();
  if (failure)
    return Error(*failure);
  for (size_t i = 0; i < touched.size(); ++i)
    if (changed[i])
      touched[i]->setOrigin("written by @" + call.function->name);
  return Error();
}

Error Session::run(BoundCall &call) { return execute(call, nullptr, nullptr); }

Error Session::runTimed(BoundCall &call, const TimingOptions &timing,
                        TimingResult &result) {
  return execute(call, &timing, &result);
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

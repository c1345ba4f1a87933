// The C++ API's engine: modules go through the compile pipeline
// (engine/Pipeline.h) into one JIT; the table of compiled functions is
// shared-locked for lookups so calls proceed while another thread compiles.
#include "affjit/Engine.h"

#include "engine/Pipeline.h"
#include "engine/api/FunctionInfo.h"

#include <llvm/Support/Error.h>

#include <map>
#include <mutex>
#include <shared_mutex>
#include <sstream>

namespace affjit {

struct Engine::Impl {
  explicit Impl(const EngineOptions &o)
      : pipeline(CompilePipeline::create(compileOptionsOf(o))) {}

  /// Fails (on every compile) if the options name unknown passes.
  Expected<CompilePipeline> pipeline;
  /// Serializes compiles: the JIT's creation and module numbering.
  std::mutex compileMutex;
  std::unique_ptr<Jit> jit;
  unsigned moduleCount = 0;
  /// Guards `functions`: compile writes, lookups read.
  mutable std::shared_mutex functionsMutex;
  std::map<std::string, std::shared_ptr<const detail::FunctionInfo>,
           std::less<>>
      functions;
};

Engine::Engine(EngineOptions options) : impl(std::make_unique<Impl>(options)) {}

Engine::~Engine() = default;

std::string Engine::hostCpu() const {
  std::lock_guard<std::mutex> lock(impl->compileMutex);
  if (!impl->jit)
    return "";
  return impl->jit->getCpuName();
}

static std::string formatted(const DiagnosticEngine &diag) {
  std::ostringstream os;
  diag.print(os);
  return os.str();
}

Error Engine::compile(std::string_view text, std::string_view bufferName) {
  if (!impl->pipeline)
    return impl->pipeline.error();
  const CompilePipeline &pipeline = *impl->pipeline;
  std::lock_guard<std::mutex> lock(impl->compileMutex);
  if (!impl->jit) {
    auto jit = pipeline.createJit();
    if (!jit)
      return Error("failed to create the JIT: " +
                   llvm::toString(jit.takeError()));
    impl->jit = std::move(*jit);
  }
  SourceBuffer source{std::make_shared<const std::string>(bufferName),
                      std::string(text)};
  DiagnosticEngine diag;
  std::optional<LoweredProgram> program = pipeline.lower(source, diag);
  if (!program)
    return Error(formatted(diag));
  program->module->setModuleIdentifier("affjit." +
                                       std::to_string(impl->moduleCount++));
  Expected<CompiledFunctions> compiled = pipeline.addToJit(
      *impl->jit, std::move(*program), source.text + "\n" + *source.name);
  if (!compiled)
    return compiled.error();
  std::unique_lock<std::shared_mutex> write(impl->functionsMutex);
  for (auto &fn : *compiled)
    impl->functions[fn->name] = fn;
  return Error();
}

Expected<Function> Engine::lookup(std::string_view function) const {
  std::shared_lock<std::shared_mutex> read(impl->functionsMutex);
  auto it = impl->functions.find(function);
  if (it == impl->functions.end())
    return Error("no compiled function named @" + std::string(function));
  return Function(it->second);
}

Error Engine::invoke(std::string_view function,
                     std::vector<detail::Argument> args) {
  Expected<Function> fn = lookup(function);
  if (!fn)
    return fn.error();
  return fn->invoke(args);
}

Error Engine::invoke(std::string_view function,
                     std::vector<detail::Argument> args, Results &results) {
  Expected<Function> fn = lookup(function);
  if (!fn)
    return fn.error();
  return fn->invoke(args, results);
}

} // namespace affjit

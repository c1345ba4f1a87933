// The C++ API: compile MLIR text through parse → verify → lower → JIT, and
// call functions through their packed wrappers after checking arguments.
#include "affjit/Engine.h"

#include "engine/api/ArgumentCheck.h"
#include "engine/jit/Jit.h"
#include "frontend/lower/FunctionLowering.h"
#include "frontend/lower/LowerToLLVM.h"
#include "frontend/parse/Parser.h"
#include "frontend/verify/Verifier.h"

#include <llvm/Support/Error.h>

#include <map>
#include <mutex>
#include <sstream>

namespace affjit {

namespace {

struct CompiledFunction {
  Type type;
  void (*packed)(void **) = nullptr;
};

} // namespace

struct Engine::Impl {
  EngineOptions options;
  std::unique_ptr<Jit> jit;
  std::map<std::string, CompiledFunction, std::less<>> functions;
  std::mutex mutex;
  unsigned moduleCount = 0;
};

Engine::Engine(EngineOptions options) : impl(std::make_unique<Impl>()) {
  impl->options = options;
}

Engine::~Engine() = default;

std::string Engine::hostCpu() const {
  if (!impl->jit)
    return "";
  return impl->jit->getCpuName();
}

Error Engine::compile(std::string_view text, std::string_view bufferName) {
  std::lock_guard<std::mutex> lock(impl->mutex);
  if (!impl->jit) {
    auto jit = Jit::create(impl->options.optLevel);
    if (!jit)
      return Error("failed to create the JIT: " +
                   llvm::toString(jit.takeError()));
    impl->jit = std::move(*jit);
  }
  SourceBuffer source{std::make_shared<const std::string>(bufferName),
                      std::string(text)};
  DiagnosticEngine diag;
  std::unique_ptr<Module> module = parseModule(source, diag);
  if (module)
    verifyModule(*module, diag);
  auto context = std::make_unique<llvm::LLVMContext>();
  std::unique_ptr<llvm::Module> llvmModule;
  if (module && !diag.hadError()) {
    LowerOptions lo;
    lo.checked = impl->options.checked;
    llvmModule = lowerToLLVM(*module, *context, diag, lo);
  }
  if (diag.hadError() || !llvmModule) {
    std::ostringstream os;
    diag.print(os);
    return Error(os.str());
  }
  std::vector<std::pair<std::string, Type>> defined;
  for (auto &op : module->getBody().getOperations())
    if (op->isa("func.func") && op->getRegion(0).getBlocks().size() != 0)
      defined.push_back({op->getAttr("sym_name").getString(),
                         op->getAttr("function_type").getType()});
  llvmModule->setModuleIdentifier("affjit." +
                                  std::to_string(impl->moduleCount++));
  std::string sourceKey = std::string(text) +
                          "\nchecked=" + std::to_string(impl->options.checked) +
                          "\n" + std::string(bufferName);
  if (auto err =
          impl->jit->addModule(llvm::orc::ThreadSafeModule(
                                   std::move(llvmModule), std::move(context)),
                               sourceKey))
    return Error(llvm::toString(std::move(err)));
  for (auto &[name, type] : defined) {
    auto addr = impl->jit->lookup(packedInterfaceName(name));
    if (!addr)
      return Error("failed to compile @" + name + ": " +
                   llvm::toString(addr.takeError()));
    impl->functions[name] =
        CompiledFunction{type, reinterpret_cast<void (*)(void **)>(*addr)};
  }
  return Error();
}

Error Engine::invoke(std::string_view function, std::vector<Argument> args) {
  auto it = impl->functions.find(function);
  if (it == impl->functions.end())
    return Error("no compiled function named @" + std::string(function));
  const CompiledFunction &fn = it->second;
  const auto &params = fn.type.getInputs();
  if (args.size() != params.size())
    return Error("@" + std::string(function) + " takes " +
                 std::to_string(params.size()) + " arguments, got " +
                 std::to_string(args.size()));
  std::vector<void *> slots;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string problem = checkArgument(args[i], params[i]);
    if (!problem.empty())
      return Error("argument #" + std::to_string(i) + " of @" +
                   std::string(function) + ": " + problem);
    slots.push_back(args[i].kind == Argument::Kind::MemRef
                        ? args[i].descriptor
                        : (void *)&args[i].value);
  }
  // Results are computed into a scratch slot (memrefs and scalars alike).
  alignas(16) unsigned char result[512];
  slots.push_back(result);
  fn.packed(slots.data());
  return Error();
}

} // namespace affjit

// Exporting entry functions from an ahead-of-time object (ExportEntries.h).
#include "engine/aot/ExportEntries.h"

#include "frontend/lower/FunctionLowering.h"

#include <llvm/IR/GlobalAlias.h>
#include <llvm/IR/IRBuilder.h>

#include <set>

namespace affjit {

namespace {

/// `int main(void)` calling the C interface of the program's `@main`.
void defineCMain(llvm::Module &module, llvm::Function &programMain) {
  llvm::LLVMContext &context = module.getContext();
  llvm::IRBuilder<> b(context);
  llvm::Function *cMain = llvm::Function::Create(
      llvm::FunctionType::get(b.getInt32Ty(), false),
      llvm::GlobalValue::ExternalLinkage, "main", module);
  b.SetInsertPoint(llvm::BasicBlock::Create(context, "entry", cMain));
  b.CreateCall(&programMain);
  b.CreateRet(b.getInt32(0));
}

/// Why `entry` cannot be exported under its name; nullopt if it can.
std::optional<std::string> checkEntry(const llvm::Module &module,
                                      const EntryFunction &entry) {
  const auto &[name, type] = entry;
  if (!module.getFunction(cInterfaceName(name)))
    return "@" + name + " is not defined in the module";
  if (name == "main" &&
      (!type.getInputs().empty() || !type.getResults().empty()))
    return "an exported @main becomes C's main and must have type () -> (); "
           "rename it or leave it out of -e";
  return std::nullopt;
}

/// Gives the function with MLIR's calling convention another name, so that
/// the entry's own name can be the C interface.
void moveAside(llvm::Module &module, const std::string &name) {
  if (llvm::Function *f = module.getFunction(name))
    f->setName(name + ".mlir_convention");
}

} // namespace

std::optional<std::string>
exportEntries(llvm::Module &module, const std::vector<EntryFunction> &entries) {
  for (const EntryFunction &entry : entries)
    if (std::optional<std::string> why = checkEntry(module, entry))
      return why;
  std::set<llvm::Function *> exported;
  for (const auto &[name, type] : entries)
    exported.insert(module.getFunction(cInterfaceName(name)));
  for (llvm::Function &f : module.functions())
    if (!f.isDeclaration() && !exported.count(&f))
      f.setLinkage(llvm::GlobalValue::InternalLinkage);
  for (llvm::GlobalVariable &g : module.globals())
    if (!g.isDeclaration() && !g.getName().starts_with("llvm."))
      g.setLinkage(llvm::GlobalValue::InternalLinkage);
  for (const auto &[name, type] : entries) {
    moveAside(module, name);
    llvm::Function *wrapper = module.getFunction(cInterfaceName(name));
    if (name == "main")
      defineCMain(module, *wrapper);
    else
      llvm::GlobalAlias::create(llvm::GlobalValue::ExternalLinkage, name,
                                wrapper);
  }
  return std::nullopt;
}

} // namespace affjit

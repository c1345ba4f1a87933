// Splitting a module for concurrent compilation (ModuleSplit.h).
#include "engine/jit/ModuleSplit.h"

#include "engine/jit/OutlineNests.h"

#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/IR/GlobalValue.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <algorithm>
#include <map>

namespace affjit {

/// Symbols only the module that defines them can hold.
static bool hasUnsplittableSymbols(const llvm::Module &module) {
  if (!module.alias_empty() || !module.ifunc_empty())
    return true;
  for (const llvm::GlobalVariable &global : module.globals())
    if (global.hasAppendingLinkage())
      return true;
  return false;
}

unsigned splitPartCount(const llvm::Module &module,
                        const SplitThresholds &thresholds) {
  uint64_t instructions = 0;
  unsigned definitions = 0;
  for (const llvm::Function &function : module)
    if (!function.isDeclaration()) {
      instructions += instructionCount(function);
      ++definitions;
    }
  if (definitions < 2 || hasUnsplittableSymbols(module))
    return 1;
  uint64_t parts = instructions / thresholds.instructionsPerPart;
  if (parts < 2)
    return 1;
  return (unsigned)std::min<uint64_t>(
      {parts, definitions, (uint64_t)thresholds.maxParts});
}

/// Makes every local symbol a hidden external one named `prefix` + its
/// name, so that a part can reach what another defines.
static void externalizeLocals(llvm::Module &module, const std::string &prefix) {
  auto externalize = [&](llvm::GlobalValue &value) {
    if (!value.hasLocalLinkage())
      return;
    value.setName(prefix + value.getName());
    value.setLinkage(llvm::GlobalValue::ExternalLinkage);
    value.setVisibility(llvm::GlobalValue::HiddenVisibility);
  };
  for (llvm::Function &function : module)
    externalize(function);
  for (llvm::GlobalVariable &global : module.globals())
    externalize(global);
}

/// The part each function definition goes to: largest first onto the
/// lightest part.
static std::map<const llvm::Function *, unsigned>
assignParts(const llvm::Module &module, unsigned parts) {
  std::vector<std::pair<uint64_t, const llvm::Function *>> bySize;
  for (const llvm::Function &function : module)
    if (!function.isDeclaration())
      bySize.push_back({instructionCount(function), &function});
  // Ties in module order, so that the split is deterministic.
  std::stable_sort(
      bySize.begin(), bySize.end(),
      [](const auto &a, const auto &b) { return a.first > b.first; });
  std::vector<uint64_t> load(parts, 0);
  std::map<const llvm::Function *, unsigned> partOf;
  for (const auto &[size, function] : bySize) {
    unsigned lightest =
        (unsigned)(std::min_element(load.begin(), load.end()) - load.begin());
    partOf[function] = lightest;
    load[lightest] += size;
  }
  return partOf;
}

static std::string bitcodeOf(const llvm::Module &module) {
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  llvm::WriteBitcodeToFile(module, os);
  os.flush();
  return bytes;
}

std::vector<std::string> splitModule(llvm::Module &module, unsigned parts,
                                     const std::string &prefix) {
  externalizeLocals(module, prefix);
  std::map<const llvm::Function *, unsigned> partOf =
      assignParts(module, parts);
  std::vector<std::string> out;
  for (unsigned part = 0; part < parts; ++part) {
    llvm::ValueToValueMapTy map;
    std::unique_ptr<llvm::Module> clone =
        llvm::CloneModule(module, map, [&](const llvm::GlobalValue *value) {
          if (auto *function = llvm::dyn_cast<llvm::Function>(value))
            return partOf.at(function) == part;
          return part == 0;
        });
    out.push_back(bitcodeOf(*clone));
  }
  return out;
}

} // namespace affjit

// Per-pass timing of LLVM's optimization pipeline (LlvmPassTiming.h).
#include "engine/jit/LlvmPassTiming.h"

#include <algorithm>

namespace affjit {

/// Pass managers and adaptors: they only run other passes.
static bool isContainer(llvm::StringRef pass) {
  static const std::vector<llvm::StringRef> containers = {
      "PassManager", "PassAdaptor", "AnalysisManagerProxy",
      "DevirtSCCRepeatedPass", "ModuleInlinerWrapperPass"};
  return llvm::isSpecialPass(pass, containers);
}

void LlvmPassTiming::registerCallbacks(
    llvm::PassInstrumentationCallbacks &callbacks) {
  callbacks.registerBeforeNonSkippedPassCallback(
      [this](llvm::StringRef pass, llvm::Any) { start(pass); });
  callbacks.registerAfterPassCallback(
      [this](llvm::StringRef pass, llvm::Any, const llvm::PreservedAnalyses &) {
        finish(pass);
      });
  callbacks.registerAfterPassInvalidatedCallback(
      [this](llvm::StringRef pass, const llvm::PreservedAnalyses &) {
        finish(pass);
      });
}

void LlvmPassTiming::start(llvm::StringRef pass) {
  if (!isContainer(pass))
    running.push_back({std::chrono::steady_clock::now()});
}

void LlvmPassTiming::finish(llvm::StringRef pass) {
  if (isContainer(pass) || running.empty())
    return;
  std::chrono::duration<double> elapsed =
      std::chrono::steady_clock::now() - running.back().start;
  running.pop_back();
  auto &[seconds, count] = totals[pass];
  seconds += elapsed.count();
  ++count;
}

void LlvmPassTiming::merge(const LlvmPassTiming &other) {
  for (const auto &entry : other.totals) {
    auto &[seconds, count] = totals[entry.getKey()];
    seconds += entry.getValue().first;
    count += entry.getValue().second;
  }
}

void LlvmPassTiming::addTo(TimingTree &tree) const {
  std::vector<std::pair<llvm::StringRef, std::pair<double, unsigned>>> passes;
  for (const auto &entry : totals)
    passes.push_back({entry.getKey(), entry.getValue()});
  std::sort(passes.begin(), passes.end(), [](const auto &a, const auto &b) {
    return a.second.first > b.second.first;
  });
  for (const auto &[pass, time] : passes)
    tree.add(pass, time.first, time.second);
}

} // namespace affjit

// Wall time of each LLVM optimization pass, summed over the functions and
// loops it runs on, for `--time-passes`. Pass managers and adaptors are not
// counted (their time is their passes'); analyses count toward the pass
// that first asks for them.
#pragma once

#include "frontend/ir/Timing.h"

#include <llvm/ADT/StringMap.h>
#include <llvm/IR/PassInstrumentation.h>

#include <chrono>
#include <vector>

namespace affjit {

class LlvmPassTiming {
public:
  /// Times every pass `callbacks` instruments from now on; this object must
  /// outlive their use.
  void registerCallbacks(llvm::PassInstrumentationCallbacks &callbacks);
  /// Adds one row per pass to `tree` under its running phase, slowest
  /// first.
  void addTo(TimingTree &tree) const;
  /// Adds `other`'s totals (another module's, timed on another thread).
  void merge(const LlvmPassTiming &other);

private:
  void start(llvm::StringRef pass);
  void finish(llvm::StringRef pass);
  struct Running {
    std::chrono::steady_clock::time_point start;
  };
  std::vector<Running> running;
  llvm::StringMap<std::pair<double, unsigned>> totals;
};

} // namespace affjit

// Where a compile's time went (`--time-passes`, EngineOptions::timePasses):
// parse, verify, each pass, lowering, LLVM's optimization (each of its
// passes) and code generation, linking.
#pragma once

#include <string>
#include <vector>

namespace affjit {

/// One phase of a compile.
struct CompilePhaseTime {
  std::string name;
  /// 0 for a top-level phase; a phase's children follow it one deeper.
  unsigned depth = 0;
  /// Wall time, summed over the phase's runs.
  double seconds = 0;
  /// How many times it ran (an LLVM pass runs once per function).
  unsigned count = 0;
};

struct CompileTimes {
  /// In tree order: a phase, then its children.
  std::vector<CompilePhaseTime> phases;
  /// The top-level phases' sum.
  double totalSeconds() const;
  /// As `--time-passes` prints it: the total, then one indented line per
  /// phase with its wall time and share of the total.
  std::string report() const;
};

} // namespace affjit

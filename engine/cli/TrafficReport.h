// `--measure-traffic` on the command line (`affjit run`, `affjit opt`):
// after the measured run, each top-level nest's traffic per run as a remark
// at the nest. The `report` pass's remarks (`--opt-report`) are held back
// until then, and when they describe the same nests each estimate line gets
// its measurement appended — the cost model's estimated vs. measured
// traffic side by side. Other passes' remarks print as they come.
#pragma once

#include "affjit/Engine.h"

#include <functional>
#include <ostream>
#include <vector>

namespace affjit::cli {

class TrafficReport {
public:
  /// The remark handler to compile with (EngineOptions::onRemark).
  std::function<void(const Remark &)> remarkHandler();
  /// Prints the held remarks with `measured` (the engine's nests).
  void print(const std::vector<NestTrafficMeasurement> &measured,
             std::ostream &os) const;

private:
  bool
  describesSameNests(const std::vector<NestTrafficMeasurement> &measured) const;
  std::vector<Remark> held;
};

} // namespace affjit::cli

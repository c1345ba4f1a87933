// Formatting of dependence results in MLIR's test-pass wording.
#include "frontend/analysis/DependenceReport.h"

namespace affjit {

static std::string formatComponent(const DependenceComponent &c) {
  std::string lb = c.lb ? std::to_string(*c.lb) : "-inf";
  std::string ub = c.ub ? std::to_string(*c.ub) : "+inf";
  return "[" + lb + ", " + ub + "]";
}

std::string formatDependence(const DependenceResult &result,
                             unsigned numCommonLoops, unsigned depth) {
  if (result.kind != DependenceResult::HasDependence)
    return "false";
  if (result.components.empty() || depth > numCommonLoops)
    return "true";
  std::string s;
  for (const DependenceComponent &c : result.components)
    s += formatComponent(c);
  return s;
}

static std::string locationPrefix(const Operation *op) {
  const Location &loc = op->getLoc();
  std::string file = loc.file ? *loc.file : "<unknown>";
  return file + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.col);
}

unsigned printDependenceReport(Operation *root, std::ostream &out,
                               std::ostream &errs,
                               const DependenceReportOptions &options) {
  std::vector<MemRefAccess> accesses;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isAffineLoadOrStore(op))
      accesses.push_back(getMemRefAccesses(op).front());
  });
  DependenceOptions depOptions;
  depOptions.exact = options.exact;
  DependenceChecker checker(depOptions);
  unsigned failures = 0;
  for (size_t i = 0; i < accesses.size(); ++i) {
    for (size_t j = 0; j < accesses.size(); ++j) {
      unsigned numCommon =
          getNumCommonSurroundingLoops(accesses[i].op, accesses[j].op);
      for (unsigned d = 1; d <= numCommon + 1; ++d) {
        DependenceResult r = checker.check(accesses[i], accesses[j], d);
        if (r.kind == DependenceResult::Failure) {
          errs << locationPrefix(accesses[i].op)
               << ": error: dependence check failed (" << r.reason << ")\n";
          ++failures;
          continue;
        }
        out << locationPrefix(accesses[i].op) << ": remark: dependence from "
            << i << " to " << j << " at depth " << d << " = "
            << formatDependence(r, numCommon, d) << "\n";
      }
    }
  }
  return failures;
}

} // namespace affjit

// `affjit run --cross-check`: for a user who suspects the optimizer. The
// program runs once with its pipeline and once with `--pipeline=none`, each
// in a child process whose output is captured; when the two print
// different things, the pipeline's prefixes run too, and the report names
// the first differing line and the first pass after which the output
// differs. Printed buffer addresses are masked; with fast math, numbers
// compare within a relative tolerance.
#pragma once

#include "affjit/Engine.h"

#include <ostream>
#include <string>

namespace affjit::cli {

struct CrossCheckRequest {
  /// The program's text and name.
  std::string text, name;
  std::string entry;
  /// The run's options; their pipeline is the one checked.
  EngineOptions options;
};

/// Runs the cross-check: the pipeline's output goes to `out` (and its
/// diagnostics to `err`) as a plain run would print them, followed on
/// `err` by the verdict. Returns the exit status: the run's own when the
/// outputs agree, 1 when they differ.
int crossCheckRun(const CrossCheckRequest &request, std::ostream &out,
                  std::ostream &err);

} // namespace affjit::cli

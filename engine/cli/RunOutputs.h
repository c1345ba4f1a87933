// What `affjit run` shows after calling an entry with arguments: its
// scalar results, one per line (as mlir-cpu-runner's -entry-point-result
// prints them, in the shortest text that reads back to the same value),
// memref arguments chosen with `--print NAME|N` in the runner utilities'
// format (printMemrefF32 & co.), and memrefs saved with
// `--save NAME|N=FILE.npy` as NumPy files.
#pragma once

#include "affjit/Engine.h"
#include "engine/bench/ArgumentSet.h"
#include "engine/bench/ArgumentSpec.h"

#include <ostream>
#include <string>
#include <vector>

namespace affjit::cli {

struct OutputRequests {
  /// Parameter positions to print, in the order given.
  std::vector<size_t> prints;
  /// Parameter positions to save, with their files.
  std::vector<std::pair<size_t, std::string>> saves;
  /// Whether a .npy file goes to stdout (`--save y=-`), which then holds
  /// it alone: results and printed memrefs go to stderr.
  bool savesToStdout() const;
};

/// Resolves `--print` and `--save` against the parameters; an error
/// message when one names no memref argument.
Expected<OutputRequests> resolveOutputs(std::vector<bench::ParamSpec> &params,
                                        const std::vector<std::string> &prints,
                                        const std::vector<std::string> &saves);

/// Prints each scalar result of a call on a line of its own.
void printResults(const Results &results, std::ostream &os);

/// Prints the requested memrefs to `os` and writes the saved ones; false
/// after printing the error if a file cannot be written.
bool writeOutputs(const OutputRequests &requests, bench::ArgumentSet &set,
                  std::ostream &os);

} // namespace affjit::cli

// The options that give a function's arguments, shared by `affjit run`,
// `affjit bench` and `affjit opt --measure-traffic` (one registration, one
// parser): `--dim NAME=SIZE`, `--dims N,...`, `--arg [NAME=]VALUE` (and
// `--arg NAME=@FILE.npy` for a memref), `--seed N`, `--float-range LO,HI`
// and `--fill [NAME=]random|zeros|ones|iota|VALUE`. The arguments are
// resolved against the entry's signature (engine/bench/ArgumentSpec.h) and
// made by engine/bench/ArgumentSet.h.
#pragma once

#include "affjit/Benchmark.h"
#include "engine/bench/ArgumentSet.h"
#include "engine/bench/ArgumentSpec.h"
#include "engine/bench/InputFill.h"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace affjit::cli {

/// What the options say, before they are checked.
struct ArgumentFlags {
  std::vector<std::string> dims;
  std::string dynamicSizes;
  std::vector<std::string> args;
  uint64_t seed = 1;
  std::string floatRange = "-1,1";
  std::vector<std::string> fills;
  /// The registered options, to tell whether any was given.
  std::vector<CLI::Option *> registered;

  /// Whether the command line gave any of the options.
  bool anyGiven() const;
};

/// Registers the argument options on `cmd`, storing them in `flags`.
void addArgumentOptions(CLI::App *cmd, ArgumentFlags &flags);

/// The sizes, scalars, seed and float range the flags give (memrefs read
/// from .npy files and fills aside); prints the error and returns nullopt
/// when one is malformed.
std::optional<BenchmarkInputs> makeInputs(const ArgumentFlags &flags);

/// The arguments for one call of `fn`: made from its signature and the
/// flags, memrefs filled as --fill says (pseudo-random by default) or read
/// from .npy files.
struct PreparedArguments {
  BenchmarkInputs inputs;
  std::vector<bench::ParamSpec> params;
  bench::ArgumentSet set;
};

/// Prepares the arguments of `fn`; an error message (without the
/// `affjit: error: ` prefix) when the flags do not fit its signature.
Expected<PreparedArguments> prepareArguments(FuncOp fn,
                                             const ArgumentFlags &flags);

/// "@f takes 3 arguments (%A: memref<4x4xf32>, ...): give them with ...":
/// for a call of `fn` without any argument option.
std::string argumentsNeeded(FuncOp fn);

} // namespace affjit::cli

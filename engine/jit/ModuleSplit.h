// Splits a large LLVM module into parts that LLVM can optimize and compile
// concurrently, each in its own context (a context is single-threaded).
// Functions are spread over the parts by instruction count; every local
// symbol becomes a hidden external one with a name unique to the module, so
// the parts link back together in one JIT library. Small modules are one
// part and are not touched, so their code is exactly what one compile gives.
#pragma once

#include <llvm/IR/Module.h>

#include <cstdint>
#include <string>
#include <vector>

namespace affjit {

struct SplitThresholds {
  /// About this many instructions per part.
  uint64_t instructionsPerPart = 5000;
  unsigned maxParts = 32;
};

/// How many parts `module` is split into: 1 for a module below two parts'
/// worth of instructions, with fewer than two function definitions, or
/// with symbols a split cannot separate (aliases, appending globals).
/// Depends on the module alone, so cached objects of its parts match.
unsigned splitPartCount(const llvm::Module &module,
                        const SplitThresholds &thresholds = {});

/// `module` as `parts` bitcode files, each defining its share of the
/// functions (the first also every global variable) and declaring the
/// rest. Renames its local symbols to `prefix` + name. `module` is left
/// changed and is not to be compiled itself.
std::vector<std::string> splitModule(llvm::Module &module, unsigned parts,
                                     const std::string &prefix);

} // namespace affjit

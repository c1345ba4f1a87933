// A process-wide cache of compiled object files keyed by what determines
// them (MLIR source, options, target): a repeated compile of the same
// program skips optimization and code generation. Optionally persisted in a
// directory (AFFJIT_CACHE_DIR) so later processes profit too.
#pragma once

#include <llvm/Support/MemoryBuffer.h>

#include <memory>
#include <string>
#include <vector>

namespace affjit {

/// A stable hex digest of `text`.
std::string cacheKey(const std::string &text);

/// The cached object for `key`, or null.
std::unique_ptr<llvm::MemoryBuffer> lookupCachedObject(const std::string &key);

/// Stores `object` under `key` (in memory, and on disk when enabled).
void storeCachedObject(const std::string &key, llvm::StringRef object);

/// The objects a module was compiled to (one, or one per part of a split
/// module), stored with storeCachedObjects; empty unless all are cached.
std::vector<std::unique_ptr<llvm::MemoryBuffer>>
lookupCachedObjects(const std::string &key);

/// Stores a module's objects under `key`.
void storeCachedObjects(const std::string &key,
                        const std::vector<std::string> &objects);

} // namespace affjit

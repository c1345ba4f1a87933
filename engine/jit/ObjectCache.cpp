// The compiled-object cache (see ObjectCache.h).
#include "engine/jit/ObjectCache.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/SHA256.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdlib>
#include <deque>
#include <mutex>
#include <unordered_map>

namespace affjit {

namespace {

/// Bounded so that a long-running process compiling ever new programs
/// keeps flat memory: the oldest entries go first.
constexpr size_t kMaxCachedObjects = 256;

struct Cache {
  std::mutex mutex;
  std::unordered_map<std::string, std::string> objects;
  std::deque<std::string> order; // insertion order, oldest first

  void put(const std::string &key, std::string object) {
    if (objects.emplace(key, std::move(object)).second)
      order.push_back(key);
    while (objects.size() > kMaxCachedObjects) {
      objects.erase(order.front());
      order.pop_front();
    }
  }
};

Cache &cache() {
  static Cache c;
  return c;
}

/// The on-disk cache directory, or empty when disabled.
std::string diskDirectory() {
  const char *dir = std::getenv("AFFJIT_CACHE_DIR");
  return dir && *dir ? dir : "";
}

std::string diskPath(const std::string &dir, const std::string &key) {
  llvm::SmallString<256> p(dir);
  llvm::sys::path::append(p, key + ".o");
  return std::string(p);
}

} // namespace

std::string cacheKey(const std::string &text) {
  auto digest = llvm::SHA256::hash(llvm::arrayRefFromStringRef(text));
  std::string hex;
  static const char *const kHex = "0123456789abcdef";
  for (uint8_t byte : digest) {
    hex += kHex[byte >> 4];
    hex += kHex[byte & 15];
  }
  return hex;
}

std::unique_ptr<llvm::MemoryBuffer> lookupCachedObject(const std::string &key) {
  Cache &c = cache();
  {
    std::lock_guard<std::mutex> lock(c.mutex);
    auto it = c.objects.find(key);
    if (it != c.objects.end())
      return llvm::MemoryBuffer::getMemBufferCopy(it->second, key);
  }
  std::string dir = diskDirectory();
  if (dir.empty())
    return nullptr;
  auto file = llvm::MemoryBuffer::getFile(diskPath(dir, key));
  if (!file)
    return nullptr;
  std::lock_guard<std::mutex> lock(c.mutex);
  c.put(key, (*file)->getBuffer().str());
  return llvm::MemoryBuffer::getMemBufferCopy((*file)->getBuffer(), key);
}

void storeCachedObject(const std::string &key, llvm::StringRef object) {
  Cache &c = cache();
  {
    std::lock_guard<std::mutex> lock(c.mutex);
    c.put(key, object.str());
  }
  std::string dir = diskDirectory();
  if (dir.empty() || llvm::sys::fs::create_directories(dir))
    return;
  // Write then rename, so a concurrent reader never sees half a file.
  std::string path = diskPath(dir, key), tmp = path + ".tmp";
  {
    std::error_code ec;
    llvm::raw_fd_ostream out(tmp, ec);
    if (ec)
      return;
    out << object;
  }
  llvm::sys::fs::rename(tmp, path);
}

/// What `key` holds for a module compiled in parts: this, then their
/// number; each part is under partKey.
static constexpr llvm::StringLiteral kPartsManifest = "affjit-object-parts ";

static std::string partKey(const std::string &key, size_t part) {
  return cacheKey(key + "\npart " + std::to_string(part));
}

std::vector<std::unique_ptr<llvm::MemoryBuffer>>
lookupCachedObjects(const std::string &key) {
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects;
  std::unique_ptr<llvm::MemoryBuffer> first = lookupCachedObject(key);
  if (!first)
    return objects;
  llvm::StringRef text = first->getBuffer();
  size_t parts = 0;
  if (!text.consume_front(kPartsManifest)) {
    objects.push_back(std::move(first));
    return objects;
  }
  if (text.getAsInteger(10, parts))
    return objects;
  for (size_t i = 0; i < parts; ++i) {
    std::unique_ptr<llvm::MemoryBuffer> part =
        lookupCachedObject(partKey(key, i));
    if (!part)
      return {};
    objects.push_back(std::move(part));
  }
  return objects;
}

void storeCachedObjects(const std::string &key,
                        const std::vector<std::string> &objects) {
  if (objects.size() == 1) {
    storeCachedObject(key, objects.front());
    return;
  }
  // The parts first: a reader that finds the manifest finds them too.
  for (size_t i = 0; i < objects.size(); ++i)
    storeCachedObject(partKey(key, i), objects[i]);
  storeCachedObject(key,
                    (kPartsManifest + std::to_string(objects.size())).str());
}

} // namespace affjit

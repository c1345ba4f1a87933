// The target model and the host's (TargetModel.h).
#include "frontend/target/TargetModel.h"

#include <llvm/ADT/StringMap.h>
#include <llvm/TargetParser/Host.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace affjit {

namespace {

/// A sysfs cache size ("32K", "1024K", "32M") in bytes; 0 if unreadable.
int64_t readCacheSize(const std::string &file) {
  std::ifstream in(file);
  int64_t v = 0;
  std::string unit;
  if (!(in >> v))
    return 0;
  in >> unit;
  return unit == "K" ? v << 10 : unit == "M" ? v << 20 : v;
}

/// A plain sysfs number; 0 if unreadable.
int64_t readNumber(const std::string &file) {
  std::ifstream in(file);
  int64_t v = 0;
  return in >> v ? v : 0;
}

/// The data caches Linux lists for CPU 0 (what each core sees of a shared
/// L3: glibc's sysconf reports some machines' L3 for the whole package);
/// false when sysfs does not say.
bool readSysfsCaches(CacheSizes &c) {
  bool found = false;
  for (int i = 0; i < 8; ++i) {
    std::string dir =
        "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i) + "/";
    std::ifstream levelIn(dir + "level"), typeIn(dir + "type");
    int level = 0;
    std::string type;
    if (!(levelIn >> level) || !(typeIn >> type) || type == "Instruction")
      continue;
    int64_t size = readCacheSize(dir + "size");
    if (size <= 0)
      continue;
    found = true;
    int64_t ways = readNumber(dir + "ways_of_associativity");
    if (level == 1) {
      c.l1 = size;
      c.l1Ways = ways > 0 ? ways : c.l1Ways;
      int64_t line = readNumber(dir + "coherency_line_size");
      c.lineBytes = line > 0 ? line : c.lineBytes;
    } else if (level == 2) {
      c.l2 = size;
      c.l2Ways = ways > 0 ? ways : c.l2Ways;
    } else if (level == 3) {
      c.last = size;
    }
  }
  return found;
}

/// `size` replaced by the environment variable `name`, if it holds a
/// positive number of bytes.
void overrideFromEnv(const char *name, int64_t &size) {
  if (const char *env = std::getenv(name)) {
    char *end = nullptr;
    long long v = std::strtoll(env, &end, 10);
    if (end != env && *end == '\0' && v > 0)
      size = v;
  }
}

/// The host's caches (from sysfs, else sysconf), or the defaults where it
/// does not say; AFFJIT_L2_BYTES and AFFJIT_LLC_BYTES, positive numbers of
/// bytes, replace the L2's and the last level's sizes.
CacheSizes hostCaches() {
  CacheSizes c;
  c.last = 0;
  if (!readSysfsCaches(c)) {
#if defined(_SC_LEVEL1_DCACHE_SIZE) && defined(_SC_LEVEL2_CACHE_SIZE)
    long l1 = sysconf(_SC_LEVEL1_DCACHE_SIZE),
         l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
    if (l1 > 0)
      c.l1 = l1;
    if (l2 > 0)
      c.l2 = l2;
#endif
  }
  if (c.last <= 0)
    c.last = c.l2;
  // What a machine with other caches would get (tests, experiments).
  overrideFromEnv("AFFJIT_L2_BYTES", c.l2);
  overrideFromEnv("AFFJIT_LLC_BYTES", c.last);
  return c;
}

TargetModel makeHost() {
  TargetModel t;
  t.cpu = llvm::sys::getHostCPUName().str();
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  auto has = [&](const char *f) {
    auto it = features.find(f);
    return it != features.end() && it->second;
  };
  t.vectorBits = has("avx512f") ? 512 : has("avx") ? 256 : 128;
  t.vectorRegisters = has("avx512f") ? 32 : 16;
  // Tests and cross-machine comparisons pin the width.
  if (const char *bits = std::getenv("AFFJIT_VECTOR_BITS"))
    if (unsigned v = (unsigned)std::strtoul(bits, nullptr, 10); v >= 64) {
      t.vectorBits = v;
      t.vectorRegisters = v >= 512 ? 32 : 16;
    }
  t.caches = hostCaches();
  if (const char *env = std::getenv("AFFJIT_PARALLEL_MIN_WORK")) {
    char *end = nullptr;
    double v = std::strtod(env, &end);
    if (end != env && *end == '\0' && v >= 0)
      t.parallelMinWork = v;
  }
  return t;
}

} // namespace

const TargetModel &TargetModel::host() {
  static const TargetModel model = makeHost();
  return model;
}

VectorizationTarget TargetModel::vectorization() const {
  VectorizationTarget t;
  t.vectorBits = vectorBits;
  t.vectorRegisters = vectorRegisters;
  // A register block of 6 rows (unroll-jam) keeps its accumulators, the
  // shared loads, a broadcast and a product in registers.
  t.accumulatorInterleave = vectorRegisters / 8;
  t.streamingBytes = caches.last;
  return t;
}

std::string TargetModel::describe() const {
  std::ostringstream os;
  os << "cpu=" << cpu << " vector-bits=" << vectorBits
     << " vector-registers=" << vectorRegisters << " l1=" << caches.l1
     << " l2=" << caches.l2 << " llc=" << caches.last
     << " line=" << caches.lineBytes
     << " parallel-min-work=" << parallelMinWork;
  return os.str();
}

namespace {

std::string bytesText(int64_t n) {
  if (n >= (1 << 20) && n % (1 << 20) == 0)
    return std::to_string(n >> 20) + " MiB";
  if (n >= (1 << 10) && n % (1 << 10) == 0)
    return std::to_string(n >> 10) + " KiB";
  return std::to_string(n) + " B";
}

} // namespace

std::string TargetModel::summary() const {
  std::ostringstream os;
  os << "cpu: " << cpu << "\nvectors: " << vectorBits << " bits, "
     << vectorRegisters << " registers\ncaches: L1 " << bytesText(caches.l1)
     << " (" << caches.l1Ways << " ways), L2 " << bytesText(caches.l2) << " ("
     << caches.l2Ways << " ways), last level " << bytesText(caches.last)
     << ", lines of " << caches.lineBytes
     << " B\nparallel loops from: " << (int64_t)parallelMinWork
     << " op instances per run\n";
  return os.str();
}

} // namespace affjit

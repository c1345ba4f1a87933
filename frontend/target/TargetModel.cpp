// The target model and the host's (TargetModel.h).
#include "frontend/target/TargetModel.h"

#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/StringMap.h>
#include <llvm/TargetParser/Host.h>
#include <llvm/TargetParser/X86TargetParser.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <set>

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

/// Sets `t`'s features to LLVM's map of them.
void setFeatures(TargetModel &t, const llvm::StringMap<bool> &map) {
  t.features.clear();
  for (const auto &f : map)
    t.features[f.first().str()] = f.second;
}

/// The vector registers `t`'s features give: 512 bits and 32 registers
/// with AVX-512 (unless evex512 is off: 256-bit AVX10), 256 with AVX, else
/// 128, 16 registers below AVX-512.
void setVectorsFromFeatures(TargetModel &t) {
  bool avx512 = t.hasFeature("avx512f");
  bool zmm =
      avx512 && (!t.features.count("evex512") || t.hasFeature("evex512"));
  t.vectorBits = zmm ? 512 : t.hasFeature("avx") ? 256 : 128;
  t.vectorRegisters = avx512 ? 32 : 16;
}

TargetModel makeHost() {
  TargetModel t;
  t.cpu = llvm::sys::getHostCPUName().str();
  setFeatures(t, llvm::sys::getHostCPUFeatures());
  setVectorsFromFeatures(t);
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

/// The 64-bit x86 CPU names LLVM knows.
std::vector<std::string> knownCpus() {
  llvm::SmallVector<llvm::StringRef> names;
  llvm::X86::fillValidCPUArchList(names, /*Only64Bit=*/true);
  return {names.begin(), names.end()};
}

/// Every x86 feature name LLVM's CPUs and host detection use.
const std::set<std::string> &knownFeatures() {
  static const std::set<std::string> known = [] {
    std::set<std::string> out;
    for (const auto &f : llvm::sys::getHostCPUFeatures())
      out.insert(f.first().str());
    for (const std::string &cpu : knownCpus()) {
      llvm::SmallVector<llvm::StringRef> features;
      llvm::X86::getFeaturesForCPU(cpu, features);
      for (llvm::StringRef f : features)
        out.insert(f.str());
    }
    return out;
  }();
  return known;
}

/// Typical data caches of some CPUs as one core sees them (L1 and L2 its
/// own, the L3 it shares); others get CacheSizes' defaults.
struct KnownCaches {
  const char *cpu;
  CacheSizes caches;
};

CacheSizes cachesOf(std::string_view cpu) {
  constexpr int64_t K = 1024, M = 1024 * 1024;
  static const KnownCaches table[] = {
      {"haswell", {32 * K, 256 * K, 8 * M, 8, 8, 64}},
      {"skylake", {32 * K, 256 * K, 8 * M, 8, 4, 64}},
      {"skylake-avx512", {32 * K, 1 * M, 32 * M, 8, 16, 64}},
      {"cascadelake", {32 * K, 1 * M, 32 * M, 8, 16, 64}},
      {"icelake-server", {48 * K, 1280 * K, 48 * M, 12, 20, 64}},
      {"sapphirerapids", {48 * K, 2 * M, 96 * M, 12, 16, 64}},
      {"znver2", {32 * K, 512 * K, 16 * M, 8, 8, 64}},
      {"znver3", {32 * K, 512 * K, 32 * M, 8, 8, 64}},
      {"znver4", {32 * K, 1 * M, 32 * M, 8, 8, 64}},
      {"znver5", {48 * K, 1 * M, 32 * M, 12, 16, 64}},
  };
  for (const KnownCaches &k : table)
    if (cpu == k.cpu)
      return k.caches;
  return CacheSizes{};
}

/// The model of the LLVM CPU `cpu`: its features and typical caches.
std::optional<TargetModel> namedCpu(std::string_view cpu, std::string &error) {
  if (cpu == "host")
    return TargetModel::host();
  if (llvm::X86::parseArchX86(cpu, /*Only64Bit=*/true) == llvm::X86::CK_None) {
    error = "unknown target '" + std::string(cpu) + "' (known: host";
    for (const std::string &name : knownCpus())
      error += ", " + name;
    error += ")";
    return std::nullopt;
  }
  TargetModel t;
  t.cpu = std::string(cpu);
  llvm::SmallVector<llvm::StringRef> features;
  llvm::X86::getFeaturesForCPU(cpu, features);
  // Every 64-bit x86 CPU has SSE2 (LLVM's backend adds it to each).
  features.push_back("sse2");
  llvm::StringMap<bool> map;
  // LLVM lists what a CPU adds; what those imply (avx2 → avx → sse4.2 ...)
  // is on as well.
  for (llvm::StringRef f : features) {
    map[f] = true;
    llvm::X86::updateImpliedFeatures(f, true, map);
  }
  setFeatures(t, map);
  setVectorsFromFeatures(t);
  t.caches = cachesOf(cpu);
  return t;
}

/// Switches the features `mattr` lists (`+f` on, `-f` off, with what they
/// imply or what depends on them); false with `error` on a bad entry.
bool applyFeatures(TargetModel &t, std::string_view mattr, std::string &error) {
  llvm::SmallVector<llvm::StringRef> entries;
  llvm::StringRef(mattr.data(), mattr.size()).split(entries, ',', -1, false);
  llvm::StringMap<bool> map;
  for (const auto &[name, on] : t.features)
    map[name] = on;
  for (llvm::StringRef entry : entries) {
    entry = entry.trim();
    if (entry.size() < 2 || (entry[0] != '+' && entry[0] != '-')) {
      error = "bad feature '" + entry.str() +
              "' in --mattr: expected +NAME or -NAME";
      return false;
    }
    std::string name = entry.drop_front().str();
    if (!knownFeatures().count(name)) {
      error = "unknown x86 feature '" + name + "' in --mattr";
      return false;
    }
    map[name] = entry[0] == '+';
    llvm::X86::updateImpliedFeatures(name, entry[0] == '+', map);
  }
  setFeatures(t, map);
  return true;
}

/// `48K`, `2M`, `1G` or a number of bytes; false if not a positive size
/// that fits in 64 bits.
bool parseBytes(std::string_view text, int64_t &out) {
  if (text.empty())
    return false;
  int shift = 0;
  char unit = (char)std::tolower((unsigned char)text.back());
  if (unit == 'k' || unit == 'm' || unit == 'g') {
    shift = unit == 'k' ? 10 : unit == 'm' ? 20 : 30;
    text.remove_suffix(1);
  }
  int64_t n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() ||
      n <= 0 || n > (std::numeric_limits<int64_t>::max() >> shift))
    return false;
  out = n << shift;
  return true;
}

/// Sets the cache fields `spec` names (`l1=48K,l2=2M,llc=32M,line=64,
/// l1-ways=12,l2-ways=16`); false with `error` on a bad entry.
bool applyCaches(TargetModel &t, std::string_view spec, std::string &error) {
  CacheSizes &c = t.caches;
  const std::pair<const char *, int64_t *> fields[] = {
      {"l1", &c.l1},          {"l2", &c.l2},          {"llc", &c.last},
      {"line", &c.lineBytes}, {"l1-ways", &c.l1Ways}, {"l2-ways", &c.l2Ways}};
  llvm::SmallVector<llvm::StringRef> entries;
  llvm::StringRef(spec.data(), spec.size()).split(entries, ',', -1, false);
  for (llvm::StringRef entry : entries) {
    auto [key, value] = entry.trim().split('=');
    auto field = std::find_if(std::begin(fields), std::end(fields),
                              [&](const auto &f) { return key == f.first; });
    int64_t bytes = 0;
    if (field == std::end(fields)) {
      error = "unknown cache field '" + key.str() +
              "' in --cache (known: l1, l2, llc, line, l1-ways, l2-ways)";
      return false;
    }
    if (!parseBytes(std::string_view(value.data(), value.size()), bytes)) {
      error = "bad value '" + value.str() + "' for " + key.str() +
              " in --cache: expected a positive size such as 48K, 2M or 64";
      return false;
    }
    *field->second = bytes;
  }
  return true;
}

} // namespace

const TargetModel &TargetModel::host() {
  static const TargetModel model = makeHost();
  return model;
}

std::optional<TargetModel> TargetModel::resolve(std::string_view cpu,
                                                std::string_view mattr,
                                                std::string_view caches,
                                                std::string &error) {
  std::optional<TargetModel> t = namedCpu(cpu.empty() ? "host" : cpu, error);
  if (!t)
    return std::nullopt;
  if (!mattr.empty()) {
    if (!applyFeatures(*t, mattr, error))
      return std::nullopt;
    setVectorsFromFeatures(*t);
  }
  if (!applyCaches(*t, caches, error))
    return std::nullopt;
  return t;
}

bool TargetModel::hasFeature(std::string_view feature) const {
  auto it = features.find(std::string(feature));
  return it != features.end() && it->second;
}

std::string TargetModel::featureString() const {
  std::string out;
  for (const auto &[name, on] : features)
    out += (out.empty() ? "" : ",") + std::string(on ? "+" : "-") + name;
  return out;
}

std::vector<std::string> TargetModel::missingOnHost() const {
  // Instructions LLVM emits only for their intrinsics, which lowered
  // affine programs never call.
  static const std::set<std::string> systemOnly = {
      "rdpru",    "mwaitx",     "sgx",     "pconfig",   "ptwrite",
      "waitpkg",  "enqcmd",     "movdiri", "movdir64b", "serialize",
      "tsxldtrk", "cldemote",   "uintr",   "hreset",    "rtm",
      "invpcid",  "wbnoinvd",   "rdpid",   "rdseed",    "rdrnd",
      "clwb",     "clflushopt", "clzero",  "shstk",     "kl",
      "widekl",   "lwp",        "pku",     "sahf",      "fsgsbase",
      "xsave",    "xsaveopt",   "xsavec",  "xsaves",    "prefetchi",
      "raoint",   "cmpccxadd",  "usermsr", "x87"};
  const TargetModel &host = TargetModel::host();
  std::vector<std::string> missing;
  for (const auto &[name, on] : features)
    if (on && !systemOnly.count(name) && !host.hasFeature(name) &&
        host.features.count(name))
      missing.push_back(name);
  return missing;
}

std::optional<std::string> TargetModel::whyHostCannotRun() const {
  std::vector<std::string> missing = missingOnHost();
  if (missing.empty())
    return std::nullopt;
  std::string list;
  for (const std::string &feature : missing)
    list += (list.empty() ? "" : ", ") + feature;
  return "code for target '" + cpu + "' cannot run on this host (" +
         TargetModel::host().cpu + "), which lacks " + list +
         "; `affjit llvm`, `asm` and `compile` generate code for it";
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

std::vector<std::pair<std::string, int64_t>> TargetModel::numbers() const {
  return {{"vector-bits", vectorBits},
          {"vector-registers", vectorRegisters},
          {"l1", caches.l1},
          {"l1-ways", caches.l1Ways},
          {"l2", caches.l2},
          {"l2-ways", caches.l2Ways},
          {"llc", caches.last},
          {"line", caches.lineBytes},
          {"parallel-min-work", (int64_t)parallelMinWork}};
}

std::string TargetModel::describe() const {
  std::string text = "cpu=" + cpu;
  for (const auto &[name, value] : numbers())
    text += " " + name + "=" + std::to_string(value);
  return text;
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

std::vector<std::string> TargetModel::vectorFeatures() const {
  std::vector<std::string> out;
  for (const auto &[name, on] : features)
    for (std::string_view prefix : {"sse", "ssse", "avx", "fma", "f16c", "amx"})
      if (on && name.starts_with(prefix)) {
        out.push_back(name);
        break;
      }
  return out;
}

std::string TargetModel::summary() const {
  std::ostringstream os;
  os << "cpu: " << cpu << "\nvector features:";
  for (const std::string &name : vectorFeatures())
    os << " " << name;
  os << "\nvectors: " << vectorBits << " bits, " << vectorRegisters
     << " registers\ncaches: L1 " << bytesText(caches.l1) << " ("
     << caches.l1Ways << " ways), L2 " << bytesText(caches.l2) << " ("
     << caches.l2Ways << " ways), last level " << bytesText(caches.last)
     << ", lines of " << caches.lineBytes
     << " B\nparallel loops from: " << (int64_t)parallelMinWork
     << " op instances per run\n";
  return os.str();
}

} // namespace affjit

// Differential soundness fuzzer: programs of tests/support/
// RandomSoundnessProgram run under `affjit run --pipeline=none` (the
// reference, one thread) and under other configurations (default, each
// pass alone, each prefix of default, 2 and 8 threads with parallelize
// forced, 128/256/512-bit vectors, tiny and small caches, --checked with
// and without passes, --fast-math with and without threads), which must
// exit 0 and print the same thing byte for byte (fast math: within a
// tolerance; --checked: nothing on stderr either). A sample of seeds also
// checks the reference against MLIR 19 (run-mlir).
//
// Each seed runs `default` plus a rotating share of the other
// configurations, so a CI run covers every configuration many times.
// Environment:
//   AFFJIT_SOUNDNESS_SEEDS=N       seeds to run (default 500)
//   AFFJIT_SOUNDNESS_FIRST=S       first seed (default 1)
//   AFFJIT_SOUNDNESS_JOBS=J        programs run at once (default 2)
//   AFFJIT_SOUNDNESS_CONFIGS=K|all rotating configurations per seed (5)
//   AFFJIT_SOUNDNESS_MLIR_EVERY=M  compare with run-mlir every M-th seed
//                                  (10; 0: never)
//   AFFJIT_SOUNDNESS_SCF_EVERY=K   every K-th seed (3; 0: never) also runs
//                                  as scf: mlir-opt --lower-affine's form
//                                  under `default` (raise-scf first) must
//                                  print the reference and raise every loop,
//                                  condition and access back to affine
//   AFFJIT_SOUNDNESS_FAMILY=NAME   only this family
//   AFFJIT_SOUNDNESS_KEEP=DIR      keep each failing program and its diffs
//   AFFJIT_SOUNDNESS_REPORT=FILE   one line per run: seed, family, config,
//                                  status, detail (scripts/fuzz-soundness.sh)
//   AFFJIT_SOUNDNESS_BINARY=PATH   the affjit to test (default: this build's;
//                                  the campaign script tests a copy, which a
//                                  concurrent rebuild cannot replace)
#include "support/FusionOracle.h"
#include "support/MlirOracle.h"
#include "support/RandomSoundnessProgram.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

using namespace affjit::test;

namespace {

namespace fs = std::filesystem;

//===----------------------------------------------------------------------===//
// Configurations
//===----------------------------------------------------------------------===//

/// The affjit under test.
std::string binary() {
  static const std::string path = [] {
    const char *v = std::getenv("AFFJIT_SOUNDNESS_BINARY");
    return v && *v ? std::string(v) : affjitBinary();
  }();
  return path;
}

enum class Compare { Exact, Tolerance, Checked };

struct Config {
  std::string name, pipeline, flags, env;
  Compare compare = Compare::Exact;
};

/// Tiny programs never reach parallelize's work threshold; 0 makes it
/// convert every loop it proves parallel.
const char *const kForceParallel = "AFFJIT_PARALLEL_MIN_WORK=0";

std::vector<std::string> splitList(const std::string &text) {
  std::vector<std::string> out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty())
      out.push_back(item.substr(item.find_first_not_of(' ')));
  return out;
}

/// Pass names `affjit opt --help` lists as known to --pipeline.
std::vector<std::string> knownPasses() {
  CommandResult help = runCommand(shellQuote(binary()) + " opt --help 2>&1");
  std::smatch m;
  static const std::regex known("--pipeline[^\\n]*\\(known: ([^)]*)\\)");
  if (!std::regex_search(help.out, m, known))
    return {};
  std::vector<std::string> passes;
  for (const std::string &p : splitList(m[1]))
    if (p != "none" && p != "default")
      passes.push_back(p);
  return passes;
}

/// Default's passes in order, as `--dump-after=all` names them, restricted
/// to `known` (internal passes cannot be named in --pipeline).
std::vector<std::string> defaultOrder(const std::vector<std::string> &known) {
  TempProgram empty("func.func @main() {\n  return\n}\n");
  CommandResult r =
      runCommand(shellQuote(binary()) + " opt " + shellQuote(empty.path) +
                 " --threads 2 --dump-after=all");
  std::vector<std::string> order;
  static const std::regex dump("IR Dump After ([\\w-]+) ");
  for (std::sregex_iterator it(r.err.begin(), r.err.end(), dump), end;
       it != end; ++it)
    if (std::find(known.begin(), known.end(), (*it)[1].str()) != known.end())
      order.push_back((*it)[1]);
  return order;
}

std::vector<Config> buildConfigs() {
  std::vector<std::string> passes = knownPasses();
  if (passes.empty()) // the README's list, should the help text change
    passes = {
        "fuse",           "distribute", "interchange", "tile",
        "split-triangle", "scalrep",    "reassociate", "stream-reductions",
        "vectorize",      "unroll-jam", "skew-jam",    "pack",
        "pack-panels",    "report",     "normalize",   "parallelize"};
  std::vector<std::string> order = defaultOrder(passes);
  std::vector<Config> configs;
  for (const std::string &p : passes) {
    if (p == "report") // prints remarks only
      continue;
    Config c{"pass:" + p, p, "", "", Compare::Exact};
    if (p == "parallelize") {
      c.flags = "--threads 2";
      c.env = kForceParallel;
    }
    configs.push_back(c);
  }
  // Prefixes of default: which pass a miscompile first appears after.
  std::vector<std::string> prefix;
  for (const std::string &p : order) {
    if (p == "report" || p == "parallelize")
      continue;
    prefix.push_back(p);
    if (prefix.size() < 2)
      continue;
    std::string list;
    for (const std::string &q : prefix)
      list += (list.empty() ? "" : ",") + q;
    configs.push_back({"prefix:" + p, list, "", "", Compare::Exact});
  }
  for (int threads : {2, 8})
    configs.push_back({"threads-" + std::to_string(threads), "default",
                       "--threads " + std::to_string(threads), kForceParallel,
                       Compare::Exact});
  for (int bits : {128, 256, 512})
    configs.push_back({"vector-bits-" + std::to_string(bits), "default", "",
                       "AFFJIT_VECTOR_BITS=" + std::to_string(bits),
                       Compare::Exact});
  configs.push_back({"tiny-caches", "default", "",
                     "AFFJIT_L2_BYTES=4096 AFFJIT_LLC_BYTES=16384",
                     Compare::Exact});
  // Tiles of at least 64 x 64 need an L2 of 22 KiB: these caches make
  // tile cut the larger matmuls.
  configs.push_back({"small-caches", "default", "",
                     "AFFJIT_L2_BYTES=32768 AFFJIT_LLC_BYTES=131072",
                     Compare::Exact});
  configs.push_back({"checked", "default", "--checked", "", Compare::Checked});
  // The bounds checks themselves on views (strides, offsets, overlapping
  // rows), without passes in between.
  configs.push_back(
      {"checked-none", "none", "--checked", "", Compare::Checked});
  configs.push_back(
      {"fast-math", "default", "--fast-math", "", Compare::Tolerance});
  // Fast math lets parallelize turn float reductions into reduce kinds.
  configs.push_back({"fast-math-threads-4", "default",
                     "--fast-math --threads 4", kForceParallel,
                     Compare::Tolerance});
  return configs;
}

const std::vector<Config> &rotatingConfigs() {
  static const std::vector<Config> configs = buildConfigs();
  return configs;
}

//===----------------------------------------------------------------------===//
// Settings
//===----------------------------------------------------------------------===//

uint64_t envNumber(const char *name, uint64_t fallback) {
  const char *v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 10) : fallback;
}

std::string envText(const char *name) {
  const char *v = std::getenv(name);
  return v ? v : "";
}

struct Settings {
  uint64_t first = envNumber("AFFJIT_SOUNDNESS_FIRST", 1);
  uint64_t seeds = envNumber("AFFJIT_SOUNDNESS_SEEDS", 500);
  unsigned jobs =
      (unsigned)std::max<uint64_t>(1, envNumber("AFFJIT_SOUNDNESS_JOBS", 2));
  /// Rotating configurations per seed; SIZE_MAX: all.
  size_t perSeed = envText("AFFJIT_SOUNDNESS_CONFIGS") == "all"
                       ? SIZE_MAX
                       : envNumber("AFFJIT_SOUNDNESS_CONFIGS", 5);
  uint64_t mlirEvery = envNumber("AFFJIT_SOUNDNESS_MLIR_EVERY", 10);
  uint64_t scfEvery = envNumber("AFFJIT_SOUNDNESS_SCF_EVERY", 3);
  std::string family = envText("AFFJIT_SOUNDNESS_FAMILY");
  std::string keep = envText("AFFJIT_SOUNDNESS_KEEP");
  std::string report = envText("AFFJIT_SOUNDNESS_REPORT");
};

/// The configurations seed `seed` runs besides `default`: consecutive
/// seeds take consecutive blocks, so each one recurs every
/// configs / perSeed seeds.
std::vector<const Config *> configsForSeed(uint64_t seed, size_t perSeed) {
  const std::vector<Config> &all = rotatingConfigs();
  std::vector<const Config *> out;
  size_t n = std::min(perSeed, all.size());
  for (size_t k = 0; k < n; ++k)
    out.push_back(&all[(seed * n + k) % all.size()]);
  return out;
}

//===----------------------------------------------------------------------===//
// Running and comparing
//===----------------------------------------------------------------------===//

std::string commandFor(const std::string &path, const Config &c) {
  std::string cmd = "env -u AFFJIT_CACHE_DIR -u AFFJIT_NUM_THREADS ";
  if (!c.env.empty())
    cmd += c.env + " ";
  return cmd + "timeout -k 5 120 " + shellQuote(binary()) + " run " +
         shellQuote(path) + " --pipeline=" + c.pipeline +
         (c.flags.empty() ? "" : " " + c.flags);
}

/// The generator's command line for `seed` (with the forced family).
std::string generatorCommand(uint64_t seed, const std::string &family) {
  return "build/bin/affjit_gen_soundness_program " +
         (family.empty() ? "" : "--family " + family + " ") +
         std::to_string(seed) + " > p.mlir";
}

/// What the user types to see it fail: the program and both runs, their
/// outputs compared without the buffer addresses.
std::string reproduce(uint64_t seed, const std::string &family,
                      const Config &c) {
  std::string env = c.env.empty() ? "" : c.env + " ";
  return generatorCommand(seed, family) +
         " && build/bin/affjit run p.mlir --pipeline=none --threads 1 > "
         "want.txt; " +
         env + "build/bin/affjit run p.mlir --pipeline=" + c.pipeline +
         (c.flags.empty() ? "" : " " + c.flags) +
         " > got.txt; diff <(grep -v base@ want.txt) <(grep -v base@ "
         "got.txt)";
}

const Config &referenceConfig() {
  static const Config none{"none", "none", "--threads 1", "", Compare::Exact};
  return none;
}

/// What users run: every seed runs it.
const Config &defaultConfig() {
  static const Config plain{"default", "default", "", "", Compare::Exact};
  return plain;
}

/// Output as compared: buffer addresses masked, NaN signs dropped (LLVM
/// leaves a NaN's sign unspecified), and where minnumf/maxnumf may pick
/// either zero, zero signs dropped.
std::string normalize(const std::string &out, const SoundnessProgram &p) {
  static const std::regex nan("-nan");
  static const std::regex negZero("-0(?=[,\\]\\s])");
  std::string s = std::regex_replace(maskMemrefAddresses(out), nan, "nan");
  if (p.zeroSignUnspecified)
    s = std::regex_replace(s, negZero, "0");
  return s;
}

std::string clip(const std::string &s, size_t at) {
  size_t from = at > 60 ? at - 60 : 0;
  std::string out = s.substr(from, 160);
  return (from ? "..." : "") + out + (from + 160 < s.size() ? "..." : "");
}

/// "line N: want ... / got ..." for the first line that differs.
std::string firstDifference(const std::string &want, const std::string &got) {
  std::vector<std::string> a = splitLines(want), b = splitLines(got);
  for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    std::string x = i < a.size() ? a[i] : "<no line>";
    std::string y = i < b.size() ? b[i] : "<no line>";
    if (x == y)
      continue;
    size_t col = 0;
    while (col < x.size() && col < y.size() && x[col] == y[col])
      ++col;
    return "line " + std::to_string(i + 1) + " col " + std::to_string(col + 1) +
           ": want `" + clip(x, col) + "` got `" + clip(y, col) + "`";
  }
  return "outputs differ";
}

/// Memref blocks of printed output (each from an `Unranked Memref` line).
std::vector<std::string> memrefBlocks(const std::string &out) {
  std::vector<std::string> blocks;
  size_t at = out.find("Unranked Memref");
  while (at != std::string::npos) {
    size_t next = out.find("Unranked Memref", at + 1);
    blocks.push_back(out.substr(
        at, next == std::string::npos ? std::string::npos : next - at));
    at = next;
  }
  return blocks;
}

/// Numbers equal within fast math's rounding: relative 1e-3, absolute 1e-2
/// (values are small; sums of at most a few thousand terms).
bool closeEnough(const std::string &a, const std::string &b) {
  if (a == b)
    return true;
  char *ea = nullptr, *eb = nullptr;
  double x = std::strtod(a.c_str(), &ea), y = std::strtod(b.c_str(), &eb);
  if (*ea || *eb || std::isnan(x) || std::isnan(y))
    return false;
  return std::fabs(x - y) <= 1e-3 * std::max(std::fabs(x), std::fabs(y)) + 1e-2;
}

/// "" when `got` matches `want` number by number (bit dumps skipped),
/// else where it does not.
std::string toleranceDifference(const std::string &want, const std::string &got,
                                const SoundnessProgram &p) {
  std::vector<std::string> a = memrefBlocks(want), b = memrefBlocks(got);
  if (a.size() != b.size())
    return "printed " + std::to_string(b.size()) + " memrefs, want " +
           std::to_string(a.size());
  static const std::regex number(
      "[-+]?(nan|inf|[0-9]+(\\.[0-9]*)?([eE][-+]?[0-9]+)?)");
  for (size_t k = 0; k < a.size(); ++k) {
    if (k < p.bitDumps.size() && p.bitDumps[k])
      continue;
    std::vector<std::string> na, nb;
    for (auto [text, out] : {std::pair{&a[k], &na}, std::pair{&b[k], &nb}})
      for (std::sregex_iterator it(text->begin(), text->end(), number), end;
           it != end; ++it)
        out->push_back(it->str());
    if (std::regex_replace(a[k], number, "#") !=
        std::regex_replace(b[k], number, "#"))
      return "memref " + std::to_string(k + 1) + " is laid out differently";
    for (size_t i = 0; i < na.size(); ++i)
      if (!closeEnough(na[i], nb[i]))
        return "memref " + std::to_string(k + 1) + " number " +
               std::to_string(i + 1) + ": want " + na[i] + " got " + nb[i];
  }
  return "";
}

struct RunRecord {
  std::string config, status, detail, command;
  /// What a failing run printed (normalized), kept with the program.
  std::string output;
};

struct SeedOutcome {
  uint64_t seed = 0;
  std::string family;
  std::vector<RunRecord> runs;
  std::string text, path, reference;
  bool failed() const {
    for (const RunRecord &r : runs)
      if (r.status == "fail")
        return true;
    return false;
  }
};

std::string exitDetail(const ProgramOutput &r) {
  std::string what =
      r.exitCode == 124 ? "timed out" : "exit " + std::to_string(r.exitCode);
  std::string err = r.err.substr(0, 300);
  std::replace(err.begin(), err.end(), '\n', ' ');
  return what + (err.empty() ? "" : ": " + err);
}

/// One configuration against the reference output.
RunRecord runConfig(const std::string &path, const SoundnessProgram &p,
                    const std::string &want, const Config &c) {
  RunRecord rec{c.name, "ok", "", commandFor(path, c), ""};
  if (c.compare == Compare::Tolerance &&
      (!p.fastMathComparable || want.find("nan") != std::string::npos ||
       want.find("inf") != std::string::npos)) {
    rec.status = "skip";
    rec.detail = "NaN or infinity: fast math may change them";
    return rec;
  }
  CommandResult r = runCommand(rec.command);
  ProgramOutput got{r.exitCode, normalize(r.out, p), r.err};
  if (!got.ok()) {
    rec.status = "fail";
    rec.detail = exitDetail(got);
  } else if (c.compare == Compare::Checked && !got.err.empty()) {
    rec.status = "fail";
    rec.detail = "--checked wrote to stderr: " + got.err.substr(0, 300);
  } else if (c.compare == Compare::Tolerance) {
    std::string diff = toleranceDifference(want, got.out, p);
    if (!diff.empty()) {
      rec.status = "fail";
      rec.detail = diff;
    }
  } else if (got.out != want) {
    rec.status = "fail";
    rec.detail = firstDifference(want, got.out);
  }
  if (rec.status == "fail")
    rec.output = got.out + (got.err.empty() ? "" : "\n[stderr]\n" + got.err);
  return rec;
}

/// The program as scf (what MLIR's lower-affine makes of it) under
/// `default`: the same output as the reference, and raise-scf reports no
/// op it left in scf form.
RunRecord runScfForm(const std::string &path, const SoundnessProgram &p,
                     const std::string &want) {
  std::string scfPath = path + ".scf.mlir";
  std::string lower = shellQuote(mlirOptPath()) + " --lower-affine " +
                      shellQuote(path) + " -o " + shellQuote(scfPath);
  RunRecord rec{"scf-raised", "ok", "", lower, ""};
  CommandResult lowered = runCommand(lower);
  if (lowered.exitCode != 0) {
    rec.status = "skip";
    rec.detail = "mlir-opt --lower-affine failed";
    return rec;
  }
  Config scf{"scf-raised", "default", "--opt-report=raise-scf", ""};
  rec.command = lower + " && " + commandFor(scfPath, scf);
  CommandResult r = runCommand(commandFor(scfPath, scf));
  std::string got = normalize(r.out, p);
  if (r.exitCode != 0) {
    rec.status = "fail";
    rec.detail = exitDetail({r.exitCode, r.out, r.err});
  } else if (got != want) {
    rec.status = "fail";
    rec.detail =
        "the scf form prints differently: " + firstDifference(want, got);
  } else if (size_t at = r.err.find("not raised"); at != std::string::npos) {
    rec.status = "fail";
    size_t begin = r.err.rfind('\n', at);
    begin = begin == std::string::npos ? 0 : begin + 1;
    rec.detail = r.err.substr(begin, r.err.find('\n', at) - begin);
  }
  std::filesystem::remove(scfPath);
  if (rec.status == "fail")
    rec.output = got + "\n[stderr]\n" + r.err;
  return rec;
}

SeedOutcome runSeed(uint64_t seed, const Settings &s) {
  SeedOutcome o;
  o.seed = seed;
  SoundnessOptions opts;
  opts.family = s.family;
  SoundnessProgram p;
  try {
    p = generateSoundness(seed, opts);
  } catch (const std::exception &e) {
    o.runs.push_back({"generator", "fail", e.what(), "", ""});
    return o;
  }
  o.family = p.family;
  o.text = p.text;
  TempProgram file(p.text);
  o.path = file.path;
  const Config &none = referenceConfig();
  CommandResult ref = runCommand(commandFor(file.path, none));
  std::string want = normalize(ref.out, p);
  o.reference = want;
  if (ref.exitCode != 0 || !ref.err.empty()) {
    o.runs.push_back({"none", "fail",
                      exitDetail({ref.exitCode, ref.out, ref.err}),
                      commandFor(file.path, none), ""});
    return o;
  }
  std::vector<const Config *> configs = configsForSeed(seed, s.perSeed);
  configs.insert(configs.begin(), &defaultConfig());
  for (const Config *c : configs)
    o.runs.push_back(runConfig(file.path, p, want, *c));
  if (s.scfEvery && seed % s.scfEvery == 0 && mlirAvailable())
    o.runs.push_back(runScfForm(file.path, p, want));
  // MLIR 19's canonicalizer folds `affine.for %j = (%i mod 3) to ...`
  // over %i in [2, 6) to the constant lower bound 2: such programs would
  // blame the reference for MLIR's bug.
  static const std::regex modBound("affine\\.for[^\\n]* mod ");
  if (s.mlirEvery && seed % s.mlirEvery == 0 && runMlirAvailable() &&
      !std::regex_search(p.text, modBound)) {
    // Raw output: normalize() masks the addresses itself.
    CommandResult raw =
        runCommand(shellQuote(runMlirScript()) + " " + shellQuote(file.path) +
                   " --expand-strided-metadata");
    ProgramOutput mlir{raw.exitCode, raw.out, raw.err};
    RunRecord rec{"mlir-19", "ok", "",
                  "run-mlir FILE --expand-strided-metadata", ""};
    std::string mlirOut = normalize(mlir.out, p);
    bool oracleCrashed =
        mlir.err.find("PLEASE submit a bug report") != std::string::npos;
    if (oracleCrashed) { // MLIR's bug, not affjit's
      rec.status = "skip";
      rec.detail = "mlir-opt crashed";
    } else if (!mlir.ok()) {
      rec.status = "fail";
      rec.detail = "run-mlir: " + exitDetail(mlir);
    } else if (mlirOut != want) {
      rec.status = "fail";
      rec.detail = "--pipeline=none differs from MLIR 19: " +
                   firstDifference(mlirOut, want);
    }
    if (rec.status == "fail")
      rec.output = mlirOut + mlir.err;
    o.runs.push_back(rec);
  }
  return o;
}

/// Runs the seeds on `jobs` threads; outcomes in seed order.
std::vector<SeedOutcome> runAll(const Settings &s) {
  std::vector<SeedOutcome> outcomes(s.seeds);
  std::atomic<uint64_t> next{0};
  auto worker = [&] {
    for (uint64_t k = next++; k < s.seeds; k = next++)
      outcomes[k] = runSeed(s.first + k, s);
  };
  std::vector<std::thread> threads;
  for (unsigned j = 0; j < s.jobs; ++j)
    threads.emplace_back(worker);
  for (std::thread &t : threads)
    t.join();
  return outcomes;
}

//===----------------------------------------------------------------------===//
// Reporting
//===----------------------------------------------------------------------===//

/// DIR/seedN-FAMILY.mlir, .txt (each failing config, what differs, its
/// command on the kept file), .none.out and .CONFIG.out (the outputs).
void keepFailure(const Settings &s, const SeedOutcome &o) {
  fs::create_directories(s.keep);
  std::string stem = s.keep + "/seed" + std::to_string(o.seed) + "-" +
                     (o.family.empty() ? "unknown" : o.family);
  std::ofstream(stem + ".mlir") << o.text;
  std::ofstream(stem + ".none.out") << o.reference;
  std::ofstream log(stem + ".txt");
  for (const RunRecord &r : o.runs) {
    if (r.status != "fail")
      continue;
    std::string command = r.command;
    if (!o.path.empty())
      for (size_t at = command.find(o.path); at != std::string::npos;
           at = command.find(o.path))
        command.replace(at, o.path.size(), stem + ".mlir");
    std::string config = r.config;
    std::replace(config.begin(), config.end(), ':', '-');
    log << r.config << ": " << r.detail << "\n  " << command << "\n";
    std::ofstream(stem + "." + config + ".out") << r.output;
  }
}

void writeReport(const Settings &s, const std::vector<SeedOutcome> &all) {
  std::ofstream out(s.report);
  for (const SeedOutcome &o : all)
    for (const RunRecord &r : o.runs) {
      std::string detail = r.detail;
      std::replace(detail.begin(), detail.end(), '\t', ' ');
      std::replace(detail.begin(), detail.end(), '\n', ' ');
      out << o.seed << "\t" << (o.family.empty() ? "?" : o.family) << "\t"
          << r.config << "\t" << r.status << "\t" << detail << "\n";
    }
}

/// Per family: programs, failing programs, failing runs per config.
std::string familySummary(const std::vector<SeedOutcome> &all) {
  struct Counts {
    int programs = 0, failing = 0;
    std::map<std::string, int> byConfig;
  };
  std::map<std::string, Counts> families;
  std::map<std::string, std::pair<int, int>> configRuns; // runs, failures
  for (const SeedOutcome &o : all) {
    Counts &c = families[o.family.empty() ? "?" : o.family];
    ++c.programs;
    c.failing += o.failed();
    for (const RunRecord &r : o.runs) {
      if (r.status == "skip")
        continue;
      ++configRuns[r.config].first;
      if (r.status == "fail") {
        ++c.byConfig[r.config];
        ++configRuns[r.config].second;
      }
    }
  }
  std::ostringstream os;
  os << "soundness fuzz: per family (programs, failing programs, failing "
        "runs by config)\n";
  for (const auto &[name, c] : families) {
    os << "  " << name << ": " << c.programs << " programs, " << c.failing
       << " failing";
    for (const auto &[config, n] : c.byConfig)
      os << (config == c.byConfig.begin()->first ? " (" : ", ") << config << " "
         << n;
    os << (c.byConfig.empty() ? "" : ")") << "\n";
  }
  os << "per config (runs, failures):";
  for (const auto &[config, n] : configRuns)
    os << " " << config << " " << n.first << "/" << n.second;
  return os.str() + "\n";
}

std::string seedMessage(const SeedOutcome &o, const std::string &family) {
  std::ostringstream os;
  os << "seed " << o.seed << " (family " << o.family << "):";
  const std::vector<Config> &all = rotatingConfigs();
  for (const RunRecord &r : o.runs) {
    if (r.status != "fail")
      continue;
    os << "\n  config " << r.config << ": " << r.detail;
    const Config *c = nullptr;
    for (const Config &x : all)
      if (x.name == r.config)
        c = &x;
    if (r.config == "default")
      c = &defaultConfig();
    if (c)
      os << "\n    reproduce: " << reproduce(o.seed, family, *c);
    else if (r.config == "mlir-19")
      os << "\n    reproduce: " << generatorCommand(o.seed, family)
         << " && /work/shared/tools/run-mlir p.mlir "
            "--expand-strided-metadata; build/bin/affjit run p.mlir "
            "--pipeline=none --threads 1";
    else if (r.config == "none")
      os << "\n    reproduce: " << generatorCommand(o.seed, family)
         << " && build/bin/affjit run p.mlir --pipeline=none --threads 1";
    else if (r.config == "scf-raised")
      os << "\n    reproduce: " << generatorCommand(o.seed, family)
         << " && mlir-opt-19 --lower-affine p.mlir -o q.mlir && "
            "build/bin/affjit run q.mlir --opt-report=raise-scf";
  }
  return os.str();
}

//===----------------------------------------------------------------------===//
// Tests
//===----------------------------------------------------------------------===//

TEST(SoundnessFuzz, PassesPrintWhatTheUnoptimizedProgramPrints) {
  Settings s;
  ASSERT_FALSE(rotatingConfigs().empty());
  std::vector<SeedOutcome> all = runAll(s);
  if (!s.report.empty())
    writeReport(s, all);
  std::string summary = familySummary(all);
  std::cout << summary << std::flush;
  RecordProperty("summary", summary);
  // Failures one per seed, with every failing configuration and the
  // commands that show it; after 40 seeds just the list.
  int detailed = 0;
  std::string rest;
  for (const SeedOutcome &o : all) {
    if (!o.failed())
      continue;
    if (!s.keep.empty())
      keepFailure(s, o);
    if (detailed++ < 40) {
      ADD_FAILURE() << seedMessage(o, s.family);
      continue;
    }
    rest += "\n  seed " + std::to_string(o.seed) + " (" + o.family + "):";
    for (const RunRecord &r : o.runs)
      if (r.status == "fail")
        rest += " " + r.config;
  }
  if (!rest.empty())
    ADD_FAILURE() << "more failing seeds:" << rest;
}

TEST(SoundnessFuzz, EveryConfigurationRotatesIn) {
  Settings s;
  std::map<std::string, int> seen;
  for (uint64_t seed = s.first; seed < s.first + s.seeds; ++seed)
    for (const Config *c : configsForSeed(seed, s.perSeed))
      ++seen[c->name];
  for (const Config &c : rotatingConfigs())
    EXPECT_GE(seen[c.name], s.seeds >= 200 ? 20 : 1)
        << c.name << " runs on too few seeds";
  // The passes the brief names are all there.
  for (const char *name :
       {"pass:fuse", "pass:vectorize", "pass:parallelize", "pass:normalize",
        "pass:unroll-jam", "pass:skew-jam", "pass:pack-panels",
        "prefix:interchange", "threads-8", "vector-bits-128", "tiny-caches",
        "checked", "fast-math"})
    EXPECT_TRUE(seen.count(name)) << name;
}

TEST(SoundnessGenerator, DeterministicAndVaried) {
  std::set<std::string> distinct;
  for (uint64_t seed = 1; seed <= 100; ++seed) {
    std::string text = generateSoundnessProgram(seed);
    ASSERT_EQ(text, generateSoundnessProgram(seed)) << "seed " << seed;
    distinct.insert(text);
  }
  EXPECT_EQ(distinct.size(), 100u);
}

bool has(const std::string &text, const std::string &pattern) {
  return std::regex_search(text, std::regex(pattern));
}

/// Shapes the fuzzer exists for: each must appear in many programs.
const std::pair<const char *, const char *> kShapes[] = {
    {"memref.cast to dynamic",
     "memref\\.cast %\\w+ : memref<\\d[^>]*> to memref<\\?"},
    {"subview with a non-unit stride",
     "memref\\.subview [^:]*\\] \\[[^\\]]*[2-9][^\\]]*\\] :"},
    {"rank-reducing subview", "memref\\.subview %\\w+\\[\\d+, \\d+\\] [^:]*: "
                              "memref<\\d+x\\d+x[^>]*> to memref<\\d+x[fi]"},
    {"reinterpret_cast", "memref\\.reinterpret_cast"},
    {"collapse_shape", "memref\\.collapse_shape"},
    {"expand_shape", "memref\\.expand_shape"},
    {"transpose", "memref\\.transpose"},
    {"one buffer bound to two arguments", "call @k\\d+\\((%\\w+), \\1[,)]"},
    {"step 2, 3 or 4", "step [234]\\b"},
    {"parallel step", "step \\([^)]*[234]"},
    {"min bound", "to min affine_map"},
    {"max bound", "= max affine_map"},
    {"floordiv in a bound", "affine\\.for[^\\n]*floordiv"},
    {"ceildiv in a bound", "affine\\.for[^\\n]*ceildiv"},
    {"mod in a bound", "affine\\.for[^\\n]* mod "},
    {"symbolic bound", "to affine_map<\\(\\)\\[s0\\] -> \\(s0\\)>"},
    {"triangular bound", "= affine_map<\\(d0\\) -> \\(d0\\)>\\(%i\\d+\\) to"},
    {"affine.if", "affine\\.if"},
    {"affine.if with results", "= affine\\.if"},
    {"iter_args", "iter_args\\("},
    {"affine.parallel", "affine\\.parallel"},
    {"affine.parallel reduce", "affine\\.parallel[^\\n]*reduce"},
    {"NaN", "0x7FC00000|0xFFC00000"},
    {"-0.0", "-0\\.0 : f32"},
    {"minimumf/maximumf", "arith\\.(minimumf|maximumf)"},
    {"minnumf/maxnumf", "arith\\.(minnumf|maxnumf)"},
    {"compare and select", "arith\\.cmpf"},
    {"i32", "printMemrefI32\\(%u\\d+\\)"},
    {"time loop", "affine\\.for %t"},
    {"bit dump", "arith\\.bitcast"},
};

TEST(SoundnessGenerator, EveryFamilyShapeAndTripCountAppears) {
  const uint64_t seeds = 400;
  std::map<std::string, int> families, shapes;
  std::set<int64_t> trips;
  for (uint64_t seed = 1; seed <= seeds; ++seed) {
    SoundnessProgram p = generateSoundness(seed);
    ++families[p.family];
    trips.insert(p.tripCounts.begin(), p.tripCounts.end());
    for (const auto &[name, pattern] : kShapes)
      shapes[name] += has(p.text, pattern);
    EXPECT_NE(p.text.find("func.func @main() {"), std::string::npos);
  }
  for (const std::string &f : soundnessFamilies())
    EXPECT_GE(families[f], 15) << f;
  for (const auto &[name, pattern] : kShapes)
    EXPECT_GE(shapes[name], 5)
        << name << " in " << shapes[name] << " of " << seeds << " programs";
  // Vector tails: loops one short of, at and one past vector widths.
  for (int64_t t : {0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 33})
    EXPECT_TRUE(trips.count(t)) << "no loop runs " << t << " times";
}

TEST(SoundnessGenerator, EveryFamilyParsesInMlirOpt) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found";
  for (const std::string &family : soundnessFamilies())
    for (uint64_t seed = 1; seed <= 8; ++seed) {
      SoundnessOptions opts;
      opts.family = family;
      TempProgram file(generateSoundnessProgram(seed, opts));
      std::string diagnostics;
      EXPECT_TRUE(mlirAccepts(file.path, &diagnostics))
          << family << " seed " << seed << ": " << diagnostics;
    }
}

} // namespace

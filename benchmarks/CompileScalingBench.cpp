// Compile time and memory as one function grows: the generated functions of
// tests/support/ScalingProgram.h (chain, independent, deep) with N nests or
// statements, compiled by affjit's `default` pipeline and LLVM until the
// JIT is ready, beside MLIR 19 on the same file in the same run. Rows, per
// SHAPE:
//   BM_CompileScaling/SHAPE/affjit/N       affjit::Engine, threads = 1: a
//                                          fresh Engine per iteration,
//                                          compile() then lookup("main"),
//                                          in this process
//   BM_CompileScaling/SHAPE/mlir_fusion/N  mlir-opt --affine-loop-fusion
//   BM_CompileScaling/SHAPE/mlir_jit/N     mlir-opt with run-mlir's lowering,
//                                          then mlir-cpu-runner -O3 JITs the
//                                          module and calls an empty entry
// N runs 16..256; 512 and 1,024 only with AFFJIT_BENCH_LONG=1 (minutes per
// row). The peers run single-threaded (--mlir-disable-threading) and their
// time includes process start-up.
//
// Growth: affjit's rows get a _BigO fit; every row has growth_exp, log2 of
// its time over the time at N/2. Memory: peak_rss_MB is the peak resident
// set of a fresh process doing one compile; affjit rows add compile_rss_MB
// (what the compile added to that process's resident set at its peak) and
// first_compile_ms (that compile's time, LLVM's one-time set-up included).
// Peak RSS is never taken from a child of this process: Linux carries the
// parent's resident set into a child's ru_maxrss through fork and execve.
// docs/benchmarks.md says how to read the rows.
#include "affjit/Engine.h"
#include "support/ScalingProgram.h"

#include <benchmark/benchmark.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

extern char **environ;

namespace {

#ifdef AFFJIT_LLVM_BIN
const std::string kLlvmBin = AFFJIT_LLVM_BIN;
#else
const std::string kLlvmBin = "/usr/lib/llvm-19/bin";
#endif

/// run-mlir's lowering (shared/tools/run-mlir) with no extra passes: the
/// least MLIR 19 needs to turn the program into LLVM IR.
constexpr const char *kMlirLowering =
    "--convert-vector-to-scf --lower-affine --convert-scf-to-cf "
    "--convert-vector-to-llvm --finalize-memref-to-llvm "
    "--convert-math-to-llvm --convert-arith-to-llvm --convert-func-to-llvm "
    "--convert-cf-to-llvm --reconcile-unrealized-casts";

/// mlir-cpu-runner needs an entry without arguments; this one does nothing,
/// so the row measures the JIT compile of the whole module, not a run.
constexpr const char *kMlirEntry = "compile_scaling_entry";

/// Environment of a measuring child (this binary run again): what to
/// measure, its argument (a file or a shell command) and the report file.
constexpr const char *kChildModeEnv = "AFFJIT_COMPILE_SCALING_CHILD";
constexpr const char *kChildArgEnv = "AFFJIT_COMPILE_SCALING_ARG";
constexpr const char *kChildReportEnv = "AFFJIT_COMPILE_SCALING_REPORT";
constexpr const char *kChildRowName = "BM_CompileScalingChild";

/// The persistent object cache's switch: a hit would skip LLVM.
constexpr const char *kCacheDirEnv = "AFFJIT_CACHE_DIR";

// ---------------------------------------------------------------------------
// Files and processes.

std::string readFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string shellQuote(const std::string &s) {
  std::string quoted = "'";
  for (char c : s)
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

bool isExecutable(const std::string &path) {
  return access(path.c_str(), X_OK) == 0;
}

/// A directory for this process's generated files, removed at exit.
class WorkDirectory {
public:
  const std::filesystem::path &path() {
    if (dir.empty()) {
      dir = std::filesystem::temp_directory_path() /
            ("affjit-compile-scaling-" + std::to_string(getpid()));
      std::filesystem::create_directories(dir);
    }
    return dir;
  }
  ~WorkDirectory() {
    std::error_code ignored;
    if (!dir.empty())
      std::filesystem::remove_all(dir, ignored);
  }

private:
  std::filesystem::path dir;
};

WorkDirectory &workDirectory() {
  static WorkDirectory dir;
  return dir;
}

/// One generated function: its text and the files the peers read.
struct Program {
  std::string text;
  std::string path;      // the function as generated
  std::string entryPath; // plus kMlirEntry, for mlir-cpu-runner
  std::string loweredPath;
};

const Program &program(const std::string &shape, int n) {
  static std::map<std::pair<std::string, int>, Program> programs;
  Program &p = programs[{shape, n}];
  if (!p.text.empty())
    return p;
  p.text = affjit::test::generateScalingProgram(shape, n);
  std::string stem =
      (workDirectory().path() / (shape + "-" + std::to_string(n))).string();
  p.path = stem + ".mlir";
  p.entryPath = stem + ".entry.mlir";
  p.loweredPath = stem + ".lowered.mlir";
  std::ofstream(p.path) << p.text;
  std::ofstream(p.entryPath)
      << p.text << "func.func @" << kMlirEntry << "() {\n  return\n}\n";
  return p;
}

/// A tag no other compile of this process has used: appended as a comment,
/// it keeps the engine's in-memory object cache from answering.
std::string uniqueTag() {
  static std::atomic<uint64_t> counter{0};
  return std::to_string(getpid()) + "." + std::to_string(counter++);
}

/// Unsets an environment variable for the guard's lifetime (benchmarks run
/// one at a time, so no other thread reads it meanwhile).
class ScopedUnsetEnv {
public:
  explicit ScopedUnsetEnv(const char *name) : name(name) {
    if (const char *value = std::getenv(name))
      saved = value;
    unsetenv(name);
  }
  ~ScopedUnsetEnv() {
    if (saved)
      setenv(name, saved->c_str(), 1);
  }
  ScopedUnsetEnv(const ScopedUnsetEnv &) = delete;
  ScopedUnsetEnv &operator=(const ScopedUnsetEnv &) = delete;

private:
  const char *name;
  std::optional<std::string> saved;
};

/// A field of /proc/self/status in kB ("VmHWM", "VmRSS"); -1 if absent.
double procStatusKb(const std::string &field) {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.compare(0, field.size() + 1, field + ":") == 0)
      return std::strtod(line.c_str() + field.size() + 1, nullptr);
  return -1;
}

// ---------------------------------------------------------------------------
// The measuring child. This binary, run again with kChildModeEnv set,
// registers only kChildRowName, which does one measurement and writes it to
// the report file as `key value` lines. A fresh process is what makes its
// peak resident set honest: VmHWM belongs to the address space execve made,
// and a process it forks inherits only its own small footprint.

struct ChildReport {
  std::string error;      // empty on success
  double seconds = 0;     // wall time of the compile or the command
  double peakRssKb = 0;   // peak resident set of the measured process
  double startRssKb = -1; // affjit: resident set just before the compile
};

std::string childEnvironmentEntry(const char *name, const std::string &value) {
  return std::string(name) + "=" + value;
}

/// This process's environment without the object cache's directory, plus
/// the child's three variables.
std::vector<std::string> childEnvironment(const std::string &mode,
                                          const std::string &arg,
                                          const std::string &report) {
  std::vector<std::string> env;
  for (char **e = environ; *e; ++e)
    if (std::strncmp(*e, kCacheDirEnv, std::strlen(kCacheDirEnv)) != 0 ||
        (*e)[std::strlen(kCacheDirEnv)] != '=')
      env.push_back(*e);
  env.push_back(childEnvironmentEntry(kChildModeEnv, mode));
  env.push_back(childEnvironmentEntry(kChildArgEnv, arg));
  env.push_back(childEnvironmentEntry(kChildReportEnv, report));
  return env;
}

std::vector<char *> pointersTo(std::vector<std::string> &strings) {
  std::vector<char *> pointers;
  for (std::string &s : strings)
    pointers.push_back(s.data());
  pointers.push_back(nullptr);
  return pointers;
}

ChildReport parseChildReport(const std::string &text) {
  ChildReport report;
  std::istringstream in(text);
  std::string key;
  while (in >> key) {
    if (key == "error") {
      std::getline(in >> std::ws, report.error);
    } else {
      double value = 0;
      in >> value;
      if (key == "seconds")
        report.seconds = value;
      else if (key == "peak_rss_kb")
        report.peakRssKb = value;
      else if (key == "start_rss_kb")
        report.startRssKb = value;
    }
  }
  return report;
}

/// Runs this binary as a measuring child (`mode` affjit or command) and
/// returns its report. Its output goes to /dev/null: the report file says
/// what went wrong.
ChildReport runChild(const std::string &mode, const std::string &arg) {
  std::string report =
      (workDirectory().path() / ("child-" + uniqueTag() + ".txt")).string();
  std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  // The row's name gains /iterations:1.
  std::vector<std::string> args = {self, "--benchmark_filter=^" +
                                             std::string(kChildRowName) + "/"};
  std::vector<std::string> env = childEnvironment(mode, arg, report);
  std::vector<char *> argv = pointersTo(args), envp = pointersTo(env);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  int spawned = posix_spawn(&pid, self.c_str(), &actions, nullptr, argv.data(),
                            envp.data());
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0)
    return {"cannot start " + self + ": " + std::strerror(spawned)};
  int status = 0;
  waitpid(pid, &status, 0);
  ChildReport result = parseChildReport(readFile(report));
  std::filesystem::remove(report);
  if (result.error.empty() && result.peakRssKb <= 0)
    result.error = "the measuring child (" + mode + ") wrote no report";
  return result;
}

/// Compiles `text` and looks up @main: the object is linked and the
/// function callable when this returns.
affjit::Error compileUntilReady(affjit::Engine &engine, const std::string &text,
                                const std::string &bufferName) {
  if (affjit::Error err = engine.compile(text, bufferName))
    return err;
  affjit::Expected<affjit::Function> main = engine.lookup("main");
  return main ? affjit::Error() : main.error();
}

/// The engine options of every affjit row: `default`, one thread (so
/// `default` does not parallelize, as the peers run one thread).
affjit::EngineOptions compileOptions() {
  affjit::EngineOptions options;
  options.pipeline = "default";
  options.threads = 1;
  return options;
}

void writeChildReport(const std::string &path, const ChildReport &report) {
  std::ofstream out(path);
  if (!report.error.empty()) {
    out << "error " << report.error << "\n";
    return;
  }
  out << "seconds " << report.seconds << "\npeak_rss_kb " << report.peakRssKb
      << "\nstart_rss_kb " << report.startRssKb << "\n";
}

/// Child mode affjit: one compile of the file in a fresh Engine.
ChildReport measureAffjitCompile(const std::string &path) {
  std::string text = readFile(path);
  if (text.empty())
    return {"cannot read " + path};
  affjit::Engine engine(compileOptions());
  ChildReport report;
  report.startRssKb = procStatusKb("VmRSS");
  auto start = std::chrono::steady_clock::now();
  if (affjit::Error err = compileUntilReady(engine, text, path))
    return {err.message()};
  report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  report.peakRssKb = procStatusKb("VmHWM");
  return report;
}

/// Child mode command: `/bin/sh -c command` in a process forked from this
/// small one; its ru_maxrss is the largest of the command's processes.
ChildReport measureCommand(const std::string &command) {
  auto start = std::chrono::steady_clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    execl("/bin/sh", "sh", "-c", command.c_str(), (char *)nullptr);
    _exit(127);
  }
  if (pid < 0)
    return {std::string("fork failed: ") + std::strerror(errno)};
  int status = 0;
  struct rusage usage{};
  wait4(pid, &status, 0, &usage);
  ChildReport report;
  report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  if (WIFSIGNALED(status))
    return {"killed by signal " + std::to_string(WTERMSIG(status)) + ": " +
            command};
  if (WEXITSTATUS(status) != 0)
    return {"exited with status " + std::to_string(WEXITSTATUS(status)) +
            " (run it by hand): " + command};
  report.peakRssKb = (double)usage.ru_maxrss; // kB on Linux
  return report;
}

void BM_CompileScalingChild(benchmark::State &state) {
  std::string mode = std::getenv(kChildModeEnv);
  std::string arg = std::getenv(kChildArgEnv) ? std::getenv(kChildArgEnv) : "";
  const char *reportPath = std::getenv(kChildReportEnv);
  for (auto _ : state) {
    ChildReport report = mode == "affjit"    ? measureAffjitCompile(arg)
                         : mode == "command" ? measureCommand(arg)
                                             : ChildReport{"unknown mode"};
    if (reportPath)
      writeChildReport(reportPath, report);
  }
}

// ---------------------------------------------------------------------------
// The rows.

constexpr double kKbPerMb = 1024;

/// log2 of how much the mean time grew from the same family's row at N/2
/// (when it ran in this process): 1 is linear, 2 quadratic, 3 cubic. Peers
/// have no _BigO row (Google Benchmark 1.7 picks the curve from CPU time,
/// and a peer's is this process's), so this is what compares their growth.
void reportGrowth(benchmark::State &state, const std::string &family,
                  double meanSeconds) {
  // Google Benchmark calls a row's function once per trial; the last call
  // for each N, the reported one, stays.
  static std::map<std::pair<std::string, int64_t>, double> meanByRow;
  const int64_t n = state.range(0);
  auto half = meanByRow.find({family, n / 2});
  if (n % 2 == 0 && half != meanByRow.end() && half->second > 0)
    state.counters["growth_exp"] = std::log2(meanSeconds / half->second);
  meanByRow[{family, n}] = meanSeconds;
}

/// In a fresh child, memory; then in this process, time.
void BM_CompileScalingAffjit(benchmark::State &state, std::string shape) {
  const int n = (int)state.range(0);
  const Program &p = program(shape, n);
  // Before the loop: a row may only be skipped there or inside it.
  ChildReport fresh = runChild("affjit", p.path);
  if (!fresh.error.empty()) {
    state.SkipWithError(fresh.error.c_str());
    return;
  }
  ScopedUnsetEnv noPersistentCache(kCacheDirEnv);
  const affjit::EngineOptions options = compileOptions();
  std::unique_ptr<affjit::Engine> engine;
  double seconds = 0;
  for (auto _ : state) {
    // The last iteration's engine is torn down, and the text made unique,
    // outside the timed region.
    state.PauseTiming();
    engine.reset();
    std::string text = p.text + "// " + uniqueTag() + "\n";
    state.ResumeTiming();
    auto start = std::chrono::steady_clock::now();
    engine = std::make_unique<affjit::Engine>(options);
    if (affjit::Error err = compileUntilReady(*engine, text, p.path)) {
      state.SkipWithError(err.message().c_str());
      return;
    }
    seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
  }
  state.counters["peak_rss_MB"] = fresh.peakRssKb / kKbPerMb;
  state.counters["compile_rss_MB"] =
      (fresh.peakRssKb - fresh.startRssKb) / kKbPerMb;
  state.counters["first_compile_ms"] = fresh.seconds * 1e3;
  reportGrowth(state, shape + "/affjit", seconds / (double)state.iterations());
  state.SetComplexityN(n);
}

/// Times `command` in a measuring child each iteration; the child's wall
/// time of the command is the iteration's time.
void timePeer(benchmark::State &state, const std::string &family,
              const std::string &command) {
  double peakRssKb = 0, seconds = 0;
  for (auto _ : state) {
    ChildReport r = runChild("command", command);
    if (!r.error.empty()) {
      state.SkipWithError(r.error.c_str());
      return;
    }
    state.SetIterationTime(r.seconds);
    seconds += r.seconds;
    peakRssKb = std::max(peakRssKb, r.peakRssKb);
  }
  state.counters["peak_rss_MB"] = peakRssKb / kKbPerMb;
  reportGrowth(state, family, seconds / (double)state.iterations());
}

/// The first of `tools` (in kLlvmBin) that is missing, or "".
std::string missingTool(std::initializer_list<const char *> tools) {
  for (const char *tool : tools)
    if (!isExecutable(kLlvmBin + "/" + tool))
      return kLlvmBin + "/" + tool +
             " not found (install mlir-19-tools): no MLIR peer";
  return "";
}

const std::initializer_list<const char *> kFusionTools = {"mlir-opt"};
const std::initializer_list<const char *> kJitTools = {"mlir-opt",
                                                       "mlir-cpu-runner"};

void BM_CompileScalingMlirFusion(benchmark::State &state, std::string shape) {
  if (std::string missing = missingTool(kFusionTools); !missing.empty()) {
    state.SkipWithError(missing.c_str());
    return;
  }
  const Program &p = program(shape, (int)state.range(0));
  timePeer(state, shape + "/mlir_fusion",
           shellQuote(kLlvmBin + "/mlir-opt") +
               " --mlir-disable-threading --affine-loop-fusion " +
               shellQuote(p.path) + " -o /dev/null");
}

void BM_CompileScalingMlirJit(benchmark::State &state, std::string shape) {
  if (std::string missing = missingTool(kJitTools); !missing.empty()) {
    state.SkipWithError(missing.c_str());
    return;
  }
  const Program &p = program(shape, (int)state.range(0));
  timePeer(state, shape + "/mlir_jit",
           shellQuote(kLlvmBin + "/mlir-opt") + " --mlir-disable-threading " +
               kMlirLowering + " " + shellQuote(p.entryPath) + " -o " +
               shellQuote(p.loweredPath) + " && " +
               shellQuote(kLlvmBin + "/mlir-cpu-runner") + " " +
               shellQuote(p.loweredPath) + " -e " + kMlirEntry +
               " -entry-point-result=void -O3");
}

/// AFFJIT_BENCH_LONG=1 adds N = 512 and 1,024.
bool longRowsWanted() {
  const char *env = std::getenv("AFFJIT_BENCH_LONG");
  return env && *env && std::strcmp(env, "0") != 0;
}

void sizes(benchmark::internal::Benchmark *b) {
  for (int n : {16, 32, 64, 128, 256})
    b->Arg(n);
  if (longRowsWanted())
    for (int n : {512, 1024})
      b->Arg(n);
  b->Unit(benchmark::kMillisecond);
}

void registerRows() {
  for (std::string shape : {"chain", "independent", "deep"}) {
    std::string prefix = "BM_CompileScaling/" + shape;
    // Process CPU time: any compile threads of the engine count too. Only
    // affjit's rows are fitted (see reportGrowth), and Google Benchmark 1.7
    // crashes fitting a family whose rows all failed, as the peers' do
    // without MLIR's tools.
    benchmark::RegisterBenchmark((prefix + "/affjit").c_str(),
                                 BM_CompileScalingAffjit, shape)
        ->Apply(sizes)
        ->MeasureProcessCPUTime()
        ->Complexity();
    benchmark::RegisterBenchmark((prefix + "/mlir_fusion").c_str(),
                                 BM_CompileScalingMlirFusion, shape)
        ->Apply(sizes)
        ->UseManualTime();
    benchmark::RegisterBenchmark((prefix + "/mlir_jit").c_str(),
                                 BM_CompileScalingMlirJit, shape)
        ->Apply(sizes)
        ->UseManualTime();
  }
}

/// A measuring child registers only its own row.
[[maybe_unused]] const bool kRegistered = [] {
  if (std::getenv(kChildModeEnv))
    benchmark::RegisterBenchmark(kChildRowName, BM_CompileScalingChild)
        ->Iterations(1);
  else
    registerRows();
  return true;
}();

} // namespace

// The cross-check of a run against `--pipeline=none` (see CrossCheck.h).
#include "engine/cli/CrossCheck.h"

#include "engine/Pipeline.h"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <optional>
#include <regex>
#include <sstream>
#include <vector>

namespace affjit::cli {

namespace {

struct CapturedRun {
  int exitCode = -1;
  std::string out, err;
};

/// Compiles and runs the entry in this (child) process; its exit status.
int runHere(const CrossCheckRequest &request, const std::string &pipeline) {
  EngineOptions options = request.options;
  options.pipeline = pipeline;
  Engine engine(options);
  if (Error err = engine.compile(request.text, request.name)) {
    std::fputs(err.message().c_str(), stderr);
    return 1;
  }
  Error err = engine.invoke(request.entry, {});
  std::fflush(stdout);
  if (err) {
    std::fprintf(stderr, "affjit: error: %s\n", err.message().c_str());
    return 1;
  }
  return 0;
}

/// Reads both pipes to their ends.
void drain(int outFd, int errFd, CapturedRun &run) {
  pollfd fds[2] = {{outFd, POLLIN, 0}, {errFd, POLLIN, 0}};
  std::string *sinks[2] = {&run.out, &run.err};
  int open = 2;
  char buffer[65536];
  while (open > 0) {
    if (poll(fds, 2, -1) < 0)
      break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
      if (n > 0) {
        sinks[i]->append(buffer, (size_t)n);
        continue;
      }
      close(fds[i].fd);
      fds[i].fd = -1;
      --open;
    }
  }
}

/// The run with `pipeline`, in a child process so that a crash or an exit
/// is that run's outcome.
CapturedRun runCaptured(const CrossCheckRequest &request,
                        const std::string &pipeline) {
  CapturedRun run;
  int outPipe[2], errPipe[2];
  if (pipe(outPipe) != 0 || pipe(errPipe) != 0) {
    run.err = "affjit: error: cannot create a pipe\n";
    return run;
  }
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(outPipe[1], STDOUT_FILENO);
    dup2(errPipe[1], STDERR_FILENO);
    for (int fd : {outPipe[0], outPipe[1], errPipe[0], errPipe[1]})
      close(fd);
    _exit(runHere(request, pipeline));
  }
  close(outPipe[1]);
  close(errPipe[1]);
  if (pid < 0) {
    close(outPipe[0]);
    close(errPipe[0]);
    run.err = "affjit: error: cannot start a process\n";
    return run;
  }
  drain(outPipe[0], errPipe[0], run);
  int status = 0;
  waitpid(pid, &status, 0);
  run.exitCode = WIFEXITED(status)     ? WEXITSTATUS(status)
                 : WIFSIGNALED(status) ? 128 + WTERMSIG(status)
                                       : -1;
  return run;
}

std::vector<std::string> linesOf(const std::string &text) {
  static const std::regex address("base@ = 0x[0-9a-fA-F]+");
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(std::regex_replace(line, address, "base@ = 0x?"));
  return lines;
}

const std::regex &numberPattern() {
  static const std::regex number(
      R"([-+]?(nan|inf|[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?))");
  return number;
}

/// Two lines equal but for numbers within a relative tolerance of the
/// line's largest magnitude (what reassociation can change).
bool closeEnough(const std::string &a, const std::string &b) {
  const std::regex &number = numberPattern();
  if (std::regex_replace(a, number, "#") != std::regex_replace(b, number, "#"))
    return false;
  std::vector<double> x, y;
  for (auto it = std::sregex_iterator(a.begin(), a.end(), number);
       it != std::sregex_iterator(); ++it)
    x.push_back(std::strtod(it->str().c_str(), nullptr));
  for (auto it = std::sregex_iterator(b.begin(), b.end(), number);
       it != std::sregex_iterator(); ++it)
    y.push_back(std::strtod(it->str().c_str(), nullptr));
  double scale = 1.0;
  for (double v : x)
    scale = std::isfinite(v) ? std::max(scale, std::fabs(v)) : scale;
  for (size_t i = 0; i < x.size(); ++i) {
    if (std::isnan(x[i]) && std::isnan(y[i]))
      continue;
    if (!(std::fabs(x[i] - y[i]) <= 1e-4 * scale))
      return false;
  }
  return true;
}

struct Difference {
  size_t line; // 1-based
  std::string actual, expected;
};

/// Where `actual` stops printing what `expected` printed, or nullopt.
std::optional<Difference> firstDifference(const CapturedRun &actual,
                                          const CapturedRun &expected,
                                          bool tolerant) {
  std::vector<std::string> a = linesOf(actual.out), e = linesOf(expected.out);
  for (size_t i = 0; i < std::max(a.size(), e.size()); ++i) {
    std::string x = i < a.size() ? a[i] : "(no line)",
                y = i < e.size() ? e[i] : "(no line)";
    if (x == y ||
        (tolerant && i < a.size() && i < e.size() && closeEnough(x, y)))
      continue;
    return Difference{i + 1, x, y};
  }
  if (actual.exitCode != expected.exitCode)
    return Difference{a.size() + 1,
                      "exit status " + std::to_string(actual.exitCode),
                      "exit status " + std::to_string(expected.exitCode)};
  return std::nullopt;
}

std::string joined(const std::vector<std::string> &names, size_t count) {
  std::string out;
  for (size_t i = 0; i < count; ++i)
    out += (i ? "," : "") + names[i];
  return out;
}

/// The passes of the request's pipeline, resolved (`default` expanded).
std::vector<std::string> passNames(const CrossCheckRequest &request) {
  std::vector<std::string> names;
  Expected<CompilePipeline> pipeline = CompilePipeline::create(request.options);
  if (!pipeline)
    return names;
  for (const PassInfo *pass : pipeline->getPasses().passes)
    names.emplace_back(pass->name);
  return names;
}

/// The shortest prefix of the pipeline whose output differs from `none`'s:
/// its last pass is the first that changes what the program prints.
std::optional<std::string> firstChangingPass(const CrossCheckRequest &request,
                                             const CapturedRun &none,
                                             std::string &prefix) {
  std::vector<std::string> names = passNames(request);
  bool tolerant = request.options.fastMath;
  for (size_t k = 1; k <= names.size(); ++k) {
    CapturedRun run = runCaptured(request, joined(names, k));
    if (firstDifference(run, none, tolerant)) {
      prefix = joined(names, k);
      return names[k - 1];
    }
  }
  return std::nullopt;
}

} // namespace

int crossCheckRun(const CrossCheckRequest &request, std::ostream &out,
                  std::ostream &err) {
  CapturedRun optimized = runCaptured(request, request.options.pipeline);
  out << optimized.out;
  out.flush();
  err << optimized.err;
  CapturedRun none = runCaptured(request, "none");
  std::optional<Difference> diff =
      firstDifference(optimized, none, request.options.fastMath);
  if (!diff) {
    err << "affjit: cross-check: the output equals --pipeline=none's\n";
    return optimized.exitCode;
  }
  err << "affjit: error: cross-check: line " << diff->line
      << " differs from --pipeline=none's\n  --pipeline="
      << request.options.pipeline << ": " << diff->actual
      << "\n  --pipeline=none: " << diff->expected << '\n';
  if (none.exitCode != 0)
    err << "  (--pipeline=none exited with status " << none.exitCode << ":\n"
        << none.err << ")\n";
  std::string prefix;
  if (std::optional<std::string> pass =
          firstChangingPass(request, none, prefix))
    err << "affjit: error: cross-check: the output first differs after pass '"
        << *pass << "' (--pipeline=" << prefix << ")\n";
  else
    err << "affjit: error: cross-check: the difference did not reappear "
           "when the pipeline's prefixes ran (does the program print the "
           "same on every run?)\n";
  return 1;
}

} // namespace affjit::cli

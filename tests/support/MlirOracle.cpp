// Runs mlir-opt with fork/exec, reading its stderr through a pipe line by
// line (the dependence check prints four lines per remark, which can be a
// lot for big programs) and keeping only the remark lines.
#include "support/MlirOracle.h"

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <functional>
#include <regex>
#include <sys/wait.h>
#include <unistd.h>

namespace affjit::test {

namespace {

#ifdef AFFJIT_LLVM_BIN
const char *const kLlvmBin = AFFJIT_LLVM_BIN;
#else
const char *const kLlvmBin = "/usr/lib/llvm-19/bin";
#endif

/// Runs mlir-opt with `args`, stdin and stdout on /dev/null, and hands each
/// stderr line (without its newline) to `onLine`. Returns the exit status,
/// 128 + signal if it was killed, or -1 if it could not be started.
int runMlirOpt(const std::vector<std::string> &args,
               const std::function<void(const std::string &)> &onLine) {
  int fds[2];
  if (pipe(fds) != 0)
    return -1;
  std::string program = mlirOptPath();
  std::vector<char *> argv;
  argv.push_back(program.data());
  std::vector<std::string> copies = args;
  for (std::string &a : copies)
    argv.push_back(a.data());
  argv.push_back(nullptr);

  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return -1;
  }
  if (pid == 0) {
    int devNull = open("/dev/null", O_RDWR);
    dup2(devNull, 0);
    dup2(devNull, 1);
    dup2(fds[1], 2);
    close(fds[0]);
    close(fds[1]);
    execv(program.c_str(), argv.data());
    _exit(127);
  }
  close(fds[1]);
  std::string pending;
  char buf[1 << 16];
  for (;;) {
    ssize_t n = read(fds[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    pending.append(buf, (size_t)n);
    size_t start = 0;
    for (size_t nl; (nl = pending.find('\n', start)) != std::string::npos;
         start = nl + 1)
      onLine(pending.substr(start, nl - start));
    pending.erase(0, start);
  }
  if (!pending.empty())
    onLine(pending);
  close(fds[0]);

  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status))
    return WEXITSTATUS(status);
  return 128 + WTERMSIG(status);
}

bool startsWith(const std::string &s, const std::string &prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

/// `PATH:LINE:COL: remark: dependence from ...` for this path.
bool isDependenceRemark(const std::string &line, const std::string &path) {
  if (!startsWith(line, path + ":"))
    return false;
  size_t at = line.find(": remark: dependence from ", path.size());
  if (at == std::string::npos)
    return false;
  // Only LINE:COL between the path and the remark.
  for (size_t i = path.size() + 1; i < at; ++i)
    if (line[i] != ':' && (line[i] < '0' || line[i] > '9'))
      return false;
  return true;
}

} // namespace

std::string mlirOptPath() { return std::string(kLlvmBin) + "/mlir-opt"; }

bool mlirAvailable() { return access(mlirOptPath().c_str(), X_OK) == 0; }

std::string runMlirScript() {
  return std::string(AFFJIT_SOURCE_DIR) + "/../shared/tools/run-mlir";
}

std::string maskMemrefAddresses(const std::string &output) {
  static const std::regex addr("base@ = 0x[0-9a-fA-F]+");
  return std::regex_replace(output, addr, "base@ = 0xADDR");
}

bool mlirAccepts(const std::string &path, std::string *diagnostics) {
  std::string err;
  int code = runMlirOpt({path, "-o", "/dev/null"},
                        [&](const std::string &l) { err += l + "\n"; });
  if (diagnostics)
    *diagnostics = err;
  return code == 0;
}

std::vector<std::string> mlirDependenceRemarks(const std::string &path,
                                               int *exitCode,
                                               std::string *otherOutput) {
  std::vector<std::string> remarks;
  std::string other;
  bool inRemark = false; // on a remark's source, caret and note lines
  int code =
      runMlirOpt({"-test-memref-dependence-check", path, "-o", "/dev/null"},
                 [&](const std::string &l) {
                   if (isDependenceRemark(l, path)) {
                     remarks.push_back(l);
                     inRemark = true;
                   } else if (inRemark) {
                     inRemark = l.find(": note: see current operation") ==
                                std::string::npos;
                   } else {
                     other += l + "\n";
                   }
                 });
  if (exitCode)
    *exitCode = code;
  if (otherOutput)
    *otherOutput = other;
  return remarks;
}

} // namespace affjit::test

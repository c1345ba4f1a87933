// Subprocess and file helpers for the differential tests.
#include "support/Subprocess.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace affjit::test {

namespace fs = std::filesystem;

std::string shellQuote(const std::string &s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// The files writeTempFile made, removed when the test process exits
/// (whatever the test that asked for them did with them).
class TempFiles {
public:
  static TempFiles &get() {
    static TempFiles files;
    return files;
  }
  void add(const std::string &path) {
    std::lock_guard<std::mutex> lock(mutex);
    paths.push_back(path);
  }
  ~TempFiles() {
    std::error_code ignored;
    for (const std::string &path : paths)
      fs::remove(path, ignored);
  }

private:
  std::mutex mutex;
  std::vector<std::string> paths;
};

std::string writeTempFile(const std::string &text, const std::string &suffix) {
  std::string tmpl =
      (fs::temp_directory_path() / ("affjit-test-XXXXXX" + suffix)).string();
  int fd = mkstemps(tmpl.data(), (int)suffix.size());
  if (fd < 0)
    return "";
  TempFiles::get().add(tmpl);
  FILE *f = fdopen(fd, "wb");
  fwrite(text.data(), 1, text.size(), f);
  fclose(f);
  return tmpl;
}

CommandResult runCommand(const std::string &command) {
  std::string outPath = writeTempFile("", ".out");
  std::string errPath = writeTempFile("", ".err");
  std::string full = "(" + command + ") </dev/null >" + shellQuote(outPath) +
                     " 2>" + shellQuote(errPath);
  int status = std::system(full.c_str());
  CommandResult r;
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = readFile(outPath);
  r.err = readFile(errPath);
  fs::remove(outPath);
  fs::remove(errPath);
  return r;
}

std::string affjitBinary() {
  return std::string(AFFJIT_BINARY_DIR) + "/bin/affjit";
}

std::string mlirOpt() { return std::string(AFFJIT_LLVM_BIN) + "/mlir-opt"; }

static bool endsWith(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::vector<std::string> listSourceFiles(const std::string &dir,
                                         const std::string &suffix,
                                         const std::string &exclude) {
  std::vector<std::string> out;
  fs::path root = fs::path(AFFJIT_SOURCE_DIR) / dir;
  std::error_code ec;
  for (auto &e : fs::directory_iterator(root, ec)) {
    std::string p = e.path().string();
    if (endsWith(p, suffix) && (exclude.empty() || !endsWith(p, exclude)))
      out.push_back(p);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string testNameForPath(const std::string &path) {
  std::string stem = fs::path(path).stem().string();
  for (char &c : stem)
    if (!std::isalnum((unsigned char)c))
      c = '_';
  return stem;
}

std::vector<std::string> splitLines(const std::string &text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);)
    out.push_back(l);
  return out;
}

size_t countOccurrences(const std::string &text, const std::string &what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos;
       at = text.find(what, at + what.size()))
    ++n;
  return n;
}

std::string llvmFunctionText(const std::string &ir, const std::string &name) {
  size_t begin = ir.find("define void @" + name + "(");
  if (begin == std::string::npos)
    return "";
  return ir.substr(begin, ir.find("\n}\n", begin) - begin);
}

TempProgram::~TempProgram() {
  std::error_code ec;
  std::filesystem::remove(path, ec);
}

} // namespace affjit::test

// Test support: running a shell command and capturing its output, locating
// the affjit binary and MLIR 19's tools, and small file helpers.
#pragma once

#include <string>
#include <vector>

namespace affjit::test {

struct CommandResult {
  int exitCode = -1;
  std::string out, err;
};

/// Runs `command` with /bin/sh; stdin is empty.
CommandResult runCommand(const std::string &command);
/// Path of build/bin/affjit for this build.
std::string affjitBinary();
/// Path of MLIR 19's mlir-opt (the oracle).
std::string mlirOpt();
/// Quotes `s` for /bin/sh.
std::string shellQuote(const std::string &s);
/// Writes `text` to a fresh temporary file with `suffix`; returns its path.
/// The file is removed when the test process exits, if not before.
std::string writeTempFile(const std::string &text,
                          const std::string &suffix = ".mlir");

/// A temporary file holding `text` (writeTempFile), removed with the
/// object.
struct TempProgram {
  explicit TempProgram(const std::string &text) : path(writeTempFile(text)) {}
  ~TempProgram();
  TempProgram(const TempProgram &) = delete;
  TempProgram &operator=(const TempProgram &) = delete;
  std::string path;
};
std::string readFile(const std::string &path);
/// `text` split at newlines (no trailing empty line).
std::vector<std::string> splitLines(const std::string &text);
/// How many times `what` occurs in `text`, without overlaps.
size_t countOccurrences(const std::string &text, const std::string &what);
/// The definition of `define void @name(` in LLVM IR `ir`, up to its
/// closing brace; "" when there is none.
std::string llvmFunctionText(const std::string &ir, const std::string &name);
/// Sorted paths of files in `AFFJIT_SOURCE_DIR/dir` whose names end in
/// `suffix` (and do not end in `exclude`, if given).
std::vector<std::string> listSourceFiles(const std::string &dir,
                                         const std::string &suffix,
                                         const std::string &exclude = "");
/// A gtest-friendly name for a file path (its stem with non-alnum as '_').
std::string testNameForPath(const std::string &path);

} // namespace affjit::test

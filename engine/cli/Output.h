// Output files of the command line tool: `-o FILE`, `--save N=FILE.npy`
// and the like, where `-` is stdout, and a file that cannot be written is
// `affjit: error: cannot write 'FILE': REASON` (errno's text).
#pragma once

#include <fstream>
#include <memory>
#include <ostream>
#include <string>

namespace affjit::cli {

class OutputFile {
public:
  /// Opens `path` for writing (`-`: stdout); prints the error and
  /// returns null when it cannot.
  static std::unique_ptr<OutputFile> open(const std::string &path,
                                          bool binary = false);
  std::ostream &stream() { return file ? *file : *out; }
  /// Flushes; prints the error and returns false if writing failed.
  bool close();

private:
  std::string path;
  std::unique_ptr<std::ofstream> file;
  std::ostream *out = nullptr;
};

/// Sends the process's stdout (C stdio and std::cout alike, so also what a
/// JIT-compiled program prints) to `path` (`-`: leaves it alone); prints
/// the error and returns false when the file cannot be opened.
bool redirectStdout(const std::string &path);

} // namespace affjit::cli

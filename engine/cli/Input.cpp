// Reading an input file and taking it through the compile pipeline for the
// command line tool (Input.h).
#include "engine/cli/Input.h"

#include "engine/cli/Contract.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace affjit::cli {

/// Why `path` cannot be read as a program, or "" when it can: errno's
/// text, or that it is a directory (which ifstream opens and reads as
/// empty on Linux).
static std::string unreadable(const std::string &path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0)
    return std::strerror(errno);
  if (S_ISDIR(st.st_mode))
    return std::strerror(EISDIR);
  return "";
}

static bool readStream(std::istream &in, std::string &text) {
  std::ostringstream ss;
  ss << in.rdbuf();
  text = ss.str();
  return !in.bad();
}

/// Reads `path` into `text`; on failure returns why.
static std::string readFile(const std::string &path, std::string &text) {
  if (path == "-")
    return readStream(std::cin, text) ? "" : std::strerror(EIO);
  if (std::string why = unreadable(path); !why.empty())
    return why;
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return std::strerror(errno ? errno : EIO);
  return readStream(in, text) ? "" : std::strerror(errno ? errno : EIO);
}

void addInputOption(CLI::App *cmd, std::string &input) {
  cmd->add_option("input", input,
                  "Input .mlir file; '-' or none reads stdin (none only when "
                  "stdin is not a terminal)");
}

std::string resolveInputPath(const std::string &path) {
  if (!path.empty())
    return path;
  // Without a file name stdin is read only when it is not a terminal: a
  // user who forgot the file should not see the tool wait silently.
  if (isatty(STDIN_FILENO)) {
    printError("no input file (give FILE.mlir, or - to read stdin)");
    return "";
  }
  return "-";
}

std::unique_ptr<SourceBuffer> readInput(const std::string &givenPath) {
  std::string path = resolveInputPath(givenPath);
  if (path.empty())
    return nullptr;
  auto source = std::make_unique<SourceBuffer>();
  source->name =
      std::make_shared<const std::string>(path == "-" ? "<stdin>" : path);
  if (std::string why = readFile(path, source->text); !why.empty()) {
    printError("cannot open '" + path + "': " + why);
    return nullptr;
  }
  return source;
}

/// Reads `path` and turns its text into a module with `stage` (parsing
/// exactly once); prints the diagnostics and returns null on failure.
template <typename Stage>
static std::unique_ptr<LoadedModule> load(const std::string &path,
                                          Stage stage) {
  std::unique_ptr<SourceBuffer> source = readInput(path);
  if (!source)
    return nullptr;
  auto loaded = std::make_unique<LoadedModule>();
  loaded->source = std::move(*source);
  DiagnosticEngine diag;
  loaded->module = stage(loaded->source, diag);
  if (!loaded->module || diag.hadError()) {
    diag.print(std::cerr);
    return nullptr;
  }
  return loaded;
}

std::unique_ptr<LoadedModule> loadModule(const std::string &path) {
  return load(path, [](const SourceBuffer &source, DiagnosticEngine &diag) {
    return parseAndVerify(source, diag);
  });
}

std::unique_ptr<LoadedModule> loadModule(const std::string &path,
                                         const CompilePipeline &pipeline,
                                         bool verify, TimingTree *timing) {
  if (!verify && !pipeline.getPasses().passes.empty()) {
    printError("passes need verified IR: --no-verify works only with "
               "--pipeline=none");
    return nullptr;
  }
  return load(path, [&](const SourceBuffer &source, DiagnosticEngine &diag) {
    if (verify)
      return pipeline.load(source, diag, timing);
    TimingTree::Scope timed = timePhase(timing, "parse");
    return parseSource(source, diag);
  });
}

std::optional<LoweredProgram> lowerInput(const std::string &path,
                                         const CompilePipeline &pipeline,
                                         TimingTree *timing) {
  std::unique_ptr<SourceBuffer> source = readInput(path);
  if (!source)
    return std::nullopt;
  DiagnosticEngine diag;
  std::optional<LoweredProgram> program = pipeline.lower(*source, diag, timing);
  if (!program)
    diag.print(std::cerr);
  return program;
}

} // namespace affjit::cli

// Reading an input file and taking it through the compile pipeline for the
// command line tool (Input.h).
#include "engine/cli/Input.h"

#include <fstream>
#include <iostream>
#include <sstream>

namespace affjit::cli {

static bool readFile(const std::string &path, std::string &text) {
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    text = ss.str();
    return true;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  text = ss.str();
  return !in.bad();
}

std::unique_ptr<SourceBuffer> readInput(const std::string &path) {
  auto source = std::make_unique<SourceBuffer>();
  source->name =
      std::make_shared<const std::string>(path == "-" ? "<stdin>" : path);
  if (!readFile(path, source->text)) {
    std::cerr << "affjit: error: could not open input file '" << path << "'\n";
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
                                         bool verify) {
  if (!verify && !pipeline.getPasses().passes.empty()) {
    std::cerr << "affjit: error: passes need verified IR: --no-verify "
                 "works only with --pipeline=none\n";
    return nullptr;
  }
  return load(path, [&](const SourceBuffer &source, DiagnosticEngine &diag) {
    return verify ? pipeline.load(source, diag) : parseSource(source, diag);
  });
}

std::optional<LoweredProgram> lowerInput(const std::string &path,
                                         const CompilePipeline &pipeline) {
  std::unique_ptr<SourceBuffer> source = readInput(path);
  if (!source)
    return std::nullopt;
  DiagnosticEngine diag;
  std::optional<LoweredProgram> program = pipeline.lower(*source, diag);
  if (!program)
    diag.print(std::cerr);
  return program;
}

} // namespace affjit::cli

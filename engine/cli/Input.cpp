// Reads, parses and verifies an input file for the command line tool.
#include "engine/cli/Input.h"

#include "frontend/parse/Parser.h"
#include "frontend/verify/Verifier.h"

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

std::unique_ptr<LoadedModule> loadModule(const std::string &path, bool verify) {
  auto loaded = std::make_unique<LoadedModule>();
  loaded->source.name =
      std::make_shared<const std::string>(path == "-" ? "<stdin>" : path);
  if (!readFile(path, loaded->source.text)) {
    std::cerr << "affjit: error: could not open input file '" << path << "'\n";
    return nullptr;
  }
  DiagnosticEngine diag;
  loaded->module = parseModule(loaded->source, diag);
  if (loaded->module && verify)
    verifyModule(*loaded->module, diag);
  if (diag.hadError() || !loaded->module) {
    diag.print(std::cerr);
    return nullptr;
  }
  return loaded;
}

} // namespace affjit::cli

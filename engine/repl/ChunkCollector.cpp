// Bracket balancing of MLIR input lines (ChunkCollector.h).
#include "engine/repl/ChunkCollector.h"

namespace affjit::repl {

bool ChunkCollector::addLine(const std::string &line) {
  text += line + "\n";
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (inString) {
      if (c == '\\')
        ++i; // an escaped character, possibly a quote
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"')
      inString = true;
    else if (c == '/' && i + 1 < line.size() && line[i + 1] == '/')
      break;
    else if (c == '{' || c == '(' || c == '[')
      ++depth;
    else if (c == '}' || c == ')' || c == ']')
      --depth;
  }
  return depth <= 0;
}

std::string ChunkCollector::take() {
  std::string chunk = std::move(text);
  text.clear();
  depth = 0;
  inString = false;
  return chunk;
}

} // namespace affjit::repl

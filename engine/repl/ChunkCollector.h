// Collects MLIR typed or pasted at the REPL prompt into complete chunks: a
// definition spans lines until its brackets balance, so `func.func @f() {`
// waits for the closing `}`. Brackets inside strings and `//` comments do not
// count; nor do angle brackets, which `->` and `>=` make ambiguous.
#pragma once

#include <string>

namespace affjit::repl {

class ChunkCollector {
public:
  /// Adds one line; true when the chunk is now complete (brackets balanced,
  /// or more closed than opened so the parser can report it).
  bool addLine(const std::string &line);
  bool empty() const { return text.empty(); }
  /// The chunk's text as typed, so that diagnostics cite lines within the
  /// definition; resets the collector.
  std::string take();

private:
  std::string text;
  int depth = 0;
  bool inString = false;
};

} // namespace affjit::repl

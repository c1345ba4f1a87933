// A progress line on stderr while a long command works (`affjit bench`:
// "[2/3] fuse: timing"), rewritten in place and cleared at the end. Only
// at a terminal: piped or redirected output gets nothing, so logs and
// tests see only the results.
#pragma once

#include <string>

namespace affjit::cli {

class ProgressLine {
public:
  ProgressLine();
  /// Clears the line.
  ~ProgressLine();
  ProgressLine(const ProgressLine &) = delete;
  ProgressLine &operator=(const ProgressLine &) = delete;

  bool enabled() const { return terminal; }
  /// Replaces the line with `text`.
  void show(const std::string &text);
  /// Removes the line (before other output).
  void clear();

private:
  bool terminal;
  bool shown = false;
};

} // namespace affjit::cli

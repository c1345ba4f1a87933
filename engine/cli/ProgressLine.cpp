// The terminal progress line (ProgressLine.h).
#include "engine/cli/ProgressLine.h"

#include <cstdio>
#include <unistd.h>

namespace affjit::cli {

ProgressLine::ProgressLine() : terminal(isatty(STDERR_FILENO) == 1) {}

ProgressLine::~ProgressLine() { clear(); }

void ProgressLine::show(const std::string &text) {
  if (!terminal)
    return;
  // Carriage return, erase to the end of the line, then the new text.
  std::fprintf(stderr, "\r\033[K%s", text.c_str());
  std::fflush(stderr);
  shown = true;
}

void ProgressLine::clear() {
  if (!shown)
    return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  shown = false;
}

} // namespace affjit::cli

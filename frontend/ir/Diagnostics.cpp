// Formatting of diagnostics with source lines and carets.
#include "frontend/ir/Diagnostics.h"

#include <sstream>

namespace affjit {

void DiagnosticEngine::emit(Severity sev, const Location &loc,
                            std::string message) {
  if (sev == Severity::Error)
    ++numErrors;
  diags.push_back(Diagnostic{sev, loc, std::move(message)});
}

static const char *severityName(Severity s) {
  switch (s) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Remark:
    return "remark";
  case Severity::Note:
    return "note";
  }
  return "error";
}

/// Returns line `line` (1-based) of `text` without its newline.
static std::string sourceLine(const std::string &text, unsigned line) {
  size_t start = 0;
  for (unsigned l = 1; l < line; ++l) {
    start = text.find('\n', start);
    if (start == std::string::npos)
      return "";
    ++start;
  }
  size_t end = text.find('\n', start);
  return text.substr(start, end == std::string::npos ? end : end - start);
}

const SourceBuffer *DiagnosticEngine::sourceOf(const Location &loc) const {
  for (const SourceBuffer *s : sources)
    if (loc.file == s->name)
      return s;
  return nullptr;
}

std::string DiagnosticEngine::format(const Diagnostic &d) const {
  std::ostringstream os;
  if (d.loc.isKnown()) {
    os << (d.loc.file ? *d.loc.file : std::string("<unknown>")) << ':'
       << d.loc.line << ':' << d.loc.col << ": ";
  } else if (d.loc.file) {
    os << *d.loc.file << ": ";
  }
  os << severityName(d.severity) << ": " << d.message << '\n';
  const SourceBuffer *source = sourceOf(d.loc);
  if (source && d.loc.isKnown()) {
    std::string text = sourceLine(source->text, d.loc.line);
    // Keep caret lines readable for binary garbage and huge lines.
    if (text.size() <= 400) {
      for (char &c : text)
        if ((unsigned char)c < 0x20 && c != '\t')
          c = ' ';
      os << text << '\n'
         << std::string(d.loc.col > 0 ? d.loc.col - 1 : 0, ' ') << "^\n";
    }
  }
  return os.str();
}

void DiagnosticEngine::print(std::ostream &os) const {
  for (const Diagnostic &d : diags)
    os << format(d);
}

} // namespace affjit

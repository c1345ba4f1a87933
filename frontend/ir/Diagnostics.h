// Diagnostics in mlir-opt's format: `FILE:LINE:COL: error: message`, followed
// by the source line and a caret. Every stage reports through this engine so a
// user sees one consistent format.
#pragma once

#include "frontend/ir/IR.h"

#include <ostream>
#include <string>
#include <vector>

namespace affjit {

enum class Severity { Error, Warning, Remark, Note };

struct Diagnostic {
  Severity severity;
  Location loc;
  std::string message;
};

/// A source buffer: its name and text, for line lookup and caret lines.
struct SourceBuffer {
  std::shared_ptr<const std::string> name;
  std::string text;
};

class DiagnosticEngine {
public:
  /// The buffer caret lines are taken from (replacing any others).
  void setSource(const SourceBuffer *src) {
    sources.clear();
    addSource(src);
  }
  /// One more buffer for caret lines: a module assembled from several
  /// buffers (the REPL's definitions) reports into each of them.
  void addSource(const SourceBuffer *src) {
    if (src)
      sources.push_back(src);
  }
  void emit(Severity sev, const Location &loc, std::string message);
  void error(const Location &loc, std::string message) {
    emit(Severity::Error, loc, std::move(message));
  }
  const std::vector<Diagnostic> &getDiagnostics() const { return diags; }
  unsigned getNumErrors() const { return numErrors; }
  bool hadError() const { return numErrors != 0; }
  void clear() {
    diags.clear();
    numErrors = 0;
  }
  /// Prints every diagnostic with its caret line.
  void print(std::ostream &os) const;
  /// Formats one diagnostic (with a caret line when the source is known).
  std::string format(const Diagnostic &d) const;

private:
  const SourceBuffer *sourceOf(const Location &loc) const;
  std::vector<const SourceBuffer *> sources;
  std::vector<Diagnostic> diags;
  unsigned numErrors = 0;
};

} // namespace affjit

// Line input for `affjit repl`. On a terminal it edits lines with libedit
// (cursor movement, history recalled with the arrow keys and kept in a file,
// tab completion of commands and names), so an interactive session is
// comfortable; on a pipe or file it reads plain lines without printing
// prompts, so scripted sessions produce only the REPL's own output.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace affjit::repl {

/// Candidates for completing `word` (the text from the start of the word under
/// the cursor to the cursor; words end at whitespace, '(' and ','); `line` is
/// the line typed so far, from its start to the cursor, so `word` is a suffix
/// of it. Returns full replacement words (e.g. word ":he" -> {":help"}; word
/// "%" -> {"%A", "%B"}).
using Completer = std::function<std::vector<std::string>(
    std::string_view line, std::string_view word)>;

class LineEditor {
public:
  /// Interactive (libedit: line editing, history, tab completion) when stdin
  /// and stdout are both terminals, otherwise plain reading of stdin with no
  /// prompt output. `historyPath` empty: no history file. `forcePlain` forces
  /// plain mode.
  static std::unique_ptr<LineEditor> create(const std::string &historyPath,
                                            Completer completer,
                                            bool forcePlain = false);
  virtual ~LineEditor();
  /// One line without its newline; std::nullopt at end of input (Ctrl-D at an
  /// empty prompt, EOF on a pipe). Interactive mode shows `prompt`; plain mode
  /// prints nothing.
  virtual std::optional<std::string> readLine(const std::string &prompt) = 0;
  virtual bool isInteractive() const = 0;
};

} // namespace affjit::repl

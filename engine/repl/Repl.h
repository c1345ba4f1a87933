// The affjit REPL: reads lines, collects MLIR definitions until their
// brackets balance, and runs `:commands` and `%buffer = alloc ...` against a
// Session. An error in a line is reported and the session goes on with its
// buffers and functions intact. The terminal (or pipe) is LineEditor's; this
// class only sees lines, which keeps it testable from a pipe.
#pragma once

#include "engine/repl/ChunkCollector.h"
#include "engine/repl/Inspect.h"
#include "engine/repl/Session.h"

#include <string>
#include <string_view>
#include <vector>

namespace affjit::repl {

struct ReplOptions {
  SessionOptions session;
  /// The input's name in diagnostics of typed MLIR ("<stdin>", "<repl>").
  std::string inputName = "<repl>";
  /// Prefix command errors with `input:line:` (for scripts).
  bool locateErrors = false;
};

/// The settings `:set` knows, in the order it shows them.
std::vector<std::string> settingNames();

class Repl {
public:
  explicit Repl(ReplOptions options);

  /// Handles one input line; false once the session should end (:quit).
  bool handleLine(const std::string &line);
  /// At the end of the input: reports a definition left unfinished.
  void finish();
  /// `:load path`: defines (or replaces) what the file defines.
  bool loadFile(const std::string &path);
  /// Completions of `word` (the word under the cursor) in `line`.
  std::vector<std::string> complete(std::string_view line,
                                    std::string_view word) const;
  /// True while a multi-line definition is being typed.
  bool inDefinition() const { return !collector.empty(); }
  /// Whether any line failed (the exit status of a script).
  bool hadError() const { return errors != 0; }
  Session &getSession() { return session; }

  /// A command: `:name`, its argument syntax, one line of help, and the
  /// detailed help `:help NAME` shows.
  struct Command {
    std::string name, syntax, help;
    bool (Repl::*handler)(std::string_view args);
    std::string details;
  };
  static const std::vector<Command> &commands();

private:
  bool dispatch(std::string_view line);
  bool defineChunk(std::string text, const std::string &name);
  bool alloc(std::string_view line);
  /// Reports `message` as an error (on stderr); always false.
  bool fail(const std::string &message);
  /// Reports already formatted diagnostics; always false.
  bool failWithDiagnostics(const std::string &diagnostics);

  // Command handlers (ReplCommands.cpp).
  bool cmdLoad(std::string_view args);
  bool cmdRun(std::string_view args);
  bool cmdCall(std::string_view args);
  bool cmdTime(std::string_view args);
  bool cmdBench(std::string_view args);
  bool cmdPrint(std::string_view args);
  bool cmdFree(std::string_view args);
  bool cmdFill(std::string_view args);
  bool cmdSave(std::string_view args);
  bool cmdBuffers(std::string_view args);
  bool cmdFunctions(std::string_view args);
  bool cmdIr(std::string_view args);
  bool cmdLlvm(std::string_view args);
  bool cmdAsm(std::string_view args);
  bool cmdDeps(std::string_view args);
  bool cmdSet(std::string_view args);
  bool cmdHelp(std::string_view args);
  bool cmdTarget(std::string_view args);
  bool cmdQuit(std::string_view args);
  using InspectFn = Error (*)(Session &, const InspectTarget &, std::ostream &);
  /// :ir, :llvm, :asm and :deps: `[@f]` then `printer`.
  bool inspect(std::string_view args, InspectFn printer);
  /// `:load %A FILE.npy`: the array in the file into buffer %A (created
  /// when there is none).
  bool loadBuffer(const std::string &name, const std::string &path);
  /// Prints a buffer's `%A: TYPE, N bytes, ORIGIN` line.
  void describeBuffer(const std::string &name, const std::string &suffix);
  /// Prints one `:set` setting as `name: value`.
  void showSetting(std::string_view name) const;
  /// `:set NAME VALUE` for the compile settings other than pipeline and
  /// opt-report; false (reported) on a bad value.
  bool applySetting(std::string_view name, std::string_view value,
                    SessionOptions &changed);
  /// Binds and runs `call` text; prints its results.
  bool callFunction(std::string_view callText, bool timed);

  ReplOptions options;
  Session session;
  ChunkCollector collector;
  unsigned lineNo = 0;
  /// Definitions typed at the prompt so far (`<def N>` in diagnostics).
  unsigned definitionCount = 0;
  unsigned errors = 0;
  bool quitRequested = false;
};

} // namespace affjit::repl

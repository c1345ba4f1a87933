// `affjit repl [FILE.mlir] [-O0..-O3] [--checked] [--plain]
// [--pipeline=LIST] [--verify-each] [--opt-report[=PASS,...]]
// [--dump-after=PASS|all]`: the interactive session. At a terminal it edits
// lines with libedit and keeps history in ~/.affjit_history; from a pipe it
// reads plain lines without a prompt and exits with status 1 if any line
// failed, so scripts can use it.
#include "engine/cli/Commands.h"
#include "engine/cli/PipelineOption.h"
#include "engine/repl/LineEditor.h"
#include "engine/repl/Repl.h"

#include <cstdlib>
#include <iostream>
#include <memory>

namespace affjit::cli {

namespace {
struct ReplCliOptions {
  std::string input;
  unsigned optLevel = 3;
  bool checked = false;
  bool plain = false;
  PipelineFlags pipeline;
};

std::string historyPath() {
  const char *home = std::getenv("HOME");
  return home && *home ? std::string(home) + "/.affjit_history" : "";
}
} // namespace

static int runRepl(const ReplCliOptions &o) {
  repl::ReplOptions options;
  options.session = o.pipeline.compileOptions(o.optLevel, o.checked);
  // A bad pass name is a usage error, reported before the session starts.
  if (!makePipeline(options.session))
    return 1;
  std::unique_ptr<repl::Repl> session;
  auto editor = repl::LineEditor::create(
      historyPath(),
      [&session](std::string_view line, std::string_view word) {
        return session->complete(line, word);
      },
      o.plain);
  bool interactive = editor->isInteractive();
  // Scripts: errors name the input line they come from.
  options.inputName = interactive ? "<repl>" : "<stdin>";
  options.locateErrors = !interactive;
  session = std::make_unique<repl::Repl>(options);
  if (interactive)
    std::cout << "affjit REPL: MLIR text defines functions; :help lists "
                 "commands, :quit (or Ctrl-D) leaves.\n";
  if (!o.input.empty())
    session->loadFile(o.input);
  while (auto line = editor->readLine(session->inDefinition() ? "   ...> "
                                                              : "affjit> "))
    if (!session->handleLine(*line))
      break;
  session->finish();
  return !interactive && session->hadError() ? 1 : 0;
}

CommandFn addReplCommand(CLI::App &app) {
  auto opts = std::make_shared<ReplCliOptions>();
  CLI::App *cmd = app.add_subcommand(
      "repl", "Interactive session: define kernels, hold buffers, run, time "
              "and inspect");
  cmd->add_option("input", opts->input, "A .mlir file to load first");
  cmd->add_option("-O", opts->optLevel, "LLVM optimization level 0..3")
      ->check(CLI::Range(0, 3))
      ->capture_default_str();
  cmd->add_flag("--checked", opts->checked,
                "Check every memref access against its bounds");
  cmd->add_flag("--plain", opts->plain,
                "Plain line reading even at a terminal (no prompt, no "
                "editing)");
  addPipelineOptions(cmd, opts->pipeline);
  return [cmd, opts]() -> int { return cmd->parsed() ? runRepl(*opts) : -1; };
}

} // namespace affjit::cli

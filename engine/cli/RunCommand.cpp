// `affjit run FILE.mlir [--entry main] [-O0..-O3] [--checked]`: compiles the
// module for the host CPU and calls the entry function (no arguments, no
// results), like mlir-cpu-runner with `-e main -entry-point-result=void`.
#include "affjit/Engine.h"
#include "engine/cli/Commands.h"
#include "engine/cli/Input.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

namespace affjit::cli {

namespace {
struct RunOptions {
  std::string input = "-";
  std::string entry = "main";
  unsigned optLevel = 3;
  bool checked = false;
};
} // namespace

static int runRun(const RunOptions &o) {
  auto loaded = loadModule(o.input);
  if (!loaded)
    return 1;
  EngineOptions options;
  options.optLevel = o.optLevel;
  options.checked = o.checked;
  Engine engine(options);
  if (Error err = engine.compile(loaded->source.text, *loaded->source.name)) {
    std::cerr << err.message();
    return 1;
  }
  Error err = engine.invoke(o.entry, {});
  std::fflush(stdout);
  std::cout.flush();
  if (err) {
    std::cerr << "affjit: error: " << err.message() << '\n';
    return 1;
  }
  return 0;
}

CommandFn addRunCommand(CLI::App &app) {
  auto opts = std::make_shared<RunOptions>();
  CLI::App *cmd = app.add_subcommand(
      "run", "Compile for the host CPU and run an entry function");
  cmd->add_option("input", opts->input, "Input .mlir file ('-' for stdin)");
  cmd->add_option("-e,--entry", opts->entry, "Entry function (no arguments)")
      ->capture_default_str();
  cmd->add_option("-O", opts->optLevel, "LLVM optimization level 0..3")
      ->check(CLI::Range(0, 3))
      ->capture_default_str();
  cmd->add_flag("--checked", opts->checked,
                "Check every memref access against its bounds");
  return [cmd, opts]() -> int { return cmd->parsed() ? runRun(*opts) : -1; };
}

} // namespace affjit::cli

// The `affjit` subcommands. Each lives in its own file and registers its
// flags on a CLI11 subcommand; Main.cpp wires them together.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>

namespace affjit::cli {

/// A registered subcommand: runs after parsing and returns the exit code.
using CommandFn = std::function<int()>;

/// `affjit opt FILE.mlir`: parse, verify and print the module back.
CommandFn addOptCommand(CLI::App &app);
/// `affjit run FILE.mlir`: JIT-compile and call the entry function.
CommandFn addRunCommand(CLI::App &app);
/// `affjit llvm FILE.mlir`: print the generated LLVM IR.
CommandFn addLlvmCommand(CLI::App &app);
/// `affjit asm FILE.mlir`: print the assembly the JIT generates.
CommandFn addAsmCommand(CLI::App &app);
/// `affjit compile FILE.mlir`: an object file and a C header, ahead of time.
CommandFn addCompileCommand(CLI::App &app);
/// `affjit deps FILE.mlir`: the memory dependence report.
CommandFn addDepsCommand(CLI::App &app);
/// `affjit check FILE.mlir`: static out-of-bounds checks.
CommandFn addCheckCommand(CLI::App &app);
/// `affjit bench FILE.mlir`: benchmark a function per pass pipeline.
CommandFn addBenchCommand(CLI::App &app);
/// `affjit repl [FILE.mlir]`: the interactive session.
CommandFn addReplCommand(CLI::App &app);
/// `affjit ops`: the ops affjit reads and what it does with each.
CommandFn addOpsCommand(CLI::App &app);
/// `affjit completion bash`: a shell completion script for the whole app.
CommandFn addCompletionCommand(CLI::App &app);

} // namespace affjit::cli

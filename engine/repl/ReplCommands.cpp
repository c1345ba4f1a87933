// The REPL's `:commands` (the table in Repl::commands()): loading and
// running programs, calling and timing kernels on session buffers, and
// inspecting the program.
#include "engine/api/ArgumentCheck.h"
#include "engine/repl/CallSyntax.h"
#include "engine/repl/Inspect.h"
#include "engine/repl/Repl.h"
#include "engine/repl/Timing.h"

#include "frontend/analysis/WorkEstimate.h"
#include "frontend/ir/FuncOps.h"
#include "frontend/target/TargetModel.h"

#include <iomanip>
#include <iostream>
#include <sstream>

namespace affjit::repl {

const std::vector<Repl::Command> &Repl::commands() {
  static const std::vector<Command> table = {
      {":load", "FILE | %A FILE.npy",
       "define the functions in FILE, or load a .npy array into %A",
       &Repl::cmdLoad,
       ":load FILE defines (or replaces) every function and global in the "
       "MLIR file;\n"
       "errors cite the file's lines.\n"
       ":load %A FILE.npy reads a NumPy array into buffer %A. An existing "
       "%A must have\n"
       "the array's shape and element type (f32 <f4, f64 <f8, i1 |b1, i8 "
       "|i1, i16 <i2,\n"
       "i32 <i4, i64 and index <i8); otherwise %A is created with them. "
       "Little-endian,\n"
       "C-order arrays of format 1.0 to 3.0 are read."},
      {":run", "[ENTRY]", "compile what changed and call ENTRY (main)",
       &Repl::cmdRun,
       ":run [ENTRY] calls ENTRY (default: main), a function without "
       "arguments, after\n"
       "compiling what changed; what it prints appears as it would under "
       "affjit run."},
      {":call", "@f(%A, 2.0)", "call @f on buffers and scalars", &Repl::cmdCall,
       ":call @f(%A, 2.0) calls @f with session buffers (by name) and "
       "literals (which take\n"
       "their parameter's type) and prints its scalar results. Buffers "
       "the call changes\n"
       "are listed as \"written by @f\". A crash or runtime error is "
       "reported and the\n"
       "buffers keep the contents they had before the call. Programs with "
       "parallel\n"
       "loops run each call in a child process, so that a crash on any "
       "thread is caught."},
      {":time", "@f(%A, 2.0) [N]",
       "time N calls after a warm-up (default: ~0.5 s worth)", &Repl::cmdTime,
       ":time @f(%A, 2.0) [N] calls @f once to warm up, then times N runs "
       "(default: about\n"
       "0.5 s worth) and prints the minimum and median time per call, with "
       "GFLOP/s and\n"
       "GB/s from the kernel's work when it is known. The buffers end up "
       "as the last\n"
       "run left them."},
      {":bench", "@f(%A, 2.0) [none,default]",
       "compare pipelines on copies of the buffers (like affjit bench)",
       &Repl::cmdBench,
       ":bench @f(%A, 2.0) [LIST,LIST...] compiles @f under each pass "
       "pipeline (default:\n"
       "none,default), runs each on its own copy of the buffers, checks "
       "that the results\n"
       "agree with the first, and prints affjit bench's table. The buffers "
       "keep their\n"
       "values."},
      {":print", "%A [full]",
       "print a buffer like printMemref (elided if large)", &Repl::cmdPrint,
       ":print %A prints the buffer as printMemref does; beyond 1000 "
       "elements each\n"
       "dimension shows its first and last 3 items. :print %A full prints "
       "everything."},
      {":fill", "%A VALUE|FILL", "set every element (1.5, zeros, iota, ...)",
       &Repl::cmdFill,
       ":fill %A VALUE sets every element of %A to VALUE (1.5, -3, true); "
       "integer buffers\n"
       "take integers their width holds. :fill %A zeros|ones|iota|random "
       "[SEED] refills\n"
       "it with a pattern, as alloc does."},
      {":save", "%A FILE.npy", "write a buffer as a NumPy .npy file",
       &Repl::cmdSave,
       ":save %A FILE.npy writes %A as a NumPy array (format 1.0, "
       "little-endian, C order;\n"
       "dtype from the element type, i1 as bool): np.load(\"FILE.npy\") "
       "reads it back."},
      {":free", "%A ...", "free buffers", &Repl::cmdFree,
       ":free %A %B ... frees the named buffers."},
      {":buffers", "", "list the buffers", &Repl::cmdBuffers,
       ":buffers lists each buffer's type, size and where its contents "
       "come from: its fill\n"
       "(zeros, random 7, fill 1.5), \"loaded from FILE\", or \"written by "
       "@f\" after a call\n"
       "changed it."},
      {":functions", "", "list the defined functions", &Repl::cmdFunctions,
       ":functions lists the defined functions with their types."},
      {":ir", "[@f]", "show the IR", &Repl::cmdIr,
       ":ir [@f] shows the program (or @f) after the session's pass "
       "pipeline."},
      {":llvm", "[@f]", "show the optimized LLVM IR", &Repl::cmdLlvm,
       ":llvm [@f] shows the LLVM IR after LLVM's optimization."},
      {":asm", "[@f]", "show the machine code", &Repl::cmdAsm,
       ":asm [@f] shows the machine code the JIT generates."},
      {":deps", "[@f]", "show the memory dependences (like affjit deps)",
       &Repl::cmdDeps,
       ":deps [@f] lists the memory dependences of the loops, as affjit deps "
       "does."},
      {":set", "[NAME [VALUE]]",
       "show or change a setting (pipeline, opt-report, threads, fast-math, "
       "O, checked)",
       &Repl::cmdSet,
       ":set shows the settings; :set NAME VALUE changes one:\n"
       "  pipeline LIST           the pass pipeline (none, default or pass "
       "names)\n"
       "  opt-report [PASS,...|off]  report the passes' decisions\n"
       "  threads N|default       threads of parallel loops "
       "(default: AFFJIT_NUM_THREADS\n"
       "                          or the cores)\n"
       "  fast-math on|off        let passes reassociate floating point\n"
       "  O 0..3                  LLVM's optimization level\n"
       "  checked on|off          check every memref access against its "
       "bounds\n"
       "The next call recompiles the definitions with the new settings; "
       "buffers keep\n"
       "their contents."},
      {":target", "", "show the machine the passes plan for", &Repl::cmdTarget,
       ":target shows the CPU, vector registers, caches and parallel grain "
       "the passes plan for (the host's, or what affjit repl --target, "
       "--mattr and --cache name; as --print-target prints them)."},
      {":help", "[COMMAND]", "list the commands, or explain one",
       &Repl::cmdHelp,
       ":help lists the commands; :help COMMAND (with or without the ':') "
       "explains one."},
      {":quit", "", "leave (Ctrl-D too)", &Repl::cmdQuit,
       ":quit (or Ctrl-D at an empty prompt) ends the session."},
  };
  return table;
}

namespace {

std::string_view trimmedArgs(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
    s.remove_suffix(1);
  return s;
}

/// Buffers with more elements than this print elided unless asked.
constexpr int64_t kElideAbove = 1000;
constexpr int64_t kEdgeItems = 3;

/// `[@f]` of the inspection commands.
std::optional<InspectTarget> parseTarget(std::string_view args,
                                         std::string &error) {
  InspectTarget target;
  if (args.empty())
    return target;
  if (args[0] != '@' || args.find_first_of(" \t") != std::string_view::npos) {
    error = "expected a function name like @kernel, got '" + std::string(args) +
            "'";
    return std::nullopt;
  }
  target.function = std::string(args.substr(1));
  return target;
}

/// What :time's throughput estimate knows about each argument.
std::vector<ArgumentFact>
argumentFacts(const std::vector<detail::Argument> &args, Type fnType) {
  std::vector<ArgumentFact> facts(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    Type param = fnType.getInputs()[i];
    if (args[i].kind == detail::Argument::Kind::MemRef) {
      const int64_t *sizes = descriptorSizes(args[i]);
      facts[i].shape = std::vector<int64_t>(sizes, sizes + args[i].rank);
    } else if (param.isIntOrIndex()) {
      facts[i].value = args[i].value.i;
    }
  }
  return facts;
}

std::optional<int64_t> parseRunCount(std::string_view text) {
  int64_t n = 0;
  for (char c : text) {
    if (c < '0' || c > '9' || n > 100000000)
      return std::nullopt;
    n = n * 10 + (c - '0');
  }
  return n > 0 ? std::optional<int64_t>(n) : std::nullopt;
}

} // namespace

bool Repl::cmdLoad(std::string_view args) {
  if (args.empty())
    return fail("usage: :load FILE or :load %A FILE.npy");
  if (args[0] != '%')
    return loadFile(std::string(args));
  size_t space = args.find_first_of(" \t");
  if (space == std::string_view::npos)
    return fail("usage: :load %A FILE.npy");
  return loadBuffer(std::string(args.substr(0, space)),
                    std::string(trimmedArgs(args.substr(space))));
}

bool Repl::cmdRun(std::string_view args) {
  std::string entry(args.empty() ? "main" : args);
  if (entry[0] == '@')
    entry.erase(0, 1);
  return callFunction("@" + entry + "()", false);
}

bool Repl::cmdCall(std::string_view args) { return callFunction(args, false); }

bool Repl::cmdTime(std::string_view args) { return callFunction(args, true); }

bool Repl::callFunction(std::string_view text, bool timed) {
  std::string error;
  auto expr = parseCallExpression(text, error);
  if (!expr)
    return fail(error);
  Operation *fn = session.getDefinitions().lookupFunction(expr->function);
  if (!fn)
    return fail("no function named @" + expr->function + " is defined");
  Type fnType = FuncOp(fn).getFunctionType();
  TimingOptions timing;
  if (timed && !expr->rest.empty()) {
    auto runs = parseRunCount(expr->rest);
    if (!runs)
      return fail("expected a positive run count after the call, got '" +
                  expr->rest + "'");
    timing.runs = *runs;
  } else if (!expr->rest.empty()) {
    return fail("unexpected '" + expr->rest + "' after the call");
  }
  std::vector<detail::Argument> args;
  BoundCall call;
  if (Error err = buildArguments(*expr, fnType, session, args))
    return fail(err.message());
  if (Error err = session.bind(expr->function, args, call))
    return fail(err.message());
  if (!timed) {
    if (Error err = session.run(call))
      return fail("@" + expr->function + " " + err.message());
    const std::vector<std::string> &results = call.results;
    for (size_t i = 0; i < results.size(); ++i)
      std::cout << (i ? ", " : "@" + expr->function + " returned ")
                << results[i] << (i + 1 == results.size() ? "\n" : "");
    return true;
  }
  TimingResult result;
  if (Error err = session.runTimed(call, timing, result))
    return fail("@" + expr->function + " " + err.message());
  WorkEstimate work = estimateWork(*fn, argumentFacts(call.args, fnType));
  std::cout << "@" << expr->function << ": " << formatTiming(result, work)
            << '\n';
  return true;
}

bool Repl::cmdPrint(std::string_view args) {
  size_t space = args.find_first_of(" \t");
  std::string name(args.substr(0, space));
  std::string_view mode =
      space == std::string_view::npos ? "" : args.substr(space + 1);
  if (name.empty() || (!mode.empty() && mode != "full"))
    return fail("usage: :print %A [full]");
  SessionBuffer *b = session.lookupBuffer(name);
  if (!b)
    return fail("no buffer named " + name);
  bool elide = mode.empty() && b->getNumElements() > kElideAbove;
  b->print(std::cout, elide ? kEdgeItems : 0);
  if (elide)
    std::cout << "(" << kEdgeItems << " items at each end of a dimension; "
              << ":print " << name << " full prints everything)\n";
  return true;
}

bool Repl::cmdFree(std::string_view args) {
  if (args.empty())
    return fail("usage: :free %A ...");
  bool ok = true;
  std::istringstream names{std::string(args)};
  for (std::string name; names >> name;)
    if (!session.freeBuffer(name))
      ok = fail("no buffer named " + name);
  return ok;
}

bool Repl::cmdBuffers(std::string_view) {
  if (session.getBuffers().empty())
    std::cout << "no buffers\n";
  for (const auto &[name, b] : session.getBuffers())
    std::cout << std::left << std::setw(8) << name << ' ' << std::setw(28)
              << b->getType().str() << ' ' << std::right << std::setw(12)
              << b->getSizeInBytes() << " bytes  " << b->getOrigin() << '\n';
  return true;
}

bool Repl::cmdFunctions(std::string_view) {
  const Definitions &defs = session.getDefinitions();
  if (defs.functionNames().empty())
    std::cout << "no functions\n";
  for (const std::string &name : defs.functionNames())
    std::cout << "@" << name << " : "
              << FuncOp(defs.lookupFunction(name)).getFunctionType().str()
              << '\n';
  return true;
}

bool Repl::inspect(std::string_view args, InspectFn printer) {
  std::string error;
  auto target = parseTarget(args, error);
  if (!target)
    return fail(error);
  Error err = printer(session, *target, std::cout);
  if (!err)
    return true;
  // Diagnostics from lowering or the dependence check come formatted.
  if (err.message().find(": error: ") != std::string::npos)
    return failWithDiagnostics(err.message());
  return fail(err.message());
}

bool Repl::cmdIr(std::string_view args) { return inspect(args, printIr); }
bool Repl::cmdLlvm(std::string_view args) { return inspect(args, printLlvm); }
bool Repl::cmdAsm(std::string_view args) { return inspect(args, printAsm); }
bool Repl::cmdDeps(std::string_view args) { return inspect(args, printDeps); }

bool Repl::cmdHelp(std::string_view args) {
  if (!args.empty()) {
    std::string name(args[0] == ':' ? args : ":" + std::string(args));
    for (const Command &c : commands())
      if (c.name == name) {
        std::cout << c.name << (c.syntax.empty() ? "" : " " + c.syntax) << "\n"
                  << c.details << '\n';
        return true;
      }
    return fail("no command named '" + name + "' (:help lists the commands)");
  }
  std::cout << "  MLIR text               define or replace functions (lines "
               "until brackets balance)\n"
            << "  %A = alloc TYPE [FILL]  allocate a buffer, e.g. "
               "memref<4x8xf32>; FILL is\n"
            << "                          zeros (default), ones, iota, "
               "random SEED or a number\n";
  for (const Command &c : commands()) {
    std::string head = c.name + (c.syntax.empty() ? "" : " " + c.syntax);
    std::cout << "  " << std::left << std::setw(24) << head << c.help << '\n';
  }
  return true;
}

bool Repl::cmdTarget(std::string_view args) {
  if (!args.empty())
    return fail(":target takes no arguments");
  std::cout << session.getTarget().summary();
  return true;
}

bool Repl::cmdQuit(std::string_view) {
  quitRequested = true;
  return true;
}

} // namespace affjit::repl

// The REPL's `:commands` (the table in Repl::commands()): loading and
// running programs, calling and timing kernels on session buffers, and
// inspecting the program.
#include "engine/api/ArgumentCheck.h"
#include "engine/repl/CallSyntax.h"
#include "engine/repl/Inspect.h"
#include "engine/repl/Repl.h"
#include "engine/repl/Timing.h"

#include "frontend/analysis/WorkEstimate.h"

#include <iomanip>
#include <iostream>
#include <sstream>

namespace affjit::repl {

const std::vector<Repl::Command> &Repl::commands() {
  static const std::vector<Command> table = {
      {":load", "FILE", "define (or replace) the functions in FILE",
       &Repl::cmdLoad},
      {":run", "[ENTRY]", "compile what changed and call ENTRY (main)",
       &Repl::cmdRun},
      {":call", "@f(%A, 2.0)", "call @f on buffers and scalars",
       &Repl::cmdCall},
      {":time", "@f(%A, 2.0) [N]",
       "time N calls after a warm-up (default: ~0.5 s worth)", &Repl::cmdTime},
      {":bench", "@f(%A, 2.0) [none,default]",
       "compare pipelines on copies of the buffers (like affjit bench)",
       &Repl::cmdBench},
      {":print", "%A [full]",
       "print a buffer like printMemref (elided if large)", &Repl::cmdPrint},
      {":free", "%A ...", "free buffers", &Repl::cmdFree},
      {":buffers", "", "list the buffers", &Repl::cmdBuffers},
      {":functions", "", "list the defined functions", &Repl::cmdFunctions},
      {":ir", "[@f]", "show the IR", &Repl::cmdIr},
      {":llvm", "[@f]", "show the optimized LLVM IR", &Repl::cmdLlvm},
      {":asm", "[@f]", "show the machine code", &Repl::cmdAsm},
      {":deps", "[@f]", "show the memory dependences (like affjit deps)",
       &Repl::cmdDeps},
      {":set", "[NAME [VALUE]]",
       "show the settings, or set pipeline LIST | opt-report [PASS,...|off]",
       &Repl::cmdSet},
      {":help", "", "list the commands", &Repl::cmdHelp},
      {":quit", "", "leave (Ctrl-D too)", &Repl::cmdQuit},
  };
  return table;
}

namespace {

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
    return fail("usage: :load FILE");
  return loadFile(std::string(args));
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
  Type fnType = fn->getAttr("function_type").getType();
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
    std::vector<std::string> results = session.formatResults(call);
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
              << b->getSizeInBytes() << " bytes  " << b->getFill().str()
              << '\n';
  return true;
}

bool Repl::cmdFunctions(std::string_view) {
  const Definitions &defs = session.getDefinitions();
  if (defs.functionNames().empty())
    std::cout << "no functions\n";
  for (const std::string &name : defs.functionNames())
    std::cout
        << "@" << name << " : "
        << defs.lookupFunction(name)->getAttr("function_type").getType().str()
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

bool Repl::cmdHelp(std::string_view) {
  std::cout << "  MLIR text               define or replace functions (lines "
               "until brackets balance)\n"
            << "  %A = alloc TYPE [FILL]  allocate a buffer, e.g. "
               "memref<4x8xf32>; FILL is\n"
            << "                          zeros (default), ones, iota or "
               "random SEED\n";
  for (const Command &c : commands()) {
    std::string head = c.name + (c.syntax.empty() ? "" : " " + c.syntax);
    std::cout << "  " << std::left << std::setw(24) << head << c.help << '\n';
  }
  return true;
}

bool Repl::cmdQuit(std::string_view) {
  quitRequested = true;
  return true;
}

} // namespace affjit::repl

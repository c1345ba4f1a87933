// The REPL's `:bench @kernel(%A, %B, 2.0) [none,default]`: affjit bench on
// the session's program and buffers. Each pipeline's variant runs on its
// own copy of the buffers (which keep their values), the variants must
// agree with the first, and the table is printed as `affjit bench` prints
// it. The session's optimization level, checked mode and fast math apply.
#include "engine/bench/BenchTable.h"
#include "engine/bench/BenchmarkRunner.h"
#include "engine/bench/VariantList.h"
#include "engine/repl/CallSyntax.h"
#include "engine/repl/CrashGuard.h"
#include "engine/repl/Repl.h"
#include "frontend/ir/FuncOps.h"

#include <iostream>

namespace affjit::repl {

namespace {

/// The session's definitions as the benchmark's program.
bench::ProgramSource sessionProgram(const Definitions &definitions) {
  bench::ProgramSource source;
  source.build = [&definitions](DiagnosticEngine &diag) {
    return definitions.buildModule(&diag);
  };
  source.cacheKey = definitions.fingerprint();
  return source;
}

} // namespace

bool Repl::cmdBench(std::string_view text) {
  std::string error;
  auto expr = parseCallExpression(text, error);
  if (!expr)
    return fail(error + " (usage: :bench @f(%A, 2.0) [none,default])");
  Operation *fn = session.getDefinitions().lookupFunction(expr->function);
  if (!fn)
    return fail("no function named @" + expr->function + " is defined");
  BenchmarkOptions options;
  Expected<std::vector<std::string>> variants = bench::parseVariantList(
      expr->rest.empty() ? "none,default" : expr->rest, ":bench");
  if (!variants)
    return fail(variants.error().message());
  options.pipelines = std::move(*variants);
  // The session's compile options, without its reports: a fast-math
  // session compares within the default tolerance.
  options.compile = session.getOptions();
  options.compile.optReport.clear();
  options.compile.dumpAfter.clear();
  options.runGuarded = runGuarded;
  std::vector<detail::Argument> args;
  if (Error err =
          buildArguments(*expr, FuncOp(fn).getFunctionType(), session, args))
    return fail(err.message());
  Expected<BenchmarkResult> result =
      bench::runBenchmark(sessionProgram(session.getDefinitions()),
                          expr->function, std::span(args), options);
  if (!result) {
    // Diagnostics come formatted, with their location.
    if (result.error().message().find(": error: ") != std::string::npos)
      return failWithDiagnostics(result.error().message());
    return fail(result.error().message());
  }
  if (!result->agree()) {
    for (const std::string &line : bench::mismatchMessages(*result))
      fail(line);
    return false;
  }
  bench::printTable(*result, options.compile.fastMath, options.maxUlps,
                    std::cout);
  return true;
}

} // namespace affjit::repl

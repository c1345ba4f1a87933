// Dense elements literals (frontend/parse/ParseDenseElements) against MLIR
// 19, in both places they occur: `arith.constant dense<...> : vector<...>`
// (typed after the literal) and `memref.global ... = dense<...>` (typed by
// the global). For each literal, affjit must accept exactly what mlir-opt
// accepts; accepted programs printed by affjit must mean the same to
// mlir-opt, and rejected ones must give mlir-opt's first error message at
// mlir-opt's line and column.
#include "frontend/parse/Parser.h"
#include "frontend/print/Printer.h"
#include "frontend/verify/Verifier.h"
#include "support/MlirOracle.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <regex>
#include <sstream>

using namespace affjit;
using namespace affjit::test;

namespace {

/// A literal and the shape and element type it is given.
struct DenseCase {
  std::string literal, shape, element;
};

std::vector<DenseCase> cases() {
  return {
      {"dense<1.5>", "2", "f32"},
      {"dense<[1.0, -2.5]>", "2", "f32"},
      {"dense<1>", "4", "f32"},
      {"dense<[1.0, 2]>", "2", "f32"},
      {"dense<true>", "2", "f32"},
      {"dense<[[1, 2], [3, 4]]>", "2x2", "i32"},
      {"dense<[[1, 2], [3]]>", "2x2", "i32"},
      {"dense<[[1, 2], 3]>", "2x2", "i32"},
      {"dense<[1, 2, 3]>", "2", "i32"},
      {"dense<[1]>", "4", "i32"},
      {"dense<[1, 2,]>", "2", "i32"},
      {"dense<[1 2]>", "2", "i32"},
      {"dense<>", "2", "i32"},
      {"dense<300>", "2", "i8"},
      {"dense<-129>", "2", "i8"},
      {"dense<255>", "2", "i8"},
      {"dense<-128>", "2", "i8"},
      {"dense<-0>", "2", "i32"},
      {"dense<0>", "2", "i32"},
      {"dense<1.5>", "2", "i32"},
      {"dense<true>", "2", "i32"},
      {"dense<[true, false]>", "2", "i1"},
      {"dense<-1>", "2", "i1"},
      {"dense<2>", "2", "i1"},
      {"dense<-true>", "2", "i1"},
      {"dense<foo>", "2", "i32"},
      {"dense<[0x1, 0xFF]>", "2", "i32"},
      {"dense<9223372036854775808>", "2", "i64"},
      {"dense<18446744073709551615>", "2", "i64"},
      {"dense<18446744073709551616>", "2", "i64"},
      {"dense<-9223372036854775808>", "2", "i64"},
      {"dense<-9223372036854775809>", "2", "i64"},
      {"dense<9223372036854775807>", "2", "index"},
      {"dense<9223372036854775808>", "2", "index"},
      {"dense<[1, -2]>", "2", "index"},
      {"dense<0x7F800000>", "2", "f32"},
      {"dense<0x7FC00000>", "2", "f16"},
      {"dense<0x3C00>", "2", "f16"},
      {"dense<-0x1>", "2", "f32"},
      {"dense<0x10000>", "2", "f16"},
      {"dense<0.1>", "2", "f16"},
      {"dense<1.0e+40>", "2", "f32"},
      {"dense<[1.5, 2.5]>", "2", "bf16"},
      {"dense<-1.25>", "3", "f64"},
  };
}

/// `arith.constant` in a function, or a global, holding the literal.
std::string program(const DenseCase &c, bool global) {
  if (global)
    return "memref.global \"private\" constant @g : memref<" + c.shape + "x" +
           c.element + "> = " + c.literal + "\n";
  return "func.func @f() {\n  %0 = arith.constant " + c.literal + " : vector<" +
         c.shape + "x" + c.element + ">\n  return\n}\n";
}

struct Outcome {
  bool ok = false;
  std::string text; // the printed module, or `LINE:COL: message`
};

Outcome affjitOutcome(const std::string &text) {
  SourceBuffer source{std::make_shared<const std::string>("t.mlir"), text};
  DiagnosticEngine diag;
  std::unique_ptr<Module> module = parseModule(source, diag);
  if (module && verifyModule(*module, diag)) {
    std::ostringstream os;
    printModule(*module, os);
    return {true, os.str()};
  }
  if (diag.getDiagnostics().empty())
    return {false, "no diagnostic"};
  const Diagnostic &d = diag.getDiagnostics().front();
  return {false, std::to_string(d.loc.line) + ":" + std::to_string(d.loc.col) +
                     ": " + d.message};
}

/// Runs mlir-opt over `chunks` with -split-input-file: per chunk, its
/// printed output or its first error as `LINE:COL: message` (lines counted
/// within the chunk).
std::vector<Outcome> mlirOutcomes(const std::vector<std::string> &chunks) {
  std::string text;
  for (size_t k = 0; k < chunks.size(); ++k)
    text += (k ? "// -----\n" : "") + chunks[k];
  std::string path = writeTempFile(text);
  CommandResult r = runCommand(shellQuote(mlirOpt()) + " -split-input-file " +
                               shellQuote(path));
  std::remove(path.c_str());
  std::vector<Outcome> out(chunks.size());
  // Each chunk's output (none if it failed), separated by `// -----`.
  std::vector<std::string> printed(1);
  for (const std::string &l : splitLines(r.out)) {
    if (l == "// -----")
      printed.emplace_back();
    else
      printed.back() += l + "\n";
  }
  // `within split at PATH:N offset :L:C: error: M`; N is the chunk's first
  // line, its separator for all but the first chunk (then counted in L).
  std::regex error(
      R"(within split at .*:(\d+) offset :(\d+):(\d+): error: (.*))");
  std::vector<unsigned> starts;
  unsigned line = 1;
  for (size_t k = 0; k < chunks.size(); ++k) {
    starts.push_back(line);
    line += (k ? 1 : 0) +
            (unsigned)std::count(chunks[k].begin(), chunks[k].end(), '\n');
  }
  std::vector<bool> failed(chunks.size(), false);
  for (const std::string &l : splitLines(r.err)) {
    std::smatch m;
    if (!std::regex_search(l, m, error))
      continue;
    unsigned start = (unsigned)std::stoul(m[1]);
    for (size_t k = 0; k < chunks.size(); ++k)
      if (starts[k] == start && !failed[k]) {
        failed[k] = true;
        unsigned l0 = (unsigned)std::stoul(m[2]) - (k ? 1 : 0);
        out[k] = {false,
                  std::to_string(l0) + ":" + m[3].str() + ": " + m[4].str()};
      }
  }
  for (size_t k = 0; k < chunks.size(); ++k)
    if (!failed[k])
      out[k] = {true, k < printed.size() ? printed[k] : ""};
  return out;
}

void checkAgainstMlir(bool global) {
  std::vector<DenseCase> all = cases();
  std::vector<std::string> originals;
  std::vector<Outcome> ours;
  for (const DenseCase &c : all) {
    originals.push_back(program(c, global));
    ours.push_back(affjitOutcome(originals.back()));
  }
  std::vector<Outcome> theirs = mlirOutcomes(originals);
  // What mlir-opt makes of affjit's printing of the accepted programs.
  std::vector<std::string> reprinted;
  for (const Outcome &o : ours)
    reprinted.push_back(o.ok ? o.text : "");
  std::vector<Outcome> again = mlirOutcomes(reprinted);
  for (size_t k = 0; k < all.size(); ++k) {
    SCOPED_TRACE(originals[k]);
    ASSERT_EQ(ours[k].ok, theirs[k].ok)
        << "affjit: " << ours[k].text << "\nmlir-opt: " << theirs[k].text;
    if (ours[k].ok)
      EXPECT_EQ(again[k].text, theirs[k].text) << "affjit printed:\n"
                                               << ours[k].text;
    else
      EXPECT_EQ(ours[k].text, theirs[k].text);
  }
}

TEST(DenseLiteralTest, ConstantsMatchMlir) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found";
  checkAgainstMlir(/*global=*/false);
}

TEST(DenseLiteralTest, GlobalInitializersMatchMlir) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found";
  checkAgainstMlir(/*global=*/true);
}

} // namespace

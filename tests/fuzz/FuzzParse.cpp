// libFuzzer target: arbitrary bytes through parse -> verify -> print ->
// re-parse -> print. Bad input must be rejected with a diagnostic (never a
// crash, hang or sanitizer report), and a verified module must print to
// text that parses, verifies and prints back identically.
#include "frontend/parse/Parser.h"
#include "frontend/print/Printer.h"
#include "frontend/verify/Verifier.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace {

/// Parses and verifies `text`; null if rejected.
std::unique_ptr<affjit::Module> load(const std::string &text,
                                     std::string &errors) {
  affjit::SourceBuffer src{std::make_shared<const std::string>("fuzz.mlir"),
                           text};
  affjit::DiagnosticEngine diag;
  std::unique_ptr<affjit::Module> m = affjit::parseModule(src, diag);
  if (m && !affjit::verifyModule(*m, diag))
    m.reset();
  std::ostringstream os;
  diag.print(os);
  errors = os.str();
  return m;
}

std::string print(const affjit::Module &m) {
  std::ostringstream os;
  affjit::printModule(m, os);
  return os.str();
}

[[noreturn]] void fail(const char *what, const std::string &a,
                       const std::string &b) {
  std::fprintf(stderr,
               "round trip failure: %s\n--- first\n%s\n--- second\n%s\n", what,
               a.c_str(), b.c_str());
  std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // Large inputs only slow the search down; the parser's limits are tested
  // by the unit tests.
  if (size > 64 * 1024)
    return 0;
  std::string errors;
  auto first =
      load(std::string(reinterpret_cast<const char *>(data), size), errors);
  if (!first)
    return 0;
  std::string printed = print(*first);
  auto second = load(printed, errors);
  if (!second)
    fail("printed module does not parse back", printed, errors);
  std::string reprinted = print(*second);
  if (reprinted != printed)
    fail("printing is not a fixed point", printed, reprinted);
  return 0;
}

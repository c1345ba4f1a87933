// The REPL's `:set` command: the session's pass pipeline (`:set pipeline
// LIST`, checked like `--pipeline`), its optimization report (`:set
// opt-report [PASS,...|off]`, like `--opt-report`), the thread count of
// parallel loops (`:set threads N|default`), fast math and checked mode
// (`on`/`off`) and LLVM's optimization level (`:set O 0..3`); without an
// argument it shows them all. A change applies from the next call, which
// recompiles the definitions with the new settings even when none changed;
// buffers keep their contents.
#include "engine/repl/Repl.h"

#include <iostream>

namespace affjit::repl {

namespace {

constexpr std::string_view kSettings[] = {"pipeline",  "opt-report", "threads",
                                          "fast-math", "O",          "checked"};
/// The most threads `--threads` accepts.
constexpr unsigned kMaxThreads = 4096;

std::string knownSettings() {
  std::string names;
  for (std::string_view name : kSettings)
    names += (names.empty() ? "" : ", ") + std::string(name);
  return names;
}

/// `NAME [VALUE]` split at the first blank.
std::pair<std::string_view, std::string_view> splitSetting(std::string_view s) {
  size_t space = s.find_first_of(" \t");
  if (space == std::string_view::npos)
    return {s, ""};
  std::string_view value = s.substr(space);
  while (!value.empty() && (value.front() == ' ' || value.front() == '\t'))
    value.remove_prefix(1);
  return {s.substr(0, space), value};
}

/// The report spec `:set opt-report VALUE` stands for: no value reports
/// every pass, `off` none.
std::string reportSpec(std::string_view value) {
  if (value.empty())
    return "all";
  if (value == "off")
    return "";
  return std::string(value);
}

/// A decimal number of at most `max`, or nullopt.
std::optional<unsigned> parseCount(std::string_view text, unsigned max) {
  if (text.empty() || text.size() > 9)
    return std::nullopt;
  unsigned n = 0;
  for (char c : text) {
    if (c < '0' || c > '9')
      return std::nullopt;
    n = n * 10 + unsigned(c - '0');
  }
  return n <= max ? std::optional<unsigned>(n) : std::nullopt;
}

std::optional<bool> parseSwitch(std::string_view text) {
  if (text == "on")
    return true;
  if (text == "off")
    return false;
  return std::nullopt;
}

const char *onOff(bool on) { return on ? "on" : "off"; }

} // namespace

std::vector<std::string> settingNames() {
  return std::vector<std::string>(std::begin(kSettings), std::end(kSettings));
}

void Repl::showSetting(std::string_view name) const {
  const SessionOptions &current = session.getOptions();
  std::cout << name << ": ";
  if (name == "pipeline") {
    std::cout << current.pipeline << '\n';
  } else if (name == "opt-report") {
    std::string error;
    auto report = parsePassSelection(current.optReport, "--opt-report", error);
    std::cout << (report ? report->str() : current.optReport) << '\n';
  } else if (name == "threads") {
    std::cout << session.getThreads() << '\n';
  } else if (name == "fast-math") {
    std::cout << onOff(current.fastMath) << '\n';
  } else if (name == "O") {
    std::cout << current.optLevel << '\n';
  } else {
    std::cout << onOff(current.checked) << '\n';
  }
}

bool Repl::applySetting(std::string_view name, std::string_view value,
                        SessionOptions &changed) {
  if (name == "threads") {
    // `default` (0 inside) lets AFFJIT_NUM_THREADS or the cores decide;
    // 0 itself is refused, as `--threads 0` is.
    auto n = value == "default" ? std::optional<unsigned>(0)
                                : parseCount(value, kMaxThreads);
    if (!n || (*n == 0 && value != "default"))
      return fail("usage: :set threads N (1.." + std::to_string(kMaxThreads) +
                  ") or :set threads default");
    changed.threads = *n;
  } else if (name == "O") {
    auto level = parseCount(value, 3);
    if (!level)
      return fail("usage: :set O LEVEL (LLVM's optimization level, 0..3)");
    changed.optLevel = *level;
  } else {
    auto on = parseSwitch(value);
    if (!on)
      return fail("usage: :set " + std::string(name) + " on|off");
    (name == "checked" ? changed.checked : changed.fastMath) = *on;
  }
  return true;
}

bool Repl::cmdSet(std::string_view args) {
  if (args.empty()) {
    for (std::string_view name : kSettings)
      showSetting(name);
    return true;
  }
  auto [name, value] = splitSetting(args);
  SessionOptions changed = session.getOptions();
  if (name == "pipeline") {
    if (value.empty())
      return fail("usage: :set pipeline LIST (none, default or pass names "
                  "separated by commas)");
    changed.pipeline = std::string(value);
  } else if (name == "opt-report") {
    changed.optReport = reportSpec(value);
  } else if (name == "threads" || name == "O" || name == "fast-math" ||
             name == "checked") {
    if (!applySetting(name, value, changed))
      return false;
  } else {
    return fail("unknown setting '" + std::string(name) +
                "' (known: " + knownSettings() + ")");
  }
  if (Error err = session.setOptions(std::move(changed)))
    return fail(err.message());
  showSetting(name);
  return true;
}

} // namespace affjit::repl

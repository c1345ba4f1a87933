// The REPL's `:set` command: the session's pass pipeline (`:set pipeline
// LIST`, checked like `--pipeline`) and its optimization report (`:set
// opt-report [PASS,...|off]`, like `--opt-report`); without an argument it
// shows both. A change applies from the next compile, which the session
// forces even when no definition changed.
#include "engine/repl/Repl.h"

#include <iostream>

namespace affjit::repl {

namespace {

/// The settings `:set` knows, in the order it shows them.
constexpr std::string_view kSettings[] = {"pipeline", "opt-report"};

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

} // namespace

void Repl::showSetting(std::string_view name) const {
  const SessionOptions &current = session.getOptions();
  if (name == "pipeline") {
    std::cout << "pipeline: " << current.pipeline << '\n';
    return;
  }
  std::string error;
  auto report = parsePassSelection(current.optReport, "--opt-report", error);
  std::cout << "opt-report: " << (report ? report->str() : current.optReport)
            << '\n';
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

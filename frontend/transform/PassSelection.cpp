// Parsing and querying selections of passes (PassSelection.h).
#include "frontend/transform/PassSelection.h"

#include "frontend/transform/PassPipeline.h"

#include <algorithm>

namespace affjit {

namespace {

constexpr std::string_view kAll = "all";

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
    s.remove_suffix(1);
  return s;
}

bool isRegistered(std::string_view name, const PassRegistry &registry) {
  return std::any_of(registry.passes.begin(), registry.passes.end(),
                     [&](const PassInfo &pass) { return pass.name == name; });
}

/// "all, pass-a, pass-b": every word a selection may use.
std::string knownNames(const PassRegistry &registry) {
  std::string names(kAll);
  for (const PassInfo &pass : registry.passes)
    names += ", " + std::string(pass.name);
  return names;
}

} // namespace

bool PassSelection::contains(std::string_view pass) const {
  return all || std::find(names.begin(), names.end(), pass) != names.end();
}

std::string PassSelection::str() const {
  if (all)
    return std::string(kAll);
  if (names.empty())
    return "off";
  std::string joined;
  for (const std::string &name : names)
    joined += (joined.empty() ? "" : ",") + name;
  return joined;
}

std::optional<PassSelection> parsePassSelection(std::string_view spec,
                                                std::string_view flag,
                                                std::string &error,
                                                const PassRegistry &registry) {
  PassSelection selection;
  spec = trim(spec);
  if (spec.empty())
    return selection;
  size_t start = 0;
  while (start <= spec.size()) {
    size_t comma = spec.find(',', start);
    size_t end = comma == std::string_view::npos ? spec.size() : comma;
    std::string_view name = trim(spec.substr(start, end - start));
    start = end + 1;
    if (name.empty()) {
      error = "empty pass name in " + std::string(flag) + " '" +
              std::string(spec) + "'";
      return std::nullopt;
    }
    if (name == kAll) {
      selection.all = true;
      continue;
    }
    if (!isRegistered(name, registry)) {
      error = "unknown pass '" + std::string(name) + "' in " +
              std::string(flag) + " (known: " + knownNames(registry) + ")";
      return std::nullopt;
    }
    if (!selection.contains(name))
      selection.names.push_back(std::string(name));
  }
  if (selection.all)
    selection.names.clear();
  return selection;
}

} // namespace affjit

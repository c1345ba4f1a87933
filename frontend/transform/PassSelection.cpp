// Parsing and querying selections of passes (PassSelection.h).
#include "frontend/transform/PassSelection.h"

#include "frontend/transform/PassPipeline.h"

#include <algorithm>

namespace affjit {

namespace {

constexpr std::string_view kAll = "all";

/// "all, pass-a, pass-b": every word a selection may use.
std::string knownNames(const PassRegistry &registry) {
  return knownSelectableNames(kAll, registry);
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
  spec = trimBlanks(spec);
  if (spec.empty())
    return selection;
  std::optional<std::vector<std::string_view>> names =
      splitPassList(spec, flag, error);
  if (!names)
    return std::nullopt;
  for (std::string_view name : *names) {
    if (name == kAll) {
      selection.all = true;
      continue;
    }
    if (!isSelectablePass(name, registry)) {
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

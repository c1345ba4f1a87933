// Which passes a per-pass flag applies to: `--opt-report=normalize,fuse`,
// `--dump-after=all`. The names are checked against the pass registry, so
// a misspelt pass is an error instead of a silently empty report.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace affjit {

struct PassRegistry;
const PassRegistry &passRegistry();

struct PassSelection {
  /// Every pass (`all`).
  bool all = false;
  /// The named passes (when not `all`).
  std::vector<std::string> names;

  bool empty() const { return !all && names.empty(); }
  bool contains(std::string_view pass) const;
  /// "off", "all" or the names joined by commas: how a setting is shown.
  std::string str() const;
};

/// Parses `spec` for the flag `flag` (named in errors, e.g. "--opt-report"):
/// "" selects nothing, `all` every pass, otherwise pass names separated by
/// commas. An unknown or empty name returns nullopt with `error` set, e.g.
/// "unknown pass 'fuse' in --opt-report (known: all, normalize)".
std::optional<PassSelection>
parsePassSelection(std::string_view spec, std::string_view flag,
                   std::string &error,
                   const PassRegistry &registry = passRegistry());

} // namespace affjit

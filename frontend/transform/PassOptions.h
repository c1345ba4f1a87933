// Options a pass takes in a pipeline spec, mlir-opt style:
// `fuse{siblings=false compute-tolerance=0.5}` (blanks or commas between
// them). Each pass declares its options in the registry (name, kind,
// range, one-line summary); a spec's values are checked against them when
// the spec is parsed, so a misspelt option or a bad value is an error
// before anything runs, and the pass reads the checked values into its own
// options struct (PassContext::getPassOptions).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace affjit {

/// One option a pass declares.
struct PassOptionInfo {
  enum class Kind { Bool, Integer, Number };
  std::string_view name;
  Kind kind;
  std::string_view summary;
  /// The range of Integer and Number values.
  double min = 0, max = 1e18;
};

/// The checked option values of one pass in a spec.
class PassOptionValues {
public:
  /// Parses the text between a pass's braces against `known`; nullopt with
  /// `error` ("unknown option 'x' for pass 'fuse' in --pipeline (known:
  /// ...)", "option 'siblings' of pass 'fuse' in --pipeline: expected true
  /// or false, got 'maybe'") on a problem.
  static std::optional<PassOptionValues>
  parse(std::string_view text, std::string_view pass,
        std::span<const PassOptionInfo> known, std::string &error);

  bool empty() const { return values.empty(); }
  /// Sets `field` to the value of option `name` when the spec gives one.
  void apply(std::string_view name, bool &field) const;
  void apply(std::string_view name, unsigned &field) const;
  void apply(std::string_view name, uint64_t &field) const;
  void apply(std::string_view name, double &field) const;
  /// `{a=1,b=true}` with the options sorted by name and values in one
  /// spelling, or "" when none was given: what a compile cache key holds.
  std::string describe() const;

private:
  const std::string *find(std::string_view name) const;
  std::map<std::string, std::string, std::less<>> values;
};

/// `s` without leading and trailing blanks (for spec and list parsing).
std::string_view trimBlanks(std::string_view s);
/// The comma-separated items of `list`, commas inside a pass's braces not
/// counting (`fuse{a=1,b=2},tile` is two items), untrimmed and possibly
/// empty; nullopt when the braces do not pair up (or nest).
std::optional<std::vector<std::string_view>>
splitOutsideBraces(std::string_view list);

/// "name (kind, range): summary" lines of `options`, for --help-passes.
std::string describePassOptions(std::span<const PassOptionInfo> options,
                                std::string_view indent);

} // namespace affjit

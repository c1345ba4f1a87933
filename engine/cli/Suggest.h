// "Did you mean" for the command line: the known name closest to a
// misspelt one (a pass, a flag, a subcommand, a function), by edit
// distance with transpositions (bench::editDistance), offered only when it is
// close enough to be a likely typo rather than a different word.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace affjit::cli {

/// The candidate closest to `word`, if it is a likely typo of it.
std::optional<std::string>
closestMatch(std::string_view word, const std::vector<std::string> &candidates);

/// "; did you mean 'X'?" (with `prefix` before X, e.g. "@"), or "".
std::string didYouMean(std::string_view word,
                       const std::vector<std::string> &candidates,
                       std::string_view prefix = "");

/// `message` with a suggestion appended when it reports an unknown pass
/// (`unknown pass 'fusee' in --pipeline (known: ...)`); otherwise as is.
std::string withPassSuggestion(const std::string &message);

} // namespace affjit::cli

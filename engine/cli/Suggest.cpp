// Suggestions for misspelt names (Suggest.h).
#include "engine/cli/Suggest.h"

#include "engine/Pipeline.h"
#include "engine/bench/ArgumentSpec.h"

#include <algorithm>

namespace affjit::cli {

std::optional<std::string>
closestMatch(std::string_view word,
             const std::vector<std::string> &candidates) {
  // A third of the word may be wrong (at least one edit): "fusee" finds
  // "fuse", "xyz" finds nothing among the passes.
  size_t limit = std::max<size_t>(1, word.size() / 3);
  std::optional<std::string> best;
  size_t bestDistance = limit + 1;
  for (const std::string &candidate : candidates) {
    size_t distance = bench::editDistance(word, candidate);
    if (distance < bestDistance && candidate != word) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

std::string didYouMean(std::string_view word,
                       const std::vector<std::string> &candidates,
                       std::string_view prefix) {
  std::optional<std::string> match = closestMatch(word, candidates);
  if (!match)
    return "";
  return "; did you mean '" + std::string(prefix) + *match + "'?";
}

std::string withPassSuggestion(const std::string &message) {
  static const std::string head = "unknown pass '";
  size_t start = message.find(head);
  if (start == std::string::npos)
    return message;
  start += head.size();
  size_t end = message.find('\'', start);
  if (end == std::string::npos)
    return message;
  std::vector<std::string> names{"none", "default", "all"};
  for (const PassInfo &pass : passRegistry().passes)
    names.emplace_back(pass.name);
  return message + didYouMean(message.substr(start, end - start), names);
}

} // namespace affjit::cli

// Parsing lists of benchmark variants (VariantList.h).
#include "engine/bench/VariantList.h"

#include "engine/Pipeline.h"
#include "frontend/transform/PassOptions.h"

namespace affjit::bench {

namespace {

/// The pipeline's own error, speaking of `what` instead of --pipeline.
std::string reworded(std::string message, const std::string &what) {
  const std::string flag = "--pipeline";
  size_t at = message.find(flag);
  if (at != std::string::npos)
    message.replace(at, flag.size(), what);
  return message;
}

} // namespace

Expected<std::vector<std::string>> parseVariantList(const std::string &list,
                                                    const std::string &what) {
  // Commas inside a pass's options (`fuse{a=1,b=2}`) belong to it.
  std::optional<std::vector<std::string_view>> items = splitOutsideBraces(list);
  if (!items)
    return Error("unbalanced braces in " + what + " '" + list + "'");
  std::vector<std::string> variants;
  for (std::string_view item : *items) {
    if (item.empty())
      return Error("empty variant in " + what + " '" + list + "'");
    std::string variant(item);
    int depth = 0;
    for (char &c : variant) {
      depth += c == '{' ? 1 : c == '}' ? -1 : 0;
      if (c == '+' && depth == 0)
        c = ',';
    }
    CompileOptions options;
    options.pipeline = variant;
    Expected<CompilePipeline> pipeline = CompilePipeline::create(options);
    if (!pipeline)
      return Error(reworded(pipeline.error().message(), what));
    variants.push_back(variant);
  }
  return variants;
}

} // namespace affjit::bench

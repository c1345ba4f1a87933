// Parsing lists of benchmark variants (VariantList.h).
#include "engine/bench/VariantList.h"

#include "engine/Pipeline.h"

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
  std::vector<std::string> variants;
  size_t start = 0;
  for (size_t i = 0; i <= list.size(); ++i) {
    if (i < list.size() && list[i] != ',')
      continue;
    std::string variant = list.substr(start, i - start);
    start = i + 1;
    if (variant.empty())
      return Error("empty variant in " + what + " '" + list + "'");
    for (char &c : variant)
      if (c == '+')
        c = ',';
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

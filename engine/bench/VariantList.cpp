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
  int depth = 0;
  for (size_t i = 0; i <= list.size(); ++i) {
    // Commas inside a pass's options (`fuse{a=1,b=2}`) belong to it.
    if (i < list.size()) {
      depth += list[i] == '{' ? 1 : list[i] == '}' ? -1 : 0;
      if (list[i] != ',' || depth > 0)
        continue;
    }
    std::string variant = list.substr(start, i - start);
    start = i + 1;
    if (variant.empty())
      return Error("empty variant in " + what + " '" + list + "'");
    int inner = 0;
    for (char &c : variant) {
      inner += c == '{' ? 1 : c == '}' ? -1 : 0;
      if (c == '+' && inner == 0)
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

// The `--pipeline` flag shared by the subcommands (PipelineOption.h).
#include "engine/cli/PipelineOption.h"

#include <iostream>

namespace affjit::cli {

void addPipelineOption(CLI::App *cmd, std::string &spec) {
  std::string passes;
  for (const PassInfo &pass : passRegistry().passes)
    passes += ", " + std::string(pass.name);
  cmd->add_option(
         "--pipeline", spec,
         "Passes to run on the verified module: none, default, or pass "
         "names separated by commas (known: none, default" +
             passes + ")")
      ->capture_default_str();
}

std::optional<CompilePipeline> makePipeline(const CompileOptions &options) {
  Expected<CompilePipeline> pipeline = CompilePipeline::create(options);
  if (!pipeline) {
    std::cerr << "affjit: error: " << pipeline.error().message() << '\n';
    return std::nullopt;
  }
  return std::move(*pipeline);
}

} // namespace affjit::cli

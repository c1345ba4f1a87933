// The variants of a benchmark as users write them (`affjit bench --compare`,
// the REPL's :bench): pipelines separated by commas, the passes of one
// variant joined by '+' (`none,fuse+normalize`), since a pipeline spec uses
// commas itself. Every variant is checked like `--pipeline` checks it.
#pragma once

#include "affjit/Engine.h"

#include <string>
#include <vector>

namespace affjit::bench {

/// The pipeline specs of `list`; an error naming `what` (e.g. "--compare")
/// for an empty variant or an unknown pass.
Expected<std::vector<std::string>> parseVariantList(const std::string &list,
                                                    const std::string &what);

} // namespace affjit::bench

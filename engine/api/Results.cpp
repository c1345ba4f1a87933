// Typed access to a call's results (affjit::Results in Engine.h).
#include "affjit/Engine.h"

#include "engine/api/ArgumentCheck.h"
#include "engine/api/FunctionInfo.h"

namespace affjit {

std::optional<ScalarKind> Results::kind(size_t i) const {
  if (!function || i >= function->results.size())
    return std::nullopt;
  return function->results[i].kind;
}

Error Results::check(size_t i, ScalarKind want) const {
  if (!function)
    return Error("no results (nothing was called)");
  if (i >= values.size())
    return Error("@" + function->name + " has " +
                 std::to_string(values.size()) + " results, no result #" +
                 std::to_string(i));
  const detail::ResultLayout &r = function->results[i];
  if (r.kind == want)
    return Error(); // the message below costs an allocation per call
  std::string which = "result #" + std::to_string(i) + " of @" + function->name;
  if (!r.kind)
    return Error(which + " is " + r.type.str() +
                 ", which is not returned to C++");
  if (*r.kind != want)
    return Error(which + " is " + r.type.str() + ", not " + describe(want));
  return Error();
}

} // namespace affjit

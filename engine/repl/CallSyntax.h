// The argument syntax of the REPL's :call and :time, `@kernel(%A, %B, 2.0)`:
// session buffers by name and scalar literals, which take the type of the
// parameter they are passed to (so `2` can be an index, an i32 or an f32).
#pragma once

#include "affjit/Engine.h"
#include "engine/repl/Session.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace affjit::repl {

struct CallExpression {
  std::string function;          // without '@'
  std::vector<std::string> args; // `%A` or a literal, trimmed
  std::string rest;              // what follows the closing ')', trimmed
};

/// Parses `@name(arg, ...)` at the start of `text`; nullopt with `error`
/// set if it is malformed.
std::optional<CallExpression> parseCallExpression(std::string_view text,
                                                  std::string &error);

/// The arguments of `call` for a function of type `fnType`: buffers looked
/// up in `session`, literals converted to their parameter's type (checking
/// range and form). Signature checks beyond that are Session::bind's.
Error buildArguments(const CallExpression &call, Type fnType, Session &session,
                     std::vector<detail::Argument> &args);

} // namespace affjit::repl

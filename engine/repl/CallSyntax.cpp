// Parsing and binding of `@kernel(%A, 2.0)` call expressions (CallSyntax.h).
#include "engine/repl/CallSyntax.h"

#include "engine/api/ArgumentCheck.h"

#include <cctype>
#include <charconv>
#include <cstdlib>

namespace affjit::repl {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace((unsigned char)s.front()))
    s.remove_prefix(1);
  while (!s.empty() && std::isspace((unsigned char)s.back()))
    s.remove_suffix(1);
  return s;
}

bool isSymbolChar(char c) {
  return std::isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.';
}

/// Splits the text between the parentheses at commas.
std::vector<std::string> splitArguments(std::string_view inner) {
  std::vector<std::string> args;
  if (trim(inner).empty())
    return args;
  size_t start = 0;
  for (size_t i = 0; i <= inner.size(); ++i)
    if (i == inner.size() || inner[i] == ',') {
      args.emplace_back(trim(inner.substr(start, i - start)));
      start = i + 1;
    }
  return args;
}

std::optional<int64_t> parseInteger(const std::string &text) {
  int64_t v;
  const char *begin = text.data(), *end = begin + text.size();
  if (*begin == '+')
    ++begin;
  auto r = std::from_chars(begin, end, v);
  if (r.ec != std::errc() || r.ptr != end)
    return std::nullopt;
  return v;
}

std::optional<double> parseFloat(const std::string &text) {
  char *end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size())
    return std::nullopt;
  return v;
}

/// Converts literal `text` for a parameter of scalar kind `kind`; empty
/// error on success.
std::string convertLiteral(const std::string &text, ScalarKind kind,
                           detail::Argument &arg) {
  arg = detail::Argument{detail::Argument::Kind::Scalar, kind};
  if (kind == ScalarKind::F32 || kind == ScalarKind::F64) {
    auto v = parseFloat(text);
    if (!v)
      return "expected a " + describe(kind) + " literal, got '" + text + "'";
    if (kind == ScalarKind::F32)
      arg.value.f32 = (float)*v;
    else
      arg.value.f64 = *v;
    return "";
  }
  if (kind == ScalarKind::I1 && (text == "true" || text == "false")) {
    arg.value.i = text == "true";
    return "";
  }
  auto v = parseInteger(text);
  if (!v)
    return "expected an integer literal for " + describe(kind) + ", got '" +
           text + "'";
  int bits = kind == ScalarKind::I1    ? 1
             : kind == ScalarKind::I8  ? 8
             : kind == ScalarKind::I16 ? 16
             : kind == ScalarKind::I32 ? 32
                                       : 64;
  // Like MLIR constants: any value that fits signed or unsigned.
  if (bits < 64 &&
      (*v < -(int64_t(1) << (bits - 1)) || *v > (int64_t(1) << bits) - 1))
    return text + " does not fit in " + describe(kind);
  arg.value.i = *v;
  return "";
}

std::string bindOne(const std::string &text, Type param, Session &session,
                    detail::Argument &arg) {
  if (!text.empty() && text[0] == '%') {
    SessionBuffer *buffer = session.lookupBuffer(text);
    if (!buffer)
      return "no buffer named " + text;
    if (!param.isMemRef())
      return "expected " + param.str() + ", got buffer " + text + " (" +
             buffer->getType().str() + ")";
    arg = buffer->asArgument();
    return "";
  }
  auto kind = scalarKindOfType(param);
  if (!kind)
    return "expected " + param.str() + ", got the literal '" + text + "'";
  return convertLiteral(text, *kind, arg);
}

} // namespace

std::optional<CallExpression> parseCallExpression(std::string_view text,
                                                  std::string &error) {
  text = trim(text);
  if (text.empty() || text[0] != '@') {
    error = "expected a call like @kernel(%A, 2.0)";
    return std::nullopt;
  }
  size_t nameEnd = 1;
  while (nameEnd < text.size() && isSymbolChar(text[nameEnd]))
    ++nameEnd;
  size_t open = text.find_first_not_of(" \t", nameEnd);
  if (nameEnd == 1 || open == std::string_view::npos || text[open] != '(') {
    error = "expected a call like @kernel(%A, 2.0)";
    return std::nullopt;
  }
  size_t close = text.find(')', open);
  if (close == std::string_view::npos) {
    error = "expected ')' to close the arguments of " +
            std::string(text.substr(0, nameEnd));
    return std::nullopt;
  }
  CallExpression call;
  call.function = std::string(text.substr(1, nameEnd - 1));
  call.args = splitArguments(text.substr(open + 1, close - open - 1));
  for (const std::string &a : call.args)
    if (a.empty()) {
      error = "empty argument in the call of @" + call.function;
      return std::nullopt;
    }
  call.rest = std::string(trim(text.substr(close + 1)));
  return call;
}

Error buildArguments(const CallExpression &call, Type fnType, Session &session,
                     std::vector<detail::Argument> &args) {
  const auto &params = fnType.getInputs();
  if (call.args.size() != params.size())
    return Error("@" + call.function + " takes " +
                 std::to_string(params.size()) + " arguments, got " +
                 std::to_string(call.args.size()));
  args.assign(params.size(), detail::Argument{detail::Argument::Kind::Scalar,
                                              ScalarKind::I64});
  for (size_t i = 0; i < params.size(); ++i) {
    std::string problem = bindOne(call.args[i], params[i], session, args[i]);
    if (!problem.empty())
      return Error("argument #" + std::to_string(i) + " of @" + call.function +
                   ": " + problem);
  }
  return Error();
}

} // namespace affjit::repl

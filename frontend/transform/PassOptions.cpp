// Pass options in pipeline specs (PassOptions.h).
#include "frontend/transform/PassOptions.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace affjit {

namespace {

/// The `key=value` items of `text`, separated by blanks or commas.
std::vector<std::string_view> items(std::string_view text) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() &&
           (text[i] == ' ' || text[i] == '\t' || text[i] == ','))
      ++i;
    size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t' &&
           text[i] != ',')
      ++i;
    if (i > start)
      out.push_back(text.substr(start, i - start));
  }
  return out;
}

std::string knownList(std::span<const PassOptionInfo> known) {
  if (known.empty())
    return "it takes none";
  std::string names = "known: ";
  for (size_t i = 0; i < known.size(); ++i)
    names += (i ? ", " : "") + std::string(known[i].name);
  return names;
}

/// The shortest spelling that reads back as `x`.
std::string number(double x) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, x);
  return ec == std::errc() ? std::string(buf, end) : std::to_string(x);
}

/// The value in its one spelling, or nullopt with `expected` saying what
/// the option takes.
std::optional<std::string> canonicalValue(const PassOptionInfo &option,
                                          std::string_view value,
                                          std::string &expected) {
  switch (option.kind) {
  case PassOptionInfo::Kind::Bool:
    expected = "true or false";
    if (value == "true" || value == "1")
      return "true";
    if (value == "false" || value == "0")
      return "false";
    return std::nullopt;
  case PassOptionInfo::Kind::Integer: {
    expected =
        "an integer in " + number(option.min) + ".." + number(option.max);
    uint64_t n = 0;
    auto [end, ec] =
        std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec != std::errc() || end != value.data() + value.size() ||
        (double)n < option.min || (double)n > option.max)
      return std::nullopt;
    return std::to_string(n);
  }
  case PassOptionInfo::Kind::Number: {
    expected = "a number in " + number(option.min) + ".." + number(option.max);
    std::string text(value);
    char *end = nullptr;
    double x = text.empty() ? NAN : std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() ||
        !std::isfinite(x) || x < option.min || x > option.max)
      return std::nullopt;
    return number(x);
  }
  }
  return std::nullopt;
}

} // namespace

std::string_view trimBlanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
    s.remove_suffix(1);
  return s;
}

std::optional<std::vector<std::string_view>>
splitOutsideBraces(std::string_view list) {
  std::vector<std::string_view> items;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < list.size(); ++i) {
    depth += list[i] == '{' ? 1 : list[i] == '}' ? -1 : 0;
    if (depth < 0 || depth > 1)
      return std::nullopt;
    if (list[i] == ',' && depth == 0) {
      items.push_back(list.substr(start, i - start));
      start = i + 1;
    }
  }
  if (depth != 0)
    return std::nullopt;
  items.push_back(list.substr(start));
  return items;
}

std::optional<PassOptionValues>
PassOptionValues::parse(std::string_view text, std::string_view pass,
                        std::span<const PassOptionInfo> known,
                        std::string &error) {
  PassOptionValues out;
  std::string where = "pass '" + std::string(pass) + "' in --pipeline";
  for (std::string_view item : items(trimBlanks(text))) {
    size_t eq = item.find('=');
    std::string_view key = item.substr(0, eq);
    const PassOptionInfo *option = nullptr;
    for (const PassOptionInfo &o : known)
      if (o.name == key)
        option = &o;
    if (!option) {
      error = "unknown option '" + std::string(key) + "' for " + where + " (" +
              knownList(known) + ")";
      return std::nullopt;
    }
    if (eq == std::string_view::npos) {
      error = "option '" + std::string(key) + "' of " + where +
              " has no value (write " + std::string(key) + "=VALUE)";
      return std::nullopt;
    }
    std::string expected;
    std::optional<std::string> value =
        canonicalValue(*option, item.substr(eq + 1), expected);
    if (!value) {
      error = "option '" + std::string(key) + "' of " + where + ": expected " +
              expected + ", got '" + std::string(item.substr(eq + 1)) + "'";
      return std::nullopt;
    }
    out.values[std::string(key)] = *value;
  }
  return out;
}

const std::string *PassOptionValues::find(std::string_view name) const {
  auto it = values.find(name);
  return it == values.end() ? nullptr : &it->second;
}

void PassOptionValues::apply(std::string_view name, bool &field) const {
  if (const std::string *v = find(name))
    field = *v == "true";
}

void PassOptionValues::apply(std::string_view name, unsigned &field) const {
  if (const std::string *v = find(name))
    field = (unsigned)std::stoull(*v);
}

void PassOptionValues::apply(std::string_view name, uint64_t &field) const {
  if (const std::string *v = find(name))
    field = std::stoull(*v);
}

void PassOptionValues::apply(std::string_view name, double &field) const {
  if (const std::string *v = find(name))
    field = std::strtod(v->c_str(), nullptr);
}

std::string PassOptionValues::describe() const {
  if (values.empty())
    return "";
  std::string out = "{";
  for (const auto &[key, value] : values)
    out += (out.size() > 1 ? "," : "") + key + "=" + value;
  return out + "}";
}

std::string describePassOptions(std::span<const PassOptionInfo> options,
                                std::string_view indent) {
  std::string out;
  for (const PassOptionInfo &o : options) {
    std::string kind = o.kind == PassOptionInfo::Kind::Bool ? "true|false"
                       : o.kind == PassOptionInfo::Kind::Integer
                           ? "integer " + number(o.min) + ".." + number(o.max)
                           : "number " + number(o.min) + ".." + number(o.max);
    out += std::string(indent) + std::string(o.name) + "=" + kind + ": " +
           std::string(o.summary) + "\n";
  }
  return out;
}

} // namespace affjit

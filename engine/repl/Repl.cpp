// The REPL's line handling, buffer allocation and completion (Repl.h); the
// commands themselves are in ReplCommands.cpp.
#include "engine/repl/Repl.h"

#include "frontend/parse/Parser.h"
#include "frontend/transform/PassPipeline.h"

#include <algorithm>
#include <cctype>
#include <dirent.h>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>

namespace affjit::repl {

namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && std::isspace((unsigned char)s.front()))
    s.remove_prefix(1);
  while (!s.empty() && std::isspace((unsigned char)s.back()))
    s.remove_suffix(1);
  return s;
}

bool isBlankOrComment(std::string_view line) {
  line = trimmed(line);
  return line.empty() || line.substr(0, 2) == "//";
}

/// `@a, @b` for a list of symbol names.
std::string symbolList(const std::vector<std::string> &names) {
  std::string out;
  for (const std::string &n : names)
    out += (out.empty() ? "@" : ", @") + n;
  return out;
}

/// A constant after a buffer type: `-`, then an integer or float literal.
bool parseConstantFill(Parser &parser, BufferFill &fill) {
  Location at = parser.getLoc();
  std::string literal;
  if (parser.consumeIf(Tok::Minus))
    literal = "-";
  if (!parser.tok().is(Tok::Integer) && !parser.tok().is(Tok::Float))
    return parser.emitError("expected a number after '-'");
  literal += std::string(parser.tok().spelling);
  parser.consume();
  std::string error;
  std::optional<BufferFill> constant = constantFill(literal, error);
  if (!constant)
    return parser.emitError(at, error);
  fill = *constant;
  return true;
}

/// The optional `zeros|ones|iota|random [SEED]|CONSTANT` after a buffer
/// type.
bool parseFill(Parser &parser, BufferFill &fill) {
  if (parser.tok().is(Tok::Minus) || parser.tok().is(Tok::Integer) ||
      parser.tok().is(Tok::Float))
    return parseConstantFill(parser, fill);
  if (!parser.tok().is(Tok::BareId))
    return true;
  Location at = parser.getLoc();
  std::string word;
  if (!parser.parseKeyword(word))
    return false;
  if (word == "true" || word == "false") {
    std::string error;
    fill = *constantFill(word, error);
    return true;
  }
  static const std::pair<const char *, BufferFill::Kind> kinds[] = {
      {"zeros", BufferFill::Kind::Zeros},
      {"ones", BufferFill::Kind::Ones},
      {"iota", BufferFill::Kind::Iota},
      {"random", BufferFill::Kind::Random}};
  for (auto [name, kind] : kinds)
    if (word == name) {
      fill.kind = kind;
      int64_t seed = 0;
      if (kind == BufferFill::Kind::Random && parser.tok().is(Tok::Integer)) {
        if (!parser.parseInteger(seed))
          return false;
        fill.seed = (uint64_t)seed;
      }
      return true;
    }
  return parser.emitError(at, "expected zeros, ones, iota, random or a "
                              "number, got '" +
                                  word + "'");
}

/// The name a definition typed at the prompt has in diagnostics, whose
/// lines and columns count within it: `@f` when it defines one symbol
/// (found by its text: the name is needed before parsing), else `<def N>`
/// for the Nth definition typed.
std::string definitionName(const std::string &text, unsigned ordinal) {
  static const std::regex symbol(
      R"((^|[\s{])(func\.func|memref\.global)\b[^@\n]*@([A-Za-z_$.][A-Za-z0-9_$.-]*))");
  std::vector<std::string> names;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), symbol);
       it != std::sregex_iterator(); ++it)
    names.push_back((*it)[3]);
  if (names.size() == 1)
    return "@" + names[0];
  return "<def " + std::to_string(ordinal) + ">";
}

} // namespace

Repl::Repl(ReplOptions o) : options(std::move(o)), session(options.session) {}

bool Repl::fail(const std::string &message) {
  ++errors;
  std::cout.flush();
  if (options.locateErrors)
    std::cerr << options.inputName << ':' << lineNo << ": ";
  std::cerr << "error: " << message << '\n';
  return false;
}

bool Repl::failWithDiagnostics(const std::string &diagnostics) {
  ++errors;
  std::cout.flush();
  std::cerr << diagnostics;
  return false;
}

bool Repl::handleLine(const std::string &line) {
  ++lineNo;
  std::string_view text = trimmed(line);
  bool startsCommand =
      collector.empty() && !text.empty() && (text[0] == ':' || text[0] == '%');
  if (startsCommand) {
    dispatch(text);
    return !quitRequested;
  }
  if (collector.empty() && isBlankOrComment(line))
    return true;
  if (collector.addLine(line)) {
    std::string text = collector.take();
    std::string name = definitionName(text, ++definitionCount);
    defineChunk(std::move(text), name);
  }
  return true;
}

void Repl::finish() {
  if (collector.empty())
    return;
  collector.take();
  fail("end of input inside a definition (its brackets do not balance)");
}

bool Repl::dispatch(std::string_view line) {
  if (line[0] == '%')
    return alloc(line);
  size_t end = line.find_first_of(" \t");
  std::string_view name = line.substr(0, end);
  std::string_view args =
      end == std::string_view::npos ? "" : trimmed(line.substr(end));
  for (const Command &c : commands())
    if (c.name == name)
      return (this->*c.handler)(args);
  return fail("unknown command '" + std::string(name) +
              "' (:help lists the commands)");
}

bool Repl::defineChunk(std::string text, const std::string &name) {
  std::string diagnostics;
  auto change =
      session.getDefinitions().define(std::move(text), name, diagnostics);
  if (!change)
    return failWithDiagnostics(diagnostics);
  if (!change->added.empty())
    std::cout << "defined " << symbolList(change->added) << '\n';
  if (!change->replaced.empty())
    std::cout << "replaced " << symbolList(change->replaced) << '\n';
  if (!change->aliases.empty()) {
    std::cout << "defined alias";
    for (const std::string &a : change->aliases)
      std::cout << (a == change->aliases.front() ? " " : ", ") << a;
    std::cout << '\n';
  }
  return true;
}

bool Repl::loadFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return fail("could not open input file '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return defineChunk(text.str(), path);
}

/// `%A = alloc memref<128x384xf32> [zeros|ones|iota|random SEED]`.
bool Repl::alloc(std::string_view line) {
  static const std::regex form(
      R"(^(%[A-Za-z_][A-Za-z0-9_$.]*)\s*=\s*alloc\s+(.*)$)");
  std::string text(line);
  std::smatch m;
  if (!std::regex_match(text, m, form))
    return fail("expected '%NAME = alloc memref<...> "
                "[zeros|ones|iota|random SEED|NUMBER]'");
  // Parse the type and fill in place, so columns in errors are the line's.
  SourceBuffer source{std::make_shared<const std::string>(options.inputName),
                      std::string(lineNo - 1, '\n') +
                          std::string(m.position(2), ' ') + m.str(2)};
  DiagnosticEngine diag;
  Parser parser(source, diag);
  Type type;
  BufferFill fill;
  if (parser.parseType(type))
    parseFill(parser, fill);
  if (!diag.hadError() && !parser.tok().is(Tok::Eof))
    parser.emitError("unexpected text after the buffer type");
  if (diag.hadError()) {
    // Caret lines show the line as typed, not the blanked copy parsed.
    SourceBuffer typed{source.name, std::string(lineNo - 1, '\n') + text};
    diag.setSource(&typed);
    std::ostringstream os;
    diag.print(os);
    return failWithDiagnostics(os.str());
  }
  std::string name = m.str(1);
  bool replaced = session.lookupBuffer(name) != nullptr;
  if (Error err = session.allocBuffer(name, type, fill))
    return fail(err.message());
  describeBuffer(name, replaced ? " (replaced)" : "");
  return true;
}

void Repl::describeBuffer(const std::string &name, const std::string &suffix) {
  SessionBuffer &b = *session.lookupBuffer(name);
  std::cout << name << ": " << b.getType().str() << ", " << b.getSizeInBytes()
            << " bytes, " << b.getOrigin() << suffix << '\n';
}

namespace {

void addMatches(std::vector<std::string> &out, std::string_view word,
                const std::vector<std::string> &candidates) {
  for (const std::string &c : candidates)
    if (c.compare(0, word.size(), word) == 0)
      out.push_back(c);
}

/// Files and directories (with '/') whose path starts with `word`.
std::vector<std::string> pathCandidates(std::string_view word) {
  std::string w(word);
  size_t slash = w.rfind('/');
  std::string dir = slash == std::string::npos ? "." : w.substr(0, slash + 1);
  std::string prefix = slash == std::string::npos ? "" : dir;
  std::vector<std::string> out;
  DIR *d = opendir(dir.c_str());
  if (!d)
    return out;
  while (dirent *e = readdir(d)) {
    std::string n = e->d_name;
    if (n == "." || n == "..")
      continue;
    out.push_back(prefix + n + (e->d_type == DT_DIR ? "/" : ""));
  }
  closedir(d);
  return out;
}

/// The pass names (and special words) the value of `:set pipeline` or
/// `:set opt-report` may use, when `before` (the line before the word
/// being completed) is one of them, possibly with list items already typed;
/// `on` and `off` for the switches.
std::vector<std::string> settingValueCandidates(std::string_view before) {
  auto setting = [&](std::string_view name) {
    return before == name ||
           (before.substr(0, name.size()) == name &&
            (before[name.size()] == ' ' || before[name.size()] == '\t'));
  };
  std::vector<std::string> words;
  if (before == ":set fast-math" || before == ":set checked")
    return {"on", "off"};
  if (before == ":set threads")
    return {"default"};
  if (setting(":set pipeline"))
    words = {"none", "default"};
  else if (setting(":set opt-report"))
    words = {"off", "all"};
  else
    return words;
  for (const PassInfo &pass : passRegistry().passes)
    words.push_back(std::string(pass.name));
  return words;
}

} // namespace

std::vector<std::string> Repl::complete(std::string_view line,
                                        std::string_view word) const {
  std::vector<std::string> out, candidates;
  std::string_view before = trimmed(line.substr(0, line.size() - word.size()));
  if (!word.empty() && word[0] == ':' && before.empty()) {
    for (const Command &c : commands())
      candidates.push_back(c.name);
  } else if (!word.empty() && word[0] == '%') {
    for (const auto &[name, buffer] : session.getBuffers())
      candidates.push_back(name);
  } else if (!word.empty() && word[0] == '@') {
    // After :call and :time the arguments follow: complete up to the '('.
    bool call = before == ":call" || before == ":time";
    for (const std::string &f : session.getDefinitions().functionNames())
      candidates.push_back("@" + f + (call ? "(" : ""));
  } else if (before == ":load" || before == ":save" ||
             (before.size() > 7 && (before.substr(0, 7) == ":load %" ||
                                    before.substr(0, 7) == ":save %"))) {
    candidates = pathCandidates(word);
  } else if (before == ":set") {
    candidates = settingNames();
  } else if (before == ":help") {
    for (const Command &c : commands())
      candidates.push_back(c.name.substr(1));
  } else {
    candidates = settingValueCandidates(before);
  }
  addMatches(out, word, candidates);
  std::sort(out.begin(), out.end());
  return out;
}

} // namespace affjit::repl

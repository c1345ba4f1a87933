// MLIR token rules: identifiers with '.', '$' and '_', prefixed ids for
// values/symbols/aliases/blocks, decimal and hex integers, float literals with
// a mandatory '.', strings with escapes, and `//` comments.
#include "frontend/parse/Lexer.h"

#include <cctype>

namespace affjit {

static bool isIdChar(char c) {
  return std::isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.';
}

Token Lexer::error(size_t start, std::string msg) {
  errorMessage = std::move(msg);
  return Token{Tok::Error, buf.substr(start, pos - start), start};
}

void Lexer::skipWhitespaceAndComments() {
  while (pos < buf.size()) {
    char c = buf[pos];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++pos;
    } else if (c == '/' && pos + 1 < buf.size() && buf[pos + 1] == '/') {
      while (pos < buf.size() && buf[pos] != '\n')
        ++pos;
    } else {
      return;
    }
  }
}

Token Lexer::lex() {
  skipWhitespaceAndComments();
  size_t start = pos;
  if (pos >= buf.size())
    return make(Tok::Eof, start);
  char c = buf[pos++];
  switch (c) {
  case '(':
    return make(Tok::LParen, start);
  case ')':
    return make(Tok::RParen, start);
  case '[':
    return make(Tok::LSquare, start);
  case ']':
    return make(Tok::RSquare, start);
  case '{':
    return make(Tok::LBrace, start);
  case '}':
    return make(Tok::RBrace, start);
  case '<':
    return make(Tok::Less, start);
  case '>':
    return make(Tok::Greater, start);
  case ',':
    return make(Tok::Comma, start);
  case '=':
    return make(Tok::Equal, start);
  case '*':
    return make(Tok::Star, start);
  case '?':
    return make(Tok::Question, start);
  case '+':
    return make(Tok::Plus, start);
  case ':':
    if (pos < buf.size() && buf[pos] == ':') {
      ++pos;
      return make(Tok::ColonColon, start);
    }
    return make(Tok::Colon, start);
  case '-':
    if (pos < buf.size() && buf[pos] == '>') {
      ++pos;
      return make(Tok::Arrow, start);
    }
    return make(Tok::Minus, start);
  case '.':
    if (buf.substr(pos, 2) == "..") {
      pos += 2;
      return make(Tok::Ellipsis, start);
    }
    return error(pos, "expected three consecutive dots for an ellipsis");
  case '"':
    return lexString(start);
  case '%':
    return lexPrefixedId(start, Tok::PercentId);
  case '@':
    if (pos < buf.size() && buf[pos] == '"') {
      ++pos;
      Token s = lexString(start);
      if (s.is(Tok::Error))
        return s;
      return make(Tok::AtId, start);
    }
    return lexPrefixedId(start, Tok::AtId);
  case '#':
    return lexPrefixedId(start, Tok::HashId);
  case '^':
    return lexPrefixedId(start, Tok::CaretId);
  case '!':
    return lexPrefixedId(start, Tok::BangId);
  default:
    break;
  }
  if (std::isdigit((unsigned char)c))
    return lexNumber(start);
  if (std::isalpha((unsigned char)c) || c == '_')
    return lexBareId(start);
  if ((unsigned char)c >= 0x20 && (unsigned char)c < 0x7F)
    return error(start, std::string("unexpected character '") + c + "'");
  return error(start, "unexpected character");
}

Token Lexer::lexBareId(size_t start) {
  while (pos < buf.size() && isIdChar(buf[pos]))
    ++pos;
  return make(Tok::BareId, start);
}

Token Lexer::lexPrefixedId(size_t start, Tok kind) {
  size_t idStart = pos;
  // Value ids may also contain '-' and start with a digit; `%0#1` names one
  // result of a multi-result op.
  while (pos < buf.size() &&
         (isIdChar(buf[pos]) || (kind == Tok::PercentId && buf[pos] == '-')))
    ++pos;
  if (pos == idStart)
    return error(start, "invalid identifier after prefix");
  if (kind == Tok::PercentId && pos < buf.size() && buf[pos] == '#') {
    size_t hashPos = pos++;
    size_t digits = pos;
    while (pos < buf.size() && std::isdigit((unsigned char)buf[pos]))
      ++pos;
    if (pos == digits)
      pos = hashPos; // not a result number: leave '#' for the next token
  }
  return make(kind, start);
}

Token Lexer::lexNumber(size_t start) {
  if (buf[start] == '0' && pos < buf.size() && buf[pos] == 'x') {
    ++pos;
    size_t digits = pos;
    while (pos < buf.size() && std::isxdigit((unsigned char)buf[pos]))
      ++pos;
    if (pos == digits)
      return error(start, "expected hexadecimal digits after '0x'");
    return make(Tok::Integer, start);
  }
  while (pos < buf.size() && std::isdigit((unsigned char)buf[pos]))
    ++pos;
  if (pos >= buf.size() || buf[pos] != '.')
    return make(Tok::Integer, start);
  ++pos;
  while (pos < buf.size() && std::isdigit((unsigned char)buf[pos]))
    ++pos;
  if (pos < buf.size() && (buf[pos] == 'e' || buf[pos] == 'E')) {
    size_t save = pos++;
    if (pos < buf.size() && (buf[pos] == '+' || buf[pos] == '-'))
      ++pos;
    size_t digits = pos;
    while (pos < buf.size() && std::isdigit((unsigned char)buf[pos]))
      ++pos;
    if (pos == digits)
      pos = save; // `1.0e` followed by something else: not an exponent
  }
  return make(Tok::Float, start);
}

Token Lexer::lexString(size_t start) {
  while (pos < buf.size()) {
    char c = buf[pos++];
    if (c == '"')
      return make(Tok::String, start);
    if (c == '\n')
      return error(pos - 1, "expected '\"' in string literal");
    if (c == '\\') {
      if (pos >= buf.size())
        break;
      char e = buf[pos];
      if (e == '"' || e == '\\' || e == 'n' || e == 't') {
        ++pos;
      } else if (pos + 1 < buf.size() && std::isxdigit((unsigned char)e) &&
                 std::isxdigit((unsigned char)buf[pos + 1])) {
        pos += 2;
      } else {
        return error(pos - 1, "unknown escape in string literal");
      }
    }
  }
  return error(buf.size(), "expected '\"' in string literal");
}

} // namespace affjit

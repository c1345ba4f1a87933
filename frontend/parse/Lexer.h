// Tokenizer for MLIR's textual IR. Tracks byte offsets so diagnostics can
// point at line:col and so sub-parsers (affine maps) can take raw text spans.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace affjit {

enum class Tok {
  Eof,
  Error,
  BareId,    // foo, affine.for, i32, f32, memref
  PercentId, // %x, %0, %0#1
  AtId,      // @f, @"quoted"
  HashId,    // #map
  CaretId,   // ^bb0
  BangId,    // !alias (type aliases)
  Integer,   // 42, 0x2A
  Float,     // 1.5, 1.0e-3
  String,    // "text"
  LParen,
  RParen,
  LSquare,
  RSquare,
  LBrace,
  RBrace,
  Less,
  Greater,
  Comma,
  Colon,
  Equal,
  Arrow, // ->
  Star,
  Question,
  Plus,
  Minus,
  ColonColon, // ::
  Ellipsis,   // ...
};

struct Token {
  Tok kind = Tok::Eof;
  std::string_view spelling;
  size_t offset = 0;
  bool is(Tok k) const { return kind == k; }
  bool isKeyword(std::string_view kw) const {
    return kind == Tok::BareId && spelling == kw;
  }
};

class Lexer {
public:
  explicit Lexer(std::string_view buffer) : buf(buffer) {}
  Token lex();
  /// Restarts lexing at byte `offset`.
  void resetTo(size_t offset) { pos = offset; }
  std::string_view getBuffer() const { return buf; }
  /// Message for the last Tok::Error token.
  const std::string &getErrorMessage() const { return errorMessage; }

private:
  Token make(Tok k, size_t start) const {
    return Token{k, buf.substr(start, pos - start), start};
  }
  Token error(size_t start, std::string msg);
  void skipWhitespaceAndComments();
  Token lexNumber(size_t start);
  Token lexString(size_t start);
  Token lexPrefixedId(size_t start, Tok kind);
  Token lexBareId(size_t start);

  std::string_view buf;
  size_t pos = 0;
  std::string errorMessage;
};

} // namespace affjit

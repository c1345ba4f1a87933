// Parser and SSA-id printer for the affine text forms of seed 000: affine
// maps `(d0)[s0] -> (...)`, integer sets `(d0)[s0] : (... >= 0)`, and the
// operand forms of affine ops (`%i + 3, symbol(%n)` and affine.parallel's
// `max(...)`/`min(...)` bound groups). The main IR parser cuts the text out
// and maps error offsets back to line:col.
#pragma once

#include "frontend/ir/AffineMap.h"

#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace affjit {

struct AffineParseError {
  size_t offset;
  std::string message;
};
template <class T> using AffineParseResult = std::variant<T, AffineParseError>;

AffineParseResult<AffineMap> parseAffineMap(std::string_view text);
AffineParseResult<IntegerSet> parseIntegerSet(std::string_view text);

struct SSAIdRef {
  std::string name; // with '%'
  size_t offset;
};
struct AffineMapOfSSAIds {
  AffineMap map;
  std::vector<SSAIdRef> dims;
  std::vector<SSAIdRef> symbols;
};
AffineParseResult<AffineMapOfSSAIds>
parseAffineMapOfSSAIds(std::string_view text);
AffineParseResult<std::pair<AffineMapOfSSAIds, std::vector<unsigned>>>
parseAffineMapOfSSAIdsWithGroups(std::string_view text, std::string_view kind);

} // namespace affjit

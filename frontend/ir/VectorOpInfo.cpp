// Shared vector op knowledge (see VectorOpInfo.h).
#include "frontend/ir/VectorOpInfo.h"

#include <algorithm>

namespace affjit {

namespace {
struct KindInfo {
  std::string_view name;
  bool floats, ints;
};
constexpr KindInfo kKinds[] = {
    {"add", true, true},       {"mul", true, true},
    {"minui", false, true},    {"minsi", false, true},
    {"minnumf", true, false},  {"maxui", false, true},
    {"maxsi", false, true},    {"maxnumf", true, false},
    {"and", false, true},      {"or", false, true},
    {"xor", false, true},      {"minimumf", true, false},
    {"maximumf", true, false},
};

const KindInfo *findKind(std::string_view kind) {
  for (const KindInfo &k : kKinds)
    if (k.name == kind)
      return &k;
  return nullptr;
}
} // namespace

std::string_view vectorKindName(std::string_view text) {
  constexpr std::string_view prefix = "#vector.kind<";
  if (text.substr(0, prefix.size()) != prefix || text.back() != '>')
    return {};
  return text.substr(prefix.size(), text.size() - prefix.size() - 1);
}

bool isVectorKind(std::string_view kind) { return findKind(kind); }
bool vectorKindAcceptsFloat(std::string_view kind) {
  const KindInfo *k = findKind(kind);
  return k && k->floats;
}
bool vectorKindAcceptsInt(std::string_view kind) {
  const KindInfo *k = findKind(kind);
  return k && k->ints;
}

Type transferMaskType(Type vectorType, const AffineMap &map) {
  std::vector<std::pair<unsigned, int64_t>> dims;
  for (unsigned i = 0; i < map.getNumResults(); ++i) {
    const AffineExpr &e = map.getResult(i);
    if (e.getKind() != AffineExprKind::Dim)
      continue;
    bool seen = false; // the inverse takes a dim's first use
    for (auto &d : dims)
      seen |= d.first == e.getPosition();
    if (!seen)
      dims.push_back({e.getPosition(), vectorType.getDimSize(i)});
  }
  std::sort(dims.begin(), dims.end());
  std::vector<int64_t> shape;
  for (auto &d : dims)
    shape.push_back(d.second);
  return Type::vector(shape, Type::integer(1));
}

AffineMap minorIdentityMap(unsigned sourceRank, unsigned vectorRank) {
  std::vector<AffineExpr> results;
  for (unsigned d = sourceRank - vectorRank; d < sourceRank; ++d)
    results.push_back(AffineExpr::dim(d));
  return AffineMap::get(sourceRank, 0, results);
}

} // namespace affjit

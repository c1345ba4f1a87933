// Result layouts of compiled functions (FunctionInfo.h).
#include "engine/api/FunctionInfo.h"

#include "engine/api/ArgumentCheck.h"

#include <algorithm>

namespace affjit::detail {

namespace {

/// Size and alignment of one result as the packed wrapper stores it.
std::pair<size_t, size_t> resultSlotLayout(Type t) {
  if (t.isMemRef())
    return {(3 + 2 * (size_t)t.getRank()) * 8, 8};
  if (t.isUnrankedMemRef())
    return {16, 8};
  if (!t.isIntOrIndexOrFloat())
    return {64, 64}; // vectors: generous, never read back
  size_t bytes = t.isIndex() ? 8 : std::max<size_t>(1, t.getWidth() / 8);
  return {bytes, bytes};
}

} // namespace

std::shared_ptr<const FunctionInfo>
FunctionInfo::create(std::string name, Type type, void (*packed)(void **)) {
  auto info = std::make_shared<FunctionInfo>();
  info->name = std::move(name);
  info->type = type;
  info->packed = packed;
  size_t offset = 0;
  for (Type t : type.getResults()) {
    auto [size, align] = resultSlotLayout(t);
    offset = (offset + align - 1) / align * align;
    std::optional<ScalarKind> kind;
    if (!t.isAnyMemRef())
      kind = scalarKindOfType(t);
    info->results.push_back(ResultLayout{offset, size, t, kind});
    offset += size;
  }
  info->resultBytes = std::max<size_t>(offset, 16);
  for (Type t : type.getInputs())
    info->parameterChecks.push_back(parameterCheckOf(t));
  return info;
}

} // namespace affjit::detail

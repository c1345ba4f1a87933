// .npy files of memref arguments (Npy.h).
#include "engine/cli/Npy.h"

#include "engine/bench/ArgumentBuffer.h"

namespace affjit::cli {

/// The MLIR element type name of `kind`, as runtime/Npy.h takes it.
static const char *elementTypeName(ScalarKind kind) {
  switch (kind) {
  case ScalarKind::I1:
    return "i1";
  case ScalarKind::I8:
    return "i8";
  case ScalarKind::I16:
    return "i16";
  case ScalarKind::I32:
    return "i32";
  case ScalarKind::I64:
    return "i64";
  case ScalarKind::Index:
    return "index";
  case ScalarKind::F32:
    return "f32";
  case ScalarKind::F64:
    return "f64";
  }
  return "";
}

std::string npyDtype(ScalarKind kind) {
  return rt::npy::dtypeOf(elementTypeName(kind)).value_or("");
}

void writeNpy(std::ostream &os, ScalarKind kind,
              const std::vector<int64_t> &shape, const void *data) {
  size_t elements = 1;
  for (int64_t s : shape)
    elements *= (size_t)s;
  // The shape and dtype come from a memref of that kind: nothing to reject.
  (void)rt::npy::write(os, npyDtype(kind), shape, data,
                       elements * bench::elementBytes(kind));
}

Expected<NpyArray> readNpy(const std::string &path) {
  rt::npy::ReadResult r = rt::npy::read(path);
  if (!r.array)
    return Error(r.error);
  return std::move(*r.array);
}

} // namespace affjit::cli

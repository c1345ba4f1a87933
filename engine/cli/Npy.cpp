// .npy files of memref arguments (Npy.h).
#include "engine/cli/Npy.h"

#include "engine/api/ArgumentCheck.h"
#include "engine/bench/ArgumentBuffer.h"

namespace affjit::cli {

std::string npyDtype(ScalarKind kind) {
  return rt::npy::dtypeOf(describe(kind)).value_or("");
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

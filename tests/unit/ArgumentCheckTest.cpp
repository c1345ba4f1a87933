// The precomputed argument check a call takes first (parameterMatches,
// engine/api/ArgumentCheck.h) accepts exactly what checkArgument accepts:
// random arguments (scalars of every kind, memrefs of every rank with
// sizes and strides that do and do not fit, null descriptors) against
// parameters of every kind a signature can have.
#include "engine/api/ArgumentCheck.h"
#include "engine/api/FunctionInfo.h"
#include "frontend/ir/FuncOps.h"
#include "support/BruteForceAccesses.h"

#include <gtest/gtest.h>

#include <deque>
#include <random>
#include <vector>

using namespace affjit;

namespace {

const char *const kParameterTypes[] = {
    "f32",
    "f64",
    "i1",
    "i8",
    "i32",
    "i64",
    "index",
    "vector<4xf32>",
    "memref<f32>",
    "memref<4xf32>",
    "memref<?xf32>",
    "memref<?xf64>",
    "memref<2x?xf64>",
    "memref<?x3xi32>",
    "memref<2x2xi8>",
    "memref<4xindex>",
    "memref<*xf32>",
    "memref<3x4xf32, strided<[8, 1]>>",
    "memref<?x?xf32, strided<[?, ?], offset: ?>>",
    "memref<2x3x4xf32>",
};

std::vector<Type> parameterTypes() {
  std::string args;
  for (size_t i = 0; i < std::size(kParameterTypes); ++i)
    args += (i ? ", %a" : "%a") + std::to_string(i) + ": " + kParameterTypes[i];
  static std::unique_ptr<test::ParsedModule> m =
      test::expectParsed("func.func @f(" + args + ") {\n  return\n}\n");
  return FuncOp(m->func()).getFunctionType().getInputs();
}

const ScalarKind kKinds[] = {
    ScalarKind::I1,  ScalarKind::I8,    ScalarKind::I16, ScalarKind::I32,
    ScalarKind::I64, ScalarKind::Index, ScalarKind::F32, ScalarKind::F64};

/// A random argument, half the time shaped like the parameter `like`
/// (its kind, rank and static sizes); memref descriptors live in
/// `storage`.
detail::Argument randomArgument(std::mt19937 &rng,
                                const detail::ParameterCheck &like,
                                std::deque<std::vector<int64_t>> &storage) {
  bool shaped = rng() % 2 == 0;
  detail::Argument a{};
  a.scalar = shaped ? like.kind : kKinds[rng() % std::size(kKinds)];
  if (shaped ? !like.memref : rng() % 3 == 0) {
    a.kind = detail::Argument::Kind::Scalar;
    return a;
  }
  a.kind = detail::Argument::Kind::MemRef;
  a.rank = shaped ? like.rank : rng() % 4;
  if (rng() % 20 == 0)
    return a; // null descriptor
  std::vector<int64_t> &d = storage.emplace_back(3 + 2 * a.rank, 0);
  int64_t stride = 1;
  for (int64_t k = a.rank; k-- > 0;) {
    bool fixed = shaped && (size_t)k < like.sizes.size() &&
                 like.sizes[k] != kDynamic && rng() % 8 != 0;
    int64_t size = fixed ? like.sizes[k] : rng() % 5;
    d[3 + k] = size;
    // Mostly row-major; sometimes padded or arbitrary.
    d[3 + a.rank + k] = rng() % 4 == 0 ? (int64_t)(rng() % 9) : stride;
    stride *= rng() % 4 == 0 ? size + 1 : size;
  }
  a.descriptor = d.data();
  return a;
}

TEST(ArgumentCheck, PrecomputedCheckAcceptsExactlyWhatCheckArgumentAccepts) {
  std::vector<Type> types = parameterTypes();
  ASSERT_EQ(types.size(), std::size(kParameterTypes));
  std::vector<detail::ParameterCheck> checks;
  for (Type t : types)
    checks.push_back(parameterCheckOf(t));
  std::mt19937 rng(7);
  std::deque<std::vector<int64_t>> storage;
  int accepted = 0, refused = 0;
  for (int n = 0; n < 20000; ++n) {
    size_t p = rng() % types.size();
    detail::Argument a = randomArgument(rng, checks[p], storage);
    bool full = checkArgument(a, types[p]).empty();
    ASSERT_EQ(parameterMatches(a, checks[p]), full)
        << kParameterTypes[p] << " rank " << a.rank << " kind "
        << describe(a.scalar);
    (full ? accepted : refused)++;
  }
  EXPECT_GT(accepted, 1000);
  EXPECT_GT(refused, 1000);
}

} // namespace

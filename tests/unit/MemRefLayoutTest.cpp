// Memref layouts and view result types (frontend/ir/MemRefLayout and
// MemRefShapeInference) against MLIR 19. For subview, collapse_shape,
// expand_shape and transpose, mlir-opt must accept the op with the type
// affjit infers and, given a wrong result type, must name that same type as
// the one it expected; a rank-reduced subview with a wrong layout must be
// rejected; memref.cast compatibility must agree with what mlir-opt accepts;
// contiguity must agree with whether mlir-opt lowers memref.copy to a memcpy.
// A few results are also derived by hand from the memref seed's examples.
#include "frontend/ir/MemRefLayout.h"
#include "frontend/ir/MemRefShapeInference.h"
#include "frontend/parse/AffineParser.h"
#include "support/MlirOracle.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>

using namespace affjit;
using namespace affjit::test;

namespace {

using Shape = std::vector<int64_t>;
constexpr int64_t D = kDynamic;

AffineMap mustParseMap(const std::string &text) {
  auto r = parseAffineMap(text);
  if (auto *e = std::get_if<AffineParseError>(&r)) {
    ADD_FAILURE() << text << ": " << e->message;
    return AffineMap();
  }
  return std::get<AffineMap>(r);
}

Type strided(Shape shape, Shape strides, int64_t offset = 0,
             Type elt = Type::f32(), int64_t space = 0) {
  return Type::stridedMemref(std::move(shape), elt, std::move(strides), offset,
                             space);
}

Type mapped(Shape shape, const std::string &map) {
  return Type::mapMemref(std::move(shape), Type::f32(), mustParseMap(map));
}

/// A type of `shape` that no inference produces: every stride and the
/// offset 7777.
Type bogusLayout(Type like) {
  StridedLayout l{Shape(like.getShape().size(), 7777), 7777};
  return makeStridedMemRefType(like, like.getShape(), l);
}

/// `[a, b, ?]` with `%i` for each dynamic entry, as op syntax writes it.
std::string mixedList(const Shape &values) {
  std::string s = "[";
  for (size_t k = 0; k < values.size(); ++k)
    s += (k ? ", " : "") +
         (values[k] == D ? std::string("%i") : std::to_string(values[k]));
  return s + "]";
}

std::string groupsText(const Reassociation &groups) {
  std::string s = "[";
  for (size_t g = 0; g < groups.size(); ++g) {
    s += g ? ", [" : "[";
    for (size_t k = 0; k < groups[g].size(); ++k)
      s += (k ? ", " : "") + std::to_string(groups[g][k]);
    s += "]";
  }
  return s + "]";
}

/// A function taking `%m` of `type` and an index `%i`, running `op`.
std::string function(Type type, const std::string &op) {
  return "func.func @f(%m: " + type.str() + ", %i: index) {\n  " + op +
         "\n  return\n}\n";
}

/// The text quoted after `prefix` in `message`, or "" if absent.
std::string quotedAfter(const std::string &message, const std::string &prefix) {
  size_t at = message.find(prefix + "'");
  if (at == std::string::npos)
    return "";
  at += prefix.size() + 1;
  return message.substr(at, message.find('\'', at) - at);
}

/// Chunks of one `mlir-opt -split-input-file` run, each with the first
/// error mlir-opt reported for it and its share of the output.
class SplitRun {
public:
  /// Adds a chunk; returns its index.
  size_t add(const std::string &chunk) {
    bool first = starts.empty();
    if (!first)
      text += "// -----\n";
    starts.push_back(line);
    text += chunk;
    line += (first ? 0 : 1) +
            (unsigned)std::count(chunk.begin(), chunk.end(), '\n');
    return starts.size() - 1;
  }

  void run(const std::string &flags = "") {
    std::string path = writeTempFile(text);
    CommandResult r = runCommand(shellQuote(mlirOpt()) + " -split-input-file " +
                                 flags + " " + shellQuote(path));
    errors.assign(starts.size(), "");
    for (const std::string &l : splitLines(r.err))
      recordError(l);
    outputs.assign(1, "");
    for (const std::string &l : splitLines(r.out)) {
      if (l == "// -----")
        outputs.emplace_back();
      else
        outputs.back() += l + "\n";
    }
  }

  const std::string &error(size_t chunk) const { return errors[chunk]; }
  std::string output(size_t chunk) const {
    return chunk < outputs.size() ? outputs[chunk] : "";
  }

private:
  /// `within split at PATH:N offset :L:C: error: MESSAGE`, N being the
  /// line where the chunk (with its separator) starts.
  void recordError(const std::string &l) {
    size_t at = l.find("within split at ");
    size_t err = l.find(": error: ");
    if (at == std::string::npos || err == std::string::npos)
      return;
    size_t colon = l.rfind(':', l.find(" offset ", at));
    unsigned start = (unsigned)std::stoul(l.substr(colon + 1));
    for (size_t c = 0; c < starts.size(); ++c)
      if (starts[c] == start && errors[c].empty())
        errors[c] = l.substr(err + 9);
  }

  std::string text;
  std::vector<unsigned> starts;
  unsigned line = 1;
  std::vector<std::string> errors, outputs;
};

//===-- subview ----------------------------------------------------------===//

struct SubViewCase {
  Type source;
  Shape offsets, sizes, strides;
};

std::string subviewOp(const SubViewCase &c, Type result) {
  return "%0 = memref.subview %m" + mixedList(c.offsets) + mixedList(c.sizes) +
         mixedList(c.strides) + " : " + c.source.str() + " to " + result.str();
}

std::vector<SubViewCase> handWrittenSubViews() {
  Type f32 = Type::f32();
  return {
      {Type::memref({8, 16, 4}, f32), {0, 2, 0}, {4, 4, 4}, {1, 1, 1}},
      {Type::memref({8, 16, 4}, f32), {3, 4, 2}, {1, 6, 3}, {1, 1, 1}},
      {mapped({8, 16, 4}, "(d0, d1, d2) -> (d0 * 64 + d1 * 4 + d2)"),
       {0, 2, 0},
       {4, 4, 4},
       {64, 4, 1}},
      {mapped({64, 4}, "(d0, d1) -> (d0 * 4 + d1)"), {D, D}, {D, D}, {D, D}},
      {Type::memref({D, D}, f32), {D, D}, {4, 4}, {D, D}},
      {strided({4, D}, {D, 2}, 3, f32, 1), {D, 1}, {2, 1}, {1, D}},
      {Type::memref({D, 8}, Type::f64()), {2, 3}, {D, 4}, {2, 1}},
      {Type::memref({100}, Type::integer(32)), {10}, {20}, {3}},
      {mapped({4, 4}, "(d0, d1)[s0] -> (d0 * 4 + d1 + s0)"),
       {1, 1},
       {2, 2},
       {1, 1}},
      {mapped({4, 4}, "(d0, d1)[s0] -> (d0 * s0 + d1)"),
       {1, 2},
       {2, 2},
       {1, 1}},
      {Type::memref({4, 4}, Type::vector({4}, f32)), {1, 1}, {2, 2}, {1, 1}},
      {Type::memref({5, 1, 7}, Type::f16(), 2),
       {1, 0, 2},
       {3, 1, 4},
       {1, 1, 2}},
      {strided({6, 6}, {D, D}, D), {0, 0}, {3, 3}, {2, 2}},
  };
}

/// Random strided sources (static and dynamic sizes, strides, offsets) and
/// subview arguments within them.
std::vector<SubViewCase> randomSubViews(unsigned count) {
  std::mt19937 rng(1234);
  auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  std::vector<SubViewCase> out;
  for (unsigned n = 0; n < count; ++n) {
    size_t rank = pick(1, 3);
    Shape shape, strides;
    for (size_t d = 0; d < rank; ++d) {
      shape.push_back(pick(0, 4) == 0 ? D : pick(1, 9));
      // MLIR 19 rejects zero strides in strided<> layouts.
      strides.push_back(pick(0, 4) == 0 ? D : pick(1, 40));
    }
    int64_t offset = pick(0, 3) == 0 ? D : pick(0, 50);
    SubViewCase c;
    c.source = pick(0, 2) == 0 ? Type::memref(shape, Type::f32())
                               : strided(shape, strides, offset);
    for (size_t d = 0; d < rank; ++d) {
      c.offsets.push_back(pick(0, 3) == 0 ? D : pick(0, 5));
      c.sizes.push_back(pick(0, 3) == 0 ? D : pick(1, 5));
      c.strides.push_back(pick(0, 3) == 0 ? D : pick(1, 3));
    }
    out.push_back(c);
  }
  return out;
}

void checkSubViews(const std::vector<SubViewCase> &cases) {
  SplitRun run;
  std::vector<std::pair<size_t, size_t>> chunks;
  std::vector<Type> inferred;
  for (const SubViewCase &c : cases) {
    auto t = inferSubViewResultType(c.source, c.offsets, c.sizes, c.strides);
    ASSERT_TRUE(t) << c.source;
    inferred.push_back(*t);
    Type wrong = Type::memref({7777}, c.source.getElementType(),
                              c.source.getMemorySpace());
    chunks.push_back({run.add(function(c.source, subviewOp(c, *t))),
                      run.add(function(c.source, subviewOp(c, wrong)))});
  }
  run.run();
  for (size_t k = 0; k < cases.size(); ++k) {
    SCOPED_TRACE(subviewOp(cases[k], inferred[k]));
    EXPECT_EQ(run.error(chunks[k].first), "");
    EXPECT_EQ(quotedAfter(run.error(chunks[k].second), "result type to be "),
              inferred[k].str())
        << run.error(chunks[k].second);
  }
}

TEST(MemRefLayoutTest, SubViewResultTypesMatchMlir) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found";
  checkSubViews(handWrittenSubViews());
}

TEST(MemRefLayoutTest, RandomSubViewResultTypesMatchMlir) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found";
  checkSubViews(randomSubViews(60));
}

/// The seed's examples 3 and 5, worked out by hand.
TEST(MemRefLayoutTest, SubViewSeedExamples) {
  Type f32 = Type::f32();
  // Example 3: offset 2 * 4 = 8; the layout's strides [64, 4, 1] scaled by
  // the subview's [64, 4, 1].
  auto t = inferSubViewResultType(
      mapped({8, 16, 4}, "(d0, d1, d2) -> (d0 * 64 + d1 * 4 + d2)"), {0, 2, 0},
      {4, 4, 4}, {64, 4, 1});
  ASSERT_TRUE(t);
  EXPECT_EQ(*t, strided({4, 4, 4}, {4096, 16, 1}, 8));
  // Example 5: offset 3 * 64 + 4 * 4 + 2 = 210, strides [4, 1].
  auto reduced = inferRankReducedSubViewResultType(
      {6, 3}, Type::memref({8, 16, 4}, f32), {3, 4, 2}, {1, 6, 3}, {1, 1, 1});
  ASSERT_TRUE(reduced);
  EXPECT_EQ(reduced->str(), "memref<6x3xf32, strided<[4, 1], offset: 210>>");
  auto first = inferRankReducedSubViewResultType(
      {16, 4}, Type::memref({8, 16, 4}, f32), {0, 0, 0}, {1, 16, 4}, {1, 1, 1});
  ASSERT_TRUE(first);
  EXPECT_EQ(getStridedLayout(*first)->strides,
            getStridedLayout(Type::memref({16, 4}, f32))->strides);
  EXPECT_EQ(getStridedLayout(*first)->offset, 0);
  // Arguments that do not fit the source.
  EXPECT_FALSE(
      inferSubViewResultType(Type::memref({4}, f32), {0, 0}, {1, 1}, {1, 1}));
  EXPECT_FALSE(
      inferSubViewResultType(mapped({4}, "(d0) -> (d0 mod 2)"), {0}, {1}, {1}));
  EXPECT_FALSE(inferRankReducedSubViewResultType(
      {3}, Type::memref({8, 16, 4}, f32), {0, 0, 0}, {2, 3, 1}, {1, 1, 1}));
}

struct RankReducedCase {
  Shape resultShape;
  SubViewCase view;
};

TEST(MemRefLayoutTest, RankReducedSubViewsMatchMlir) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found";
  Type f32 = Type::f32();
  std::vector<RankReducedCase> cases = {
      {{16, 4},
       {Type::memref({8, 16, 4}, f32), {0, 0, 0}, {1, 16, 4}, {1, 1, 1}}},
      {{6, 3},
       {Type::memref({8, 16, 4}, f32), {3, 4, 2}, {1, 6, 3}, {1, 1, 1}}},
      {{1, 4},
       {strided({1, 1, 8}, {D, D, 1}, D), {0, 0, D}, {1, 1, 4}, {1, 1, 2}}},
      {{2, 3},
       {strided({4, 1, 6}, {12, 6, 1}, 0, Type::f64()),
        {1, 0, 2},
        {2, 1, 3},
        {1, 1, 2}}},
      {{D}, {Type::memref({D, 9}, f32), {D, 3}, {D, 1}, {2, 1}}},
      {{}, {Type::memref({3, 3}, f32, 1), {1, 2}, {1, 1}, {1, 1}}},
  };
  SplitRun run;
  std::vector<std::pair<size_t, size_t>> chunks;
  std::vector<Type> inferred;
  for (const RankReducedCase &c : cases) {
    const SubViewCase &v = c.view;
    auto t = inferRankReducedSubViewResultType(c.resultShape, v.source,
                                               v.offsets, v.sizes, v.strides);
    ASSERT_TRUE(t) << v.source;
    inferred.push_back(*t);
    StridedLayout wrong = *getStridedLayout(*t);
    wrong.offset = 7777;
    Type bad = makeStridedMemRefType(*t, t->getShape(), wrong);
    chunks.push_back({run.add(function(v.source, subviewOp(v, *t))),
                      run.add(function(v.source, subviewOp(v, bad)))});
  }
  run.run();
  for (size_t k = 0; k < cases.size(); ++k) {
    SCOPED_TRACE(subviewOp(cases[k].view, inferred[k]));
    EXPECT_EQ(run.error(chunks[k].first), "");
    EXPECT_NE(run.error(chunks[k].second).find("mismatch of result layout"),
              std::string::npos)
        << run.error(chunks[k].second);
  }
}

TEST(MemRefLayoutTest, RankReductionMasks) {
  EXPECT_EQ(computeRankReductionMask({1, 4, 1, 3}, {4, 3}),
            (std::vector<bool>{true, false, true, false}));
  EXPECT_EQ(computeRankReductionMask({1, 1, 4}, {1, 4}),
            (std::vector<bool>{false, true, false}));
  EXPECT_FALSE(computeRankReductionMask({2, 4}, {4}));
  EXPECT_FALSE(computeRankReductionMask({4}, {4, 1}));
  // Two unit dims; the strides say the second was dropped.
  Type original = strided({1, 1, 4}, {40, 8, 1});
  Type reduced = strided({1, 4}, {40, 1});
  EXPECT_EQ(computeMemRefRankReductionMask(original, reduced, {1, 1, 4}),
            (std::vector<bool>{false, true, false}));
}

//===-- collapse_shape and expand_shape
//------------------------------------===//

struct CollapseCase {
  Type source;
  Reassociation groups;
};

std::string collapseOp(const CollapseCase &c, Type result) {
  return "%0 = memref.collapse_shape %m " + groupsText(c.groups) + " : " +
         c.source.str() + " into " + result.str();
}

/// The collapsed shape written out independently of the inference.
Shape collapsedShapeOf(const CollapseCase &c) {
  Shape out;
  for (const auto &g : c.groups) {
    int64_t n = 1;
    for (int64_t d : g)
      n = c.source.getDimSize((unsigned)d) == D || n == D
              ? D
              : n * c.source.getDimSize((unsigned)d);
    out.push_back(n);
  }
  return out;
}

std::vector<CollapseCase> handWrittenCollapses() {
  Type f32 = Type::f32();
  return {
      {Type::memref({2, 3, 4}, f32), {{0, 1}, {2}}},
      {Type::memref({D, 3, 4}, f32), {{0, 1, 2}}},
      {strided({2, 3, 4}, {12, 4, 1}, 5), {{0}, {1, 2}}},
      {strided({2, 3, 4}, {24, 4, 1}), {{0}, {1, 2}}},
      {strided({2, 1, 4}, {D, 100, 1}, D), {{0, 1, 2}}},
      {strided({4, 1}, {1, 7}), {{0, 1}}},
      {strided({2, 1, 4}, {4, 4, 1}), {{0, 1, 2}}},
      {strided({1, 1}, {3, 3}, 2), {}},
      {mapped({4, 8}, "(d0, d1) -> (d0 * 8 + d1 + 3)"), {{0, 1}}},
      {Type::memref({2, 2}, Type::vector({2}, f32), 3), {{0, 1}}},
      {strided({D, 4}, {D, 1}, D), {{0, 1}}},
      {strided({3, D}, {D, 1}), {{0, 1}}},
      // Not collapsible: a gap between the rows.
      {strided({2, 4}, {8, 1}), {{0, 1}}},
      {strided({2, 3, 4}, {12, 5, 1}), {{0}, {1, 2}}},
      // A rank-1 strided<[1]> has the identity map, so its reshapes have
      // the identity layout; with an offset they do not.
      {strided({24}, {1}), {{0}}},
      {strided({1}, {1}), {}},
      {strided({24}, {1}, 3), {{0}}},
  };
}

std::vector<CollapseCase> randomCollapses(unsigned count) {
  std::mt19937 rng(99);
  auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  std::vector<CollapseCase> out;
  for (unsigned n = 0; n < count; ++n) {
    size_t rank = pick(1, 4);
    Shape shape, strides(rank);
    for (size_t d = 0; d < rank; ++d)
      shape.push_back(pick(0, 5) == 0 ? D : pick(1, 4));
    // Mostly row-major strides, sometimes with a gap or a dynamic one.
    int64_t running = pick(1, 2);
    for (size_t d = rank; d-- > 0;) {
      strides[d] = pick(0, 5) == 0 ? D : running;
      running = saturatedMul(running, shape[d]);
      if (running != D && pick(0, 4) == 0)
        running += 1;
    }
    CollapseCase c;
    c.source = strided(shape, strides, pick(0, 3) == 0 ? D : pick(0, 9));
    for (size_t d = 0; d < rank; ++d) {
      if (c.groups.empty() || pick(0, 1) == 0)
        c.groups.emplace_back();
      c.groups.back().push_back((int64_t)d);
    }
    out.push_back(c);
  }
  return out;
}

void checkCollapses(const std::vector<CollapseCase> &cases) {
  SplitRun run;
  std::vector<std::pair<size_t, size_t>> chunks;
  std::vector<std::optional<Type>> inferred;
  for (const CollapseCase &c : cases) {
    inferred.push_back(inferCollapsedType(c.source, c.groups));
    Type probe =
        bogusLayout(Type::memref(collapsedShapeOf(c), c.source.getElementType(),
                                 c.source.getMemorySpace()));
    size_t ok =
        inferred.back()
            ? run.add(function(c.source, collapseOp(c, *inferred.back())))
            : 0;
    chunks.push_back({ok, run.add(function(c.source, collapseOp(c, probe)))});
  }
  run.run();
  for (size_t k = 0; k < cases.size(); ++k) {
    SCOPED_TRACE(
        collapseOp(cases[k], inferred[k] ? *inferred[k] : cases[k].source));
    const std::string &err = run.error(chunks[k].second);
    if (!inferred[k]) {
      EXPECT_NE(err.find("invalid source layout map or collapsing "
                         "non-contiguous dims"),
                std::string::npos)
          << err;
      continue;
    }
    EXPECT_EQ(run.error(chunks[k].first), "");
    EXPECT_EQ(quotedAfter(err, "expected collapsed type to be "),
              inferred[k]->str())
        << err;
  }
}

TEST(MemRefLayoutTest, CollapsedTypesMatchMlir) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found";
  checkCollapses(handWrittenCollapses());
}

TEST(MemRefLayoutTest, RandomCollapsedTypesMatchMlir) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found";
  checkCollapses(randomCollapses(60));
}

TEST(MemRefLayoutTest, InvalidReassociations) {
  Type t = Type::memref({2, 3, 4}, Type::f32());
  EXPECT_FALSE(inferCollapsedType(t, {{0, 2}, {1}}));
  EXPECT_FALSE(inferCollapsedType(t, {{0, 1}}));
  EXPECT_FALSE(inferCollapsedType(t, {{0, 1, 2, 3}}));
  // An empty group (mlir-opt 19 crashes on it) is refused, not read.
  EXPECT_FALSE(inferCollapsedType(strided({2, 4}, {8, 1}), {{}, {0, 1}}));
  EXPECT_FALSE(
      inferExpandedType(Type::memref({6}, Type::f32()), {2, 4}, {{0, 1}}));
  EXPECT_EQ(checkReassociation({6, 4}, {2, 3, 4}, {{0, 1}, {2}}), "");
  EXPECT_EQ(checkReassociation({7, 4}, {2, 3, 4}, {{0, 1}, {2}}),
            "collapsed dim size (7) must equal reassociation group size (6)");
  EXPECT_EQ(checkReassociation({24}, {2, 3, 4}, {{0, 2}}),
            "reassociation indices must be contiguous");
  EXPECT_EQ(checkReassociation({}, {1, 2}, {}),
            "rank 0 memrefs can only be extended/collapsed with/from ones");
}

struct ExpandCase {
  Type source;
  Shape result;
  Reassociation groups;
};

std::string expandOp(const ExpandCase &c, Type result) {
  return "%0 = memref.expand_shape %m " + groupsText(c.groups) +
         " output_shape " + mixedList(c.result) + " : " + c.source.str() +
         " into " + result.str();
}

TEST(MemRefLayoutTest, ExpandedTypesMatchMlir) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found";
  Type f32 = Type::f32();
  std::vector<ExpandCase> cases = {
      {Type::memref({6, 4}, f32), {2, 3, 4}, {{0, 1}, {2}}},
      {strided({D, 4}, {D, 1}, D), {D, 3, 4}, {{0, 1}, {2}}},
      {strided({24}, {2}, 7), {2, 3, 4}, {{0, 1, 2}}},
      {strided({}, {}, 3), {1, 1}, {}},
      {strided({12, 5}, {10, 2}), {3, 4, 5, 1}, {{0, 1}, {2, 3}}},
      {mapped({4, 8}, "(d0, d1) -> (d0 * 16 + d1)"), {2, 2, 8}, {{0, 1}, {2}}},
      {Type::memref({D}, Type::integer(8), 1), {D, 4}, {{0, 1}}},
      {strided({8}, {3}, 2), {2, 4}, {{0, 1}}},
      {strided({24}, {1}), {3, 8}, {{0, 1}}},
      {strided({24}, {1}, 4), {3, 8}, {{0, 1}}},
      {strided({3, 8}, {8, 1}), {3, 2, 4}, {{0}, {1, 2}}},
  };
  SplitRun run;
  std::vector<std::pair<size_t, size_t>> chunks;
  std::vector<Type> inferred;
  for (const ExpandCase &c : cases) {
    auto t = inferExpandedType(c.source, c.result, c.groups);
    ASSERT_TRUE(t) << c.source;
    inferred.push_back(*t);
    chunks.push_back(
        {run.add(function(c.source, expandOp(c, *t))),
         run.add(function(c.source, expandOp(c, bogusLayout(*t))))});
  }
  run.run();
  for (size_t k = 0; k < cases.size(); ++k) {
    SCOPED_TRACE(expandOp(cases[k], inferred[k]));
    EXPECT_EQ(run.error(chunks[k].first), "");
    EXPECT_EQ(quotedAfter(run.error(chunks[k].second),
                          "expected expanded type to be "),
              inferred[k].str())
        << run.error(chunks[k].second);
  }
}

//===-- transpose
//----------------------------------------------------------===//

struct TransposeCase {
  Type source;
  std::vector<unsigned> perm;
};

std::string transposeOp(const TransposeCase &c, Type result) {
  std::string dims, results;
  for (size_t d = 0; d < c.perm.size(); ++d) {
    dims += (d ? ", d" : "d") + std::to_string(d);
    results += (d ? ", d" : "d") + std::to_string(c.perm[d]);
  }
  return "%0 = memref.transpose %m (" + dims + ") -> (" + results +
         ") : " + c.source.str() + " to " + result.str();
}

TEST(MemRefLayoutTest, TransposedTypesMatchMlir) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found";
  Type f32 = Type::f32();
  std::vector<TransposeCase> cases = {
      {Type::memref({4, 8}, f32), {1, 0}},
      {Type::memref({4, 8}, f32), {0, 1}},
      {strided({2, 3, 4}, {D, 4, 1}, D), {2, 0, 1}},
      {strided({D, 5}, {5, 1}, 10, Type::f64(), 1), {1, 0}},
      {Type::memref({D, 3, D}, f32), {1, 2, 0}},
      {mapped({4, 8}, "(d0, d1) -> (d0 * 10 + d1 * 2)"), {1, 0}},
  };
  SplitRun run;
  std::vector<std::pair<size_t, size_t>> chunks;
  std::vector<Type> inferred;
  for (const TransposeCase &c : cases) {
    auto t = inferTransposedType(c.source, c.perm);
    ASSERT_TRUE(t) << c.source;
    inferred.push_back(*t);
    chunks.push_back(
        {run.add(function(c.source, transposeOp(c, *t))),
         run.add(function(c.source, transposeOp(c, bogusLayout(*t))))});
  }
  run.run();
  for (size_t k = 0; k < cases.size(); ++k) {
    SCOPED_TRACE(transposeOp(cases[k], inferred[k]));
    EXPECT_EQ(run.error(chunks[k].first), "");
    EXPECT_EQ(quotedAfter(run.error(chunks[k].second),
                          "canonical transposed input type "),
              canonicalizeStridedLayout(inferred[k]).str())
        << run.error(chunks[k].second);
  }
  EXPECT_FALSE(inferTransposedType(Type::memref({4, 8}, f32), {0, 0}));
  EXPECT_FALSE(inferTransposedType(Type::memref({4, 8}, f32), {1}));
}

//===-- cast compatibility and contiguity
//----------------------------------===//

TEST(MemRefLayoutTest, CastCompatibilityMatchesMlir) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found";
  Type f32 = Type::f32();
  Type unranked = Type::unrankedMemref(f32);
  std::vector<std::pair<Type, Type>> pairs = {
      {Type::memref({4}, f32), Type::memref({D}, f32)},
      {Type::memref({4}, f32), Type::memref({5}, f32)},
      {Type::memref({4}, f32), unranked},
      {unranked, Type::memref({4}, f32)},
      {unranked, unranked},
      {strided({4, 4}, {4, 1}, 2), strided({4, 4}, {D, 1}, D)},
      {Type::memref({4, 4}, f32), strided({4, 4}, {4, 1})},
      {Type::memref({4, 4}, f32), strided({4, 4}, {8, 1})},
      {Type::memref({4}, f32), Type::memref({4}, Type::integer(32))},
      {Type::memref({4}, f32, 1), Type::memref({4}, f32)},
      {Type::memref({4}, f32), Type::memref({4, 1}, f32)},
      {mapped({4, 4}, "(d0, d1) -> (d0 * 8 + d1)"), strided({4, 4}, {8, 1})},
      {mapped({4, 4}, "(d0, d1) -> (d1, d0)"), Type::memref({4, 4}, f32)},
      {Type::memref({D, 4}, f32), Type::memref({4, D}, f32)},
      {Type::unrankedMemref(f32, 1), Type::memref({4}, f32)},
      {strided({4}, {D}, 3), strided({4}, {2}, D)},
      {strided({4}, {2}, 3), strided({4}, {2}, 4)},
  };
  SplitRun run;
  for (const auto &[from, to] : pairs)
    run.add(function(from, "%0 = memref.cast %m : " + from.str() + " to " +
                               to.str()));
  run.run();
  for (size_t k = 0; k < pairs.size(); ++k) {
    SCOPED_TRACE(pairs[k].first.str() + " to " + pairs[k].second.str());
    EXPECT_EQ(areCastCompatible(pairs[k].first, pairs[k].second),
              run.error(k).empty())
        << run.error(k);
  }
}

/// mlir-opt's memref.copy lowering uses a memcpy exactly when both sides
/// are identity or isStaticShapeAndContiguousRowMajor (and not empty).
TEST(MemRefLayoutTest, ContiguityMatchesMlirCopyLowering) {
  if (!mlirAvailable())
    GTEST_SKIP() << "mlir-opt not found";
  std::vector<Type> types = {
      strided({1, 4}, {100, 1}, 5),
      strided({2, 4}, {8, 1}),
      strided({2, 4}, {4, 1}, 3),
      strided({4}, {2}),
      strided({1, 1}, {5, 3}),
      strided({2, 1, 4}, {4, 7, 1}),
      strided({3, 4}, {D, 1}),
      strided({3, 4}, {4, 1}, D),
      strided({3, 1, 2}, {2, 2, 1}),
      mapped({3, 4}, "(d0, d1) -> (d0 * 4 + d1 + 2)"),
      mapped({3, 4}, "(d0, d1) -> (d0 + d1 * 3)"),
  };
  SplitRun run;
  for (Type t : types)
    run.add("func.func @f(%a: " + t.str() + ", %b: " + t.str() +
            ") {\n  memref.copy %a, %b : " + t.str() + " to " + t.str() +
            "\n  return\n}\n");
  run.run("--finalize-memref-to-llvm");
  for (size_t k = 0; k < types.size(); ++k) {
    SCOPED_TRACE(types[k].str());
    ASSERT_EQ(run.error(k), "");
    bool memcpy = run.output(k).find("llvm.intr.memcpy") != std::string::npos;
    EXPECT_EQ(isStaticShapeAndContiguousRowMajor(types[k]), memcpy);
  }
  Type f32 = Type::f32();
  EXPECT_TRUE(isStaticShapeAndContiguousRowMajor(Type::memref({3, 4}, f32)));
  EXPECT_FALSE(isStaticShapeAndContiguousRowMajor(Type::memref({D, 4}, f32)));
  EXPECT_FALSE(isStaticShapeAndContiguousRowMajor(
      mapped({3, 4}, "(d0, d1) -> (d0 mod 2, d1)")));
}

TEST(MemRefLayoutTest, StridedLayoutOfEachLayoutKind) {
  Type f32 = Type::f32();
  auto identity = getStridedLayout(Type::memref({2, D, 3}, f32));
  ASSERT_TRUE(identity);
  EXPECT_EQ(identity->strides, (Shape{D, 3, 1}));
  EXPECT_EQ(identity->offset, 0);
  auto map = getStridedLayout(
      mapped({4, 4}, "(d0, d1)[s0] -> (d0 * 4 + s0 + d1 * 2)"));
  ASSERT_TRUE(map);
  EXPECT_EQ(map->strides, (Shape{4, 2}));
  EXPECT_EQ(map->offset, D);
  EXPECT_FALSE(getStridedLayout(mapped({4, 4}, "(d0, d1) -> (d0 floordiv 2)")));
  EXPECT_FALSE(getStridedLayout(Type::unrankedMemref(f32)));
  EXPECT_FALSE(getStridedLayout(Type::vector({4}, f32)));
  EXPECT_EQ(saturatedMul(0, D), 0);
  EXPECT_EQ(saturatedMul(3, D), D);
  EXPECT_EQ(saturatedAdd(3, D), D);
  EXPECT_TRUE(haveSameLayout(strided({4}, {2}, 1), strided({8}, {2}, 1)));
  EXPECT_FALSE(haveSameLayout(Type::memref({4}, f32), strided({4}, {1})));
}

} // namespace

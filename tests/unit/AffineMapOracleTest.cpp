// Affine maps and integer sets against MLIR 19: hand-written and randomly
// generated maps are parsed and printed by affjit, and by mlir-opt (as
// `#mapN` aliases of one module), and the texts must be identical. Also:
// evaluation against direct integer arithmetic, SSA-id forms, and errors.
#include "frontend/parse/AffineParser.h"
#include "frontend/print/Printer.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <random>
#include <regex>
#include <sstream>

using namespace affjit;
using namespace affjit::test;

namespace {

AffineMap mustParseMap(const std::string &text) {
  auto r = parseAffineMap(text);
  if (auto *e = std::get_if<AffineParseError>(&r)) {
    ADD_FAILURE() << text << ": " << e->message << " at " << e->offset;
    return AffineMap();
  }
  return std::get<AffineMap>(r);
}

/// Random pure-affine expression text over d0..d2, s0..s1.
std::string randomExpr(std::mt19937 &rng, int depth) {
  std::uniform_int_distribution<int> pick(0, depth > 0 ? 7 : 2);
  std::uniform_int_distribution<int> small(-9, 9), pos(1, 9), var(0, 4);
  auto leaf = [&]() -> std::string {
    int v = var(rng);
    if (v < 3)
      return "d" + std::to_string(v);
    if (v < 5)
      return "s" + std::to_string(v - 3);
    return std::to_string(small(rng));
  };
  switch (pick(rng)) {
  case 0:
  case 1:
    return leaf();
  case 2:
    return std::to_string(small(rng));
  case 3:
    return "(" + randomExpr(rng, depth - 1) + " + " +
           randomExpr(rng, depth - 1) + ")";
  case 4:
    return "(" + randomExpr(rng, depth - 1) + " - " +
           randomExpr(rng, depth - 1) + ")";
  case 5:
    return "(" + randomExpr(rng, depth - 1) + " * " +
           std::to_string(small(rng)) + ")";
  case 6: {
    const char *ops[] = {" floordiv ", " ceildiv ", " mod "};
    return "(" + randomExpr(rng, depth - 1) + ops[pos(rng) % 3] +
           std::to_string(pos(rng)) + ")";
  }
  default:
    return "-" + leaf();
  }
}

std::vector<std::string> corpusMaps() {
  std::vector<std::string> maps = {
      "(d0, d1)[s0] -> (d0, d1 + s0, d1 - s0)",
      "(d0, d1)[s0] -> (d0, d0 + d1 + s0 floordiv 2)",
      "(d0, d1) -> (d0 floordiv 8 + d1 floordiv 128)",
      "(i)[s0] -> (i + s0)",
      "(d0)[s0] -> (s0 - d0 - 1)",
      "(d0) -> (1000, d0 + 512)",
      "(d0) -> (d0 * 2 - 1, -d0 + 10, 4 + d0, d0 * -3 + 7)",
      "(d0, d1) -> ((d0 + 1) mod 2, (d0 * 4) floordiv 2, (d0 * 4) mod 2)",
      "(d0, d1) -> (d0 * 128 floordiv 64, (d0 + d1 * 8) mod 8)",
      "(d0)[s0, s1] -> (d0 * s0, d0 floordiv s1, s0 * d0 + s1)",
      "(d0) -> (d0 ceildiv 4, -(d0 + 3), (d0 - 5) * -2)",
      "() -> (0)",
      "()[s0] -> (s0)",
      "(d0, d1, d2) -> (d2, d0)",
      "(d0) -> (d0 mod 4 + (d0 floordiv 4) * 4)",
      "(d0) -> (d0 - (d0 floordiv 4) * 4)",
      "(d0, d1) -> (d0 + d1 + d0 + 3 + d1 * 2)",
  };
  std::mt19937 rng(1234);
  for (int i = 0; i < 300; ++i)
    maps.push_back("(d0, d1, d2)[s0, s1] -> (" + randomExpr(rng, 4) + ")");
  return maps;
}

TEST(AffineMapOracle, PrintingMatchesMlirOpt) {
  std::vector<std::string> maps = corpusMaps();
  std::ostringstream module;
  for (size_t i = 0; i < maps.size(); ++i)
    module << "#m" << i << " = affine_map<" << maps[i] << ">\n";
  module << "func.func private @f() attributes {";
  for (size_t i = 0; i < maps.size(); ++i)
    module << (i ? ", " : "") << "a" << i << " = #m" << i;
  module << "}\n";
  std::string path = writeTempFile(module.str());
  CommandResult r = runCommand(shellQuote(mlirOpt()) + " " + shellQuote(path));
  std::remove(path.c_str());
  ASSERT_EQ(r.exitCode, 0) << r.err;
  // mlir-opt prints `#mapK = affine_map<...>` aliases and `aI = #mapK`.
  std::map<std::string, std::string> alias;
  std::regex def(R"(^(#map\d*) = affine_map<(.*)>$)");
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_match(line, m, def))
      alias[m[1]] = m[2];
  }
  std::regex use(R"(a(\d+) = (#map\d*|affine_map<[^>]*>))");
  size_t checked = 0;
  for (auto it = std::sregex_iterator(r.out.begin(), r.out.end(), use);
       it != std::sregex_iterator(); ++it) {
    size_t i = std::stoul((*it)[1]);
    std::string ref = (*it)[2];
    std::string expected = alias.count(ref) ? alias[ref] : ref;
    AffineMap ours = mustParseMap(maps[i]);
    ASSERT_TRUE(ours);
    EXPECT_EQ(ours.str(), expected) << "input: " << maps[i];
    // Our printed form reads back to a map with the same values (MLIR's
    // construction-time simplification may rebuild it in another shape).
    AffineMap again = mustParseMap(ours.str());
    for (int64_t p = -7; p <= 7; p += 7)
      EXPECT_EQ(again.evaluate({p, 2 * p, 3}, {p - 1, 5}),
                ours.evaluate({p, 2 * p, 3}, {p - 1, 5}))
          << ours.str();
    ++checked;
  }
  EXPECT_EQ(checked, maps.size());
}

TEST(AffineMapOracle, EvaluationMatchesDirectArithmetic) {
  auto floorDiv = [](int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
  };
  AffineMap m =
      mustParseMap("(d0, d1)[s0] -> (d0 floordiv 3, d0 ceildiv 3, d0 mod 3, "
                   "(d0 - d1 * 2 + s0) floordiv 4, -d0 * 5 + 7)");
  for (int64_t a = -20; a <= 20; ++a)
    for (int64_t b = -3; b <= 3; ++b) {
      auto v = m.evaluate({a, b}, {5});
      ASSERT_TRUE(v);
      EXPECT_EQ((*v)[0], floorDiv(a, 3));
      EXPECT_EQ((*v)[1], -floorDiv(-a, 3));
      EXPECT_EQ((*v)[2], a - 3 * floorDiv(a, 3));
      EXPECT_EQ((*v)[3], floorDiv(a - b * 2 + 5, 4));
      EXPECT_EQ((*v)[4], -a * 5 + 7);
    }
}

TEST(AffineMapOracle, SimplifyPreservesValues) {
  std::mt19937 rng(99);
  for (int i = 0; i < 300; ++i) {
    AffineMap m =
        mustParseMap("(d0, d1, d2)[s0, s1] -> (" + randomExpr(rng, 4) + ")");
    AffineMap s = m.simplified();
    for (int64_t p = -6; p <= 6; p += 3)
      EXPECT_EQ(m.evaluate({p, p + 1, -p}, {2, -3}),
                s.evaluate({p, p + 1, -p}, {2, -3}))
          << m.str() << " vs " << s.str();
  }
  // Equal maps compare equal after simplification.
  EXPECT_EQ(mustParseMap("(d0, d1) -> (d1 + d0 + 2 - 1)").simplified(),
            mustParseMap("(d0, d1) -> (1 + d0 + d1)").simplified());
}

TEST(AffineMapOracle, SSAIdFormsRoundTrip) {
  auto r = parseAffineMapOfSSAIds("%i + 3, symbol(%n) * 2, %j floordiv 4, %i");
  ASSERT_TRUE(std::holds_alternative<AffineMapOfSSAIds>(r));
  auto &res = std::get<AffineMapOfSSAIds>(r);
  ASSERT_EQ(res.dims.size(), 2u);
  ASSERT_EQ(res.symbols.size(), 1u);
  EXPECT_EQ(res.dims[0].name, "%i");
  EXPECT_EQ(res.dims[1].name, "%j");
  EXPECT_EQ(res.symbols[0].name, "%n");
  std::ostringstream os;
  printAffineMapOfSSAIds(os, res.map, {"%a", "%b"}, {"%c"});
  EXPECT_EQ(os.str(), "%a + 3, symbol(%c) * 2, %b floordiv 4, %a");
  auto g = parseAffineMapOfSSAIdsWithGroups("0, max(%a, 2), %n", "max");
  ASSERT_TRUE((std::holds_alternative<
               std::pair<AffineMapOfSSAIds, std::vector<unsigned>>>(g)));
  EXPECT_EQ(
      (std::get<std::pair<AffineMapOfSSAIds, std::vector<unsigned>>>(g).second),
      (std::vector<unsigned>{1, 2, 1}));
}

struct BadMap {
  const char *text;
  size_t offset;
  const char *message;
};

TEST(AffineMapOracle, ErrorsHaveOffsetsAndMessages) {
  const BadMap cases[] = {
      {"(d0) -> (d0 * d0)", 12, "non-affine expression"},
      {"(d0) -> (d1)", 9, "use of undeclared identifier"},
      {"(d0) -> (d0 floordiv 0)", 21, "expected positive divisor"},
      {"(d0) -> (d0 mod -2)", 16, "expected positive divisor"},
      {"(d0) -> (d0 +)", 13, "missing right operand"},
      {"(d0, d0) -> (d0)", 5, "redefinition of identifier"},
      {"(d0 -> (d0)", 4, "expected ')' in dimensional identifier list"},
      {"(d0) -> (99999999999999999999)", 9, "constant too large"},
      {"(d0) -> (d0", 11, "expected ')' in affine map range"},
      {"(d0) -> (\x01)", 9, "expected affine expression"},
  };
  for (const BadMap &c : cases) {
    auto r = parseAffineMap(c.text);
    auto *e = std::get_if<AffineParseError>(&r);
    ASSERT_TRUE(e) << c.text;
    EXPECT_EQ(e->offset, c.offset) << c.text << ": " << e->message;
    EXPECT_NE(e->message.find(c.message), std::string::npos)
        << c.text << ": " << e->message;
  }
  std::string deep = "(d0) -> (" + std::string(5000, '(') + "d0" +
                     std::string(5000, ')') + ")";
  auto r = parseAffineMap(deep);
  ASSERT_TRUE(std::holds_alternative<AffineParseError>(r));
}

} // namespace

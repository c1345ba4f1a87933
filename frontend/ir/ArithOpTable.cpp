// The arith and math op tables (see ArithOpTable.h).
#include "frontend/ir/ArithOpTable.h"

#include <iterator>
#include <unordered_map>

namespace affjit {

namespace {

using S = ArithShape;
using E = ElemKind;
using F = FlagAttr;

const ArithOpInfo kOps[] = {
    // Integer arithmetic (signless integers and index).
    {"arith.addi", S::Binary, E::IntOrIndex, F::Overflow},
    {"arith.subi", S::Binary, E::IntOrIndex, F::Overflow},
    {"arith.muli", S::Binary, E::IntOrIndex, F::Overflow},
    {"arith.shli", S::Binary, E::IntOrIndex, F::Overflow},
    {"arith.divsi", S::Binary, E::IntOrIndex, F::None},
    {"arith.divui", S::Binary, E::IntOrIndex, F::None},
    {"arith.ceildivsi", S::Binary, E::IntOrIndex, F::None},
    {"arith.ceildivui", S::Binary, E::IntOrIndex, F::None},
    {"arith.floordivsi", S::Binary, E::IntOrIndex, F::None},
    {"arith.remsi", S::Binary, E::IntOrIndex, F::None},
    {"arith.remui", S::Binary, E::IntOrIndex, F::None},
    {"arith.andi", S::Binary, E::IntOrIndex, F::None},
    {"arith.ori", S::Binary, E::IntOrIndex, F::None},
    {"arith.xori", S::Binary, E::IntOrIndex, F::None},
    {"arith.shrsi", S::Binary, E::IntOrIndex, F::None},
    {"arith.shrui", S::Binary, E::IntOrIndex, F::None},
    {"arith.maxsi", S::Binary, E::IntOrIndex, F::None},
    {"arith.maxui", S::Binary, E::IntOrIndex, F::None},
    {"arith.minsi", S::Binary, E::IntOrIndex, F::None},
    {"arith.minui", S::Binary, E::IntOrIndex, F::None},
    {"arith.addui_extended", S::Extended, E::IntOrIndex, F::None},
    {"arith.mulsi_extended", S::Extended, E::IntOrIndex, F::None},
    {"arith.mului_extended", S::Extended, E::IntOrIndex, F::None},
    // Floating point arithmetic.
    {"arith.addf", S::Binary, E::Float, F::FastMath},
    {"arith.subf", S::Binary, E::Float, F::FastMath},
    {"arith.mulf", S::Binary, E::Float, F::FastMath},
    {"arith.divf", S::Binary, E::Float, F::FastMath},
    {"arith.remf", S::Binary, E::Float, F::FastMath},
    {"arith.maximumf", S::Binary, E::Float, F::FastMath},
    {"arith.minimumf", S::Binary, E::Float, F::FastMath},
    {"arith.maxnumf", S::Binary, E::Float, F::FastMath},
    {"arith.minnumf", S::Binary, E::Float, F::FastMath},
    {"arith.negf", S::Unary, E::Float, F::FastMath},
    // Comparisons, select, constants.
    {"arith.cmpi", S::CmpI, E::IntOrIndex, F::None},
    {"arith.cmpf", S::CmpF, E::Float, F::FastMath},
    {"arith.select", S::Select, E::Any, F::None},
    {"arith.constant", S::Constant, E::Any, F::None},
    // Casts; the verifier checks each pair of types.
    {"arith.index_cast", S::Cast, E::IntOrIndex, F::None},
    {"arith.index_castui", S::Cast, E::IntOrIndex, F::None},
    {"arith.sitofp", S::Cast, E::Int, F::None},
    {"arith.uitofp", S::Cast, E::Int, F::None},
    {"arith.fptosi", S::Cast, E::Float, F::None},
    {"arith.fptoui", S::Cast, E::Float, F::None},
    {"arith.extf", S::Cast, E::Float, F::None},
    {"arith.truncf", S::Cast, E::Float, F::None},
    {"arith.extsi", S::Cast, E::Int, F::None},
    {"arith.extui", S::Cast, E::Int, F::None},
    {"arith.trunci", S::Cast, E::Int, F::None},
    {"arith.bitcast", S::Cast, E::Any, F::None},
    // math: float functions carry fastmath flags, integer ones do not.
    {"math.sqrt", S::Unary, E::Float, F::FastMath},
    {"math.rsqrt", S::Unary, E::Float, F::FastMath},
    {"math.cbrt", S::Unary, E::Float, F::FastMath},
    {"math.exp", S::Unary, E::Float, F::FastMath},
    {"math.exp2", S::Unary, E::Float, F::FastMath},
    {"math.expm1", S::Unary, E::Float, F::FastMath},
    {"math.log", S::Unary, E::Float, F::FastMath},
    {"math.log2", S::Unary, E::Float, F::FastMath},
    {"math.log10", S::Unary, E::Float, F::FastMath},
    {"math.log1p", S::Unary, E::Float, F::FastMath},
    {"math.sin", S::Unary, E::Float, F::FastMath},
    {"math.cos", S::Unary, E::Float, F::FastMath},
    {"math.tan", S::Unary, E::Float, F::FastMath},
    {"math.asin", S::Unary, E::Float, F::FastMath},
    {"math.acos", S::Unary, E::Float, F::FastMath},
    {"math.atan", S::Unary, E::Float, F::FastMath},
    {"math.sinh", S::Unary, E::Float, F::FastMath},
    {"math.cosh", S::Unary, E::Float, F::FastMath},
    {"math.tanh", S::Unary, E::Float, F::FastMath},
    {"math.erf", S::Unary, E::Float, F::FastMath},
    {"math.absf", S::Unary, E::Float, F::FastMath},
    {"math.ceil", S::Unary, E::Float, F::FastMath},
    {"math.floor", S::Unary, E::Float, F::FastMath},
    {"math.round", S::Unary, E::Float, F::FastMath},
    {"math.roundeven", S::Unary, E::Float, F::FastMath},
    {"math.trunc", S::Unary, E::Float, F::FastMath},
    {"math.powf", S::Binary, E::Float, F::FastMath},
    {"math.atan2", S::Binary, E::Float, F::FastMath},
    {"math.copysign", S::Binary, E::Float, F::FastMath},
    {"math.fma", S::Ternary, E::Float, F::FastMath},
    {"math.absi", S::Unary, E::IntOrIndex, F::None},
    {"math.ctlz", S::Unary, E::IntOrIndex, F::None},
    {"math.cttz", S::Unary, E::IntOrIndex, F::None},
    {"math.ctpop", S::Unary, E::IntOrIndex, F::None},
};

} // namespace

const char *const kCmpIPredicates[10] = {"eq",  "ne",  "slt", "sle", "sgt",
                                         "sge", "ult", "ule", "ugt", "uge"};
const char *const kCmpFPredicates[16] = {
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};

const char *const kAtomicRMWKinds[kNumAtomicRMWKinds] = {
    "addf", "addi", "assign", "maximumf", "maxs", "maxu",    "minimumf", "mins",
    "minu", "mulf", "muli",   "ori",      "andi", "maxnumf", "minnumf"};

namespace {
constexpr const char *kFastMathFlags[] = {"reassoc", "nnan",     "ninf", "nsz",
                                          "arcp",    "contract", "afn"};
constexpr const char *kOverflowFlags[] = {"nsw", "nuw"};
} // namespace

std::optional<std::string>
canonicalFlags(FlagAttr kind, const std::vector<std::string> &names) {
  bool fm = kind == FlagAttr::FastMath;
  const char *const *table = fm ? kFastMathFlags : kOverflowFlags;
  unsigned count = fm ? 7 : 2, all = (1u << count) - 1, bits = 0;
  for (const std::string &n : names) {
    if (n == "none")
      continue;
    if (fm && n == "fast") {
      bits = all;
      continue;
    }
    unsigned i = 0;
    while (i < count && n != table[i])
      ++i;
    if (i == count)
      return std::nullopt;
    bits |= 1u << i;
  }
  if (bits == 0)
    return std::string("none");
  if (fm && bits == all)
    return std::string("fast");
  std::string out;
  for (unsigned i = 0; i < count; ++i)
    if (bits & (1u << i))
      out += (out.empty() ? "" : (fm ? "," : ", ")) + std::string(table[i]);
  return out;
}

bool fastMathAttrHas(std::string_view attr, std::string_view flag) {
  size_t lt = attr.find('<'), gt = attr.rfind('>');
  if (lt != std::string_view::npos && gt != std::string_view::npos && gt > lt)
    attr = attr.substr(lt + 1, gt - lt - 1);
  while (!attr.empty()) {
    size_t comma = attr.find(',');
    std::string_view name = attr.substr(0, comma);
    while (!name.empty() && name.front() == ' ')
      name.remove_prefix(1);
    while (!name.empty() && name.back() == ' ')
      name.remove_suffix(1);
    if (name == flag || name == "fast")
      return true;
    if (comma == std::string_view::npos)
      break;
    attr.remove_prefix(comma + 1);
  }
  return false;
}

std::string unknownFlagMessage(FlagAttr kind) {
  return kind == FlagAttr::FastMath
             ? "expected ::mlir::arith::FastMathFlags to be one of: none, "
               "reassoc, nnan, ninf, nsz, arcp, contract, afn, fast"
             : "expected ::mlir::arith::IntegerOverflowFlags to be one of: "
               "none, nsw, nuw";
}

const ArithOpInfo *lookupArithOp(std::string_view name) {
  static const std::unordered_map<std::string_view, const ArithOpInfo *>
      byName = [] {
        std::unordered_map<std::string_view, const ArithOpInfo *> m;
        for (const ArithOpInfo &info : kOps)
          m[info.name] = &info;
        return m;
      }();
  auto it = byName.find(name);
  return it == byName.end() ? nullptr : it->second;
}

const ArithOpInfo *arithOpsBegin() { return std::begin(kOps); }
const ArithOpInfo *arithOpsEnd() { return std::end(kOps); }

} // namespace affjit

// The math ops computed by library functions (MathFunctions.h).
#include "frontend/ir/MathFunctions.h"

namespace affjit {

namespace {

constexpr MathFunction kFunctions[] = {
    {"math.exp", "exp"},     {"math.exp2", "exp2"},   {"math.expm1", "expm1"},
    {"math.log", "log"},     {"math.log2", "log2"},   {"math.log10", "log10"},
    {"math.log1p", "log1p"}, {"math.sin", "sin"},     {"math.cos", "cos"},
    {"math.tan", "tan"},     {"math.asin", "asin"},   {"math.acos", "acos"},
    {"math.atan", "atan"},   {"math.atan2", "atan2"}, {"math.sinh", "sinh"},
    {"math.cosh", "cosh"},   {"math.tanh", "tanh"},   {"math.erf", "erf"},
    {"math.cbrt", "cbrt"},   {"math.powf", "pow"},
};

} // namespace

const MathFunction *findMathFunction(std::string_view opName) {
  for (const MathFunction &f : kFunctions)
    if (f.op == opName)
      return &f;
  return nullptr;
}

} // namespace affjit

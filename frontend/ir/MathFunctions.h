// The math ops no instruction computes (exp, log, sin, pow, tanh, ...):
// lowering calls a library function for them (libm per lane, or glibc's
// libmvec per register under `afn`), and a call clobbers every vector
// register. Shared by the vectorizer, which keeps loops that call them one
// register wide, and the lowering, which names the functions.
#pragma once

#include <string_view>

namespace affjit {

struct MathFunction {
  /// The op, e.g. "math.exp".
  std::string_view op;
  /// The C library's name of its double version, e.g. "exp" (the float
  /// version adds "f").
  const char *name;
};

/// The entry for `opName`, or null if no library function computes it.
const MathFunction *findMathFunction(std::string_view opName);

} // namespace affjit

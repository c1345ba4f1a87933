// `select(cmpf ogt a, b), a, b` is `max(a, b)` when NaNs and the sign of
// zero do not matter (fast math, or the compare's `nnan` and `nsz` flags):
// rewritten to `arith.maximumf` (and the
// `<` forms to `arith.minimumf`), it becomes a reduction the vectorizer
// knows (a row's running maximum in softmax), finished by one
// `vector.reduction <maximumf>`. Otherwise the two differ (a NaN `a`
// leaves `b`; `+0 > -0` is false), and nothing is rewritten.
#pragma once

#include "frontend/ir/IR.h"

namespace affjit {

/// Rewrites the float select-of-compare min/max patterns under `root`
/// whose compare may ignore NaNs and signed zeros (all of them with
/// `fastMath`); returns how many.
unsigned rewriteSelectMinMax(Operation *root, bool fastMath);

} // namespace affjit

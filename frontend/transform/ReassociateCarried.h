// Pass `reassociate`: under fast math, a sum whose terms include a value
// the previous iteration of the innermost loop produced is reordered so
// that this term is added last. seidel-2d's update
//
//   A[i][j] = (A[i-1][j-1] + A[i-1][j] + A[i-1][j+1] + A[i][j-1] + A[i][j]
//              + ... + A[i+1][j+1]) / 9
//
// reads A[i][j-1], stored one iteration of j earlier: in program order
// that term enters the fourth of eight additions, so every iteration waits
// for six additions and a multiply after the previous one's store. Summing
// the other eight terms first leaves one addition and the multiply on the
// loop-carried path (the dependence analysis decides which loads read a
// value the loop stored in an earlier iteration: a flow dependence carried
// by the innermost loop; a value computed from such a load, or from the
// loop's iter_args, is carried too). Only chains of `arith.addf` (or
// `arith.mulf`) where every op may be reassociated — `fastmath<reassoc>`
// or `fast`, or `--fast-math` — and each intermediate sum has one use are
// reordered; other terms keep their order. The new ops carry
// `{affjit.ordered}`, which keeps LLVM from sorting the terms back by its
// own ranks. Without fast math nothing
// changes, so default results stay bit-identical. `--opt-report=
// reassociate` says which sums were reordered.
#pragma once

#include "frontend/ir/IR.h"
#include "frontend/transform/PassContext.h"

namespace affjit {

/// Moves loop-carried terms to the end of reassociable sums and products
/// in the innermost loops of every function in `module`.
bool reassociateCarriedTerms(Module &module, PassContext &context);

} // namespace affjit

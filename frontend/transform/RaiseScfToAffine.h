// Pass `raise-scf`: scf loops, conditions and memory accesses raised to
// the affine dialect where their bounds, conditions and subscripts are
// affine, after Polygeist's raise-scf-to-affine, so the affine passes
// (fusion, tiling, vectorization, ...) can optimize IR that mlir-opt
// pipelines emit as scf:
//
//  - scf.for with an index IV, lower and upper bounds that are affine
//    functions of valid affine dims and symbols (seed 000, "Restrictions
//    on Dimensions and Symbols"), or arith.maxsi (lower) / minsi (upper)
//    of such, and a positive constant step becomes affine.for with the
//    same iter_args;
//  - scf.if on an `arith.cmpi` (eq, slt, sle, sgt, sge) of two affine
//    expressions, or an `arith.andi` of such comparisons, becomes
//    affine.if with the same results;
//  - scf.parallel with affine bounds and positive constant steps, whose
//    reductions are one arith op affine.parallel knows (addf, mulf,
//    maximumf, minimumf, addi, muli, andi, ori), becomes affine.parallel;
//    scf.parallel's initial values are combined with its results after it;
//  - memref.load / memref.store whose subscripts are affine become
//    affine.load / affine.store.
//
// Affine expressions are read through index constants, arith.addi, subi,
// muli by a constant, floordivsi / ceildivsi by a positive constant, and
// single-result affine.apply. Outer ops are raised
// before inner ones, so a raised loop's IV is a valid dim for the bounds
// and subscripts inside it. Everything else (integer IVs, dynamic steps,
// scf.while, non-affine subscripts, bounds from values defined inside
// non-affine regions) stays as it is and still runs; `--opt-report` says
// why each op was not raised. Assumes verified IR; the raised ops have the
// same semantics (bounds compared signed, empty ranges run no iteration).
#pragma once

#include "frontend/ir/IR.h"
#include "frontend/transform/PassContext.h"

namespace affjit {

/// Raises the affine parts of the scf ops and memref accesses of `module`.
bool raiseScfToAffine(Module &module, PassContext &context);

} // namespace affjit

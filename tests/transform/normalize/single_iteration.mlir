// PIPELINE: normalize
// MLIR-PASSES: --affine-loop-normalize=promote-single-iter=1
// Loops that run once are replaced by their body, innermost first; a
// constant lower bound becomes a constant at the top of the function, a
// symbolic one its operand, and loop results the yielded values.
func.func @f(%A: memref<100xf32>, %n: index) -> f32 {
  affine.for %i = 0 to 1 {
    affine.for %j = 5 to 6 {
      %v = affine.load %A[%i + %j] : memref<100xf32>
      affine.store %v, %A[%j] : memref<100xf32>
    }
  }
  affine.for %i = %n to affine_map<()[s0] -> (s0 + 1)>()[%n] {
    %v = affine.load %A[%i] : memref<100xf32>
    affine.store %v, %A[%i + 1] : memref<100xf32>
  }
  %zero = arith.constant 0.0 : f32
  %r = affine.for %i = 7 to 9 step 4 iter_args(%acc = %zero) -> (f32) {
    %v = affine.load %A[%i] : memref<100xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  affine.for %i = 3 to 3 {
    affine.store %r, %A[%i] : memref<100xf32>
  }
  return %r : f32
}

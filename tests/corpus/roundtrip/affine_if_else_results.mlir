// affine.if: then-only, then/else, with results, equality constraints, symbols, and nesting.
func.func @ifs(%A: memref<100xf32>, %N: index) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 100 iter_args(%acc = %z) -> (f32) {
    affine.if affine_set<(d0)[s0] : (d0 - s0 >= 0)>(%i)[%N] {
      affine.store %z, %A[%i] : memref<100xf32>
    }
    %x = affine.if affine_set<(d0) : (d0 mod 4 == 0, d0 - 2 >= 0)>(%i) -> f32 {
      %v = affine.load %A[%i] : memref<100xf32>
      affine.yield %v : f32
    } else {
      %w = affine.if affine_set<(d0) : (d0 == 1)>(%i) -> f32 {
        affine.yield %z : f32
      } else {
        %one = arith.constant 1.0 : f32
        affine.yield %one : f32
      }
      affine.yield %w : f32
    }
    %n = arith.addf %acc, %x : f32
    affine.yield %n : f32
  }
  return %r : f32
}

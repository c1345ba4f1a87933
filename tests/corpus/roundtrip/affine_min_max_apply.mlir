// affine.apply/min/max with floordiv, ceildiv, mod, negative coefficients and symbols,
// feeding an affine.for upper bound (tiling pattern).
#tile_ub = affine_map<(d0)[s0] -> (d0 + 32, s0)>
func.func @tile(%A: memref<?xf32>, %N: index) {
  affine.for %ii = 0 to %N step 32 {
    %ub = affine.min #tile_ub(%ii)[%N]
    %lb = affine.max affine_map<(d0) -> (d0 - 1, 0)>(%ii)
    %a = affine.apply affine_map<(d0)[s0] -> (-d0 floordiv 3 + s0 mod 7 - (d0 ceildiv 5) * 2)>(%ii)[%N]
    affine.for %i = affine_map<(d0) -> (d0)>(%ii) to min #tile_ub(%ii)[%N] {
      %d = arith.subi %ub, %lb : index
      %v = affine.load %A[%i] : memref<?xf32>
      affine.store %v, %A[%i] : memref<?xf32>
    }
  }
  return
}

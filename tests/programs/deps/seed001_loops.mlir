// Seed 001, "Setting": a store and a load two outer iterations apart.
func.func @kernel() {
  %0 = memref.alloc() : memref<10x10xf32>
  %cst = arith.constant 7.000000e+00 : f32
  affine.for %arg0 = 0 to 9 {
    affine.for %arg1 = 0 to 9 {
      %1 = affine.apply affine_map<(d0, d1) -> (d0)>(%arg0, %arg1)
      %2 = affine.apply affine_map<(d0, d1) -> (d1)>(%arg0, %arg1)
      affine.store %cst, %0[%1, %2] : memref<10x10xf32>
      %3 = affine.apply affine_map<(d0, d1) -> (d0 - 2)>(%arg0, %arg1)
      %4 = affine.apply affine_map<(d0, d1) -> (d1)>(%arg0, %arg1)
      %5 = affine.load %0[%3, %4] : memref<10x10xf32>
    }
  }
  return
}

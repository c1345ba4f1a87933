// MLIR 19 spelling of seed000_pad_edges.mlir.
#interior = affine_set<(i, j) : (i - 1 >= 0, j - 1 >= 0,  10 - i >= 0, 10 - j >= 0)>
func.func @pad_edges(%I : memref<10x10xf32>) -> (memref<12x12xf32>) {
  %O = memref.alloc() : memref<12x12xf32>
  affine.parallel (%i, %j) = (0, 0) to (12, 12) {
    %1 = affine.if #interior (%i, %j) -> f32 {
      %im1 = affine.apply affine_map<(d0) -> (d0 - 1)>(%i)
      %jm1 = affine.apply affine_map<(d0) -> (d0 - 1)>(%j)
      %2 = memref.load %I[%im1, %jm1] : memref<10x10xf32>
      affine.yield %2 : f32
    } else {
      %2 = arith.constant 0.0 : f32
      affine.yield %2 : f32
    }
    affine.store %1, %O[%i, %j] : memref<12x12xf32>
  }
  return %O : memref<12x12xf32>
}

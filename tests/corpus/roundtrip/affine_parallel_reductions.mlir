// affine.parallel: steps, symbolic and min/max bounds, several reductions kinds.
func.func @par(%A: memref<64x64xf32>, %I: memref<64xi32>, %N: index) -> (f32, f32, i32, f32) {
  affine.parallel (%i, %j) = (0, 0) to (64, 64) step (2, 4) {
    %v = affine.load %A[%i, %j] : memref<64x64xf32>
    affine.store %v, %A[%j, %i] : memref<64x64xf32>
  }
  affine.parallel (%i) = (max(0, symbol(%N) - 64)) to (min(64, symbol(%N))) {
  }
  %s, %m = affine.parallel (%i, %j) = (0, 0) to (64, 64) reduce ("addf", "maximumf") -> (f32, f32) {
    %v = affine.load %A[%i, %j] : memref<64x64xf32>
    affine.yield %v, %v : f32, f32
  }
  %x = affine.parallel (%i) = (0) to (symbol(%N)) reduce ("addi") -> i32 {
    %v = affine.load %I[%i] : memref<64xi32>
    affine.yield %v : i32
  }
  %p = affine.parallel (%i) = (0) to (8) reduce ("mulf") -> f32 {
    %v = affine.load %A[%i, 0] : memref<64x64xf32>
    affine.yield %v : f32
  }
  return %s, %m, %x, %p : f32, f32, i32, f32
}

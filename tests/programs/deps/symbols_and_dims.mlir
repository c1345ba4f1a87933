// Symbols from arguments, constants and memref.dim; min/max bounds; steps;
// divisions; an if/else (MLIR applies the condition to both regions).
func.func @f(%A: memref<?x64xf32>, %N: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %n = memref.dim %A, %c0 : memref<?x64xf32>
  %cst = arith.constant 1.0 : f32
  affine.for %i = 0 to %n {
    affine.for %j = max affine_map<(d0) -> (0, d0 - 8)>(%i) to min affine_map<(d0)[s0] -> (64, d0 + 8, s0)>(%i)[%N] step 2 {
      %v = affine.load %A[%i, %j] : memref<?x64xf32>
      affine.if affine_set<(d0, d1)[s0] : (d0 - d1 >= 0, s0 - d0 - 1 >= 0)>(%i, %j)[%c4] {
        affine.store %v, %A[%i + 1, %j floordiv 2] : memref<?x64xf32>
      } else {
        affine.store %v, %A[%i, (%j + 1) mod 64] : memref<?x64xf32>
      }
    }
  }
  return
}

// Tiled 1-d loop with affine.min for the partial last tile (N = 10, tile 4): each element records
// its tile id * 100 + the tile's size computed with affine.min and affine.max.
func.func private @printMemrefI64(memref<*xi64>) attributes { llvm.emit_c_interface }
func.func @main() {
  %n = arith.constant 10 : index
  %A = memref.alloc(%n) : memref<?xi64>
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xi64>
  affine.for %ii = 0 to %N step 4 {
    %ub = affine.min affine_map<(d0)[s0] -> (d0 + 4, s0)>(%ii)[%N]
    %sz = affine.apply affine_map<(d0, d1) -> (d1 - d0)>(%ii, %ub)
    %lo = affine.max affine_map<(d0) -> (d0 - 2, 0)>(%ii)
    affine.for %i = affine_map<(d0) -> (d0)>(%ii) to min affine_map<(d0)[s0] -> (d0 + 4, s0)>(%ii)[%N] {
      %t = affine.apply affine_map<(d0, d1, d2) -> ((d0 floordiv 4) * 100 + d1 * 10 + d2)>(%ii, %sz, %lo)
      %ti = arith.index_cast %t : index to i64
      affine.store %ti, %A[%i] : memref<?xi64>
    }
  }
  %u = memref.cast %A : memref<?xi64> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  memref.dealloc %A : memref<?xi64>
  return
}

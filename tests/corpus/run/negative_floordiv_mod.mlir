// affine.apply floordiv / ceildiv / mod on negative values (i from -7 to 7): affine semantics
// round toward -inf / +inf and mod is always non-negative. Columns: i, i floordiv 3,
// i ceildiv 3, i mod 3, (-i) floordiv 4 with a symbol offset.
func.func private @printMemrefI64(memref<*xi64>) attributes { llvm.emit_c_interface }
func.func @main() {
  %R = memref.alloc() : memref<15x5xi64>
  %s = arith.constant 2 : index
  affine.for %k = 0 to 15 {
    %i = affine.apply affine_map<(d0) -> (d0 - 7)>(%k)
    %fd = affine.apply affine_map<(d0) -> (d0 floordiv 3)>(%i)
    %cd = affine.apply affine_map<(d0) -> (d0 ceildiv 3)>(%i)
    %md = affine.apply affine_map<(d0) -> (d0 mod 3)>(%i)
    %ng = affine.apply affine_map<(d0)[s0] -> ((-d0 + s0) floordiv 4)>(%i)[%s]
    %v0 = arith.index_cast %i : index to i64
    %v1 = arith.index_cast %fd : index to i64
    %v2 = arith.index_cast %cd : index to i64
    %v3 = arith.index_cast %md : index to i64
    %v4 = arith.index_cast %ng : index to i64
    affine.store %v0, %R[%k, 0] : memref<15x5xi64>
    affine.store %v1, %R[%k, 1] : memref<15x5xi64>
    affine.store %v2, %R[%k, 2] : memref<15x5xi64>
    affine.store %v3, %R[%k, 3] : memref<15x5xi64>
    affine.store %v4, %R[%k, 4] : memref<15x5xi64>
  }
  %u = memref.cast %R : memref<15x5xi64> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  memref.dealloc %R : memref<15x5xi64>
  return
}

// affine.if with equality and inequality constraints: marks the diagonal (1), the band above it (2)
// and everything else (0) of an 6x6 i32 matrix; printed with printMemrefI32.
func.func private @printMemrefI32(memref<*xi32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %M = memref.alloc() : memref<6x6xi32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 6 {
      %v = affine.if affine_set<(d0, d1) : (d0 - d1 == 0)>(%i, %j) -> i32 {
        affine.yield %c1 : i32
      } else {
        %w = affine.if affine_set<(d0, d1) : (d1 - d0 - 1 >= 0, d0 - d1 + 2 >= 0)>(%i, %j) -> i32 {
          affine.yield %c2 : i32
        } else {
          affine.yield %c0 : i32
        }
        affine.yield %w : i32
      }
      affine.store %v, %M[%i, %j] : memref<6x6xi32>
    }
  }
  %u = memref.cast %M : memref<6x6xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %M : memref<6x6xi32>
  return
}

// Hazard: i32 elements and sizes that are not multiples of 16 (17x33), a 1-D nest broadcast into a 2-D consumer next to a 2-D producer; fusion may fuse, remainders and the broadcast must stay right.
func.func private @printMemrefI32(memref<*xi32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %v = memref.alloc() : memref<33xi32>
  %t = memref.alloc() : memref<17x33xi32>
  %out = memref.alloc() : memref<17x33xi32>
  affine.for %j = 0 to 33 {
    %k = affine.apply affine_map<(d0) -> (d0 - 16)>(%j)
    %ki = arith.index_cast %k : index to i32
    affine.store %ki, %v[%j] : memref<33xi32>
  }
  affine.for %i = 0 to 17 {
    affine.for %j = 0 to 33 {
      %k = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1) mod 17)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      affine.store %ki, %t[%i, %j] : memref<17x33xi32>
    }
  }
  affine.for %i = 0 to 17 {
    affine.for %j = 0 to 33 {
      %a = affine.load %t[%i, %j] : memref<17x33xi32>
      %b = affine.load %v[%j] : memref<33xi32>
      %c = arith.muli %a, %b : i32
      %d = arith.addi %c, %a : i32
      affine.store %d, %out[%i, %j] : memref<17x33xi32>
    }
  }
  %p = memref.cast %out : memref<17x33xi32> to memref<*xi32>
  call @printMemrefI32(%p) : (memref<*xi32>) -> ()
  memref.dealloc %v : memref<33xi32>
  memref.dealloc %t : memref<17x33xi32>
  memref.dealloc %out : memref<17x33xi32>
  return
}

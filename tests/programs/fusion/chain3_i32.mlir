// Positive case: a chain of 3 elementwise i32 nests (9x21) through 2 dead temporaries; nothing forbids fusion, and fusion should leave one nest.
// FUSE-NESTS-AT-MOST: 1
func.func private @printMemrefI32(memref<*xi32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %t1 = memref.alloc() : memref<9x21xi32>
  %t2 = memref.alloc() : memref<9x21xi32>
  %out = memref.alloc() : memref<9x21xi32>
  %three = arith.constant 3 : i32
  %seven = arith.constant 7 : i32
  affine.for %i = 0 to 9 {
    affine.for %j = 0 to 21 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 21 + d1 - 90)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      affine.store %ki, %t1[%i, %j] : memref<9x21xi32>
    }
  }
  affine.for %i = 0 to 9 {
    affine.for %j = 0 to 21 {
      %a = affine.load %t1[%i, %j] : memref<9x21xi32>
      %b = arith.muli %a, %three : i32
      affine.store %b, %t2[%i, %j] : memref<9x21xi32>
    }
  }
  affine.for %i = 0 to 9 {
    affine.for %j = 0 to 21 {
      %a = affine.load %t2[%i, %j] : memref<9x21xi32>
      %b = arith.remsi %a, %seven : i32
      affine.store %b, %out[%i, %j] : memref<9x21xi32>
    }
  }
  %p = memref.cast %out : memref<9x21xi32> to memref<*xi32>
  call @printMemrefI32(%p) : (memref<*xi32>) -> ()
  memref.dealloc %t1 : memref<9x21xi32>
  memref.dealloc %t2 : memref<9x21xi32>
  memref.dealloc %out : memref<9x21xi32>
  return
}

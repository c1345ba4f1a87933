// Positive case: a chain of 4 elementwise 2-D nests through 3 dead temporaries; nothing forbids fusion, and fusion should fuse the whole chain into one nest.
// FUSE-NESTS-EXACTLY: 1
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %t1 = memref.alloc() : memref<5x19xf32>
  %t2 = memref.alloc() : memref<5x19xf32>
  %t3 = memref.alloc() : memref<5x19xf32>
  %out = memref.alloc() : memref<5x19xf32>
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 19 {
      %k = affine.apply affine_map<(d0, d1) -> ((d0 * 7 + d1 * 2) mod 13 - 6)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %t1[%i, %j] : memref<5x19xf32>
    }
  }
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 19 {
      %a = affine.load %t1[%i, %j] : memref<5x19xf32>
      %b = arith.mulf %a, %two : f32
      %c = arith.addf %b, %one : f32
      affine.store %c, %t2[%i, %j] : memref<5x19xf32>
    }
  }
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 19 {
      %a = affine.load %t2[%i, %j] : memref<5x19xf32>
      %b = arith.mulf %a, %a : f32
      affine.store %b, %t3[%i, %j] : memref<5x19xf32>
    }
  }
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 19 {
      %a = affine.load %t3[%i, %j] : memref<5x19xf32>
      %b = arith.mulf %a, %half : f32
      %c = arith.subf %b, %one : f32
      affine.store %c, %out[%i, %j] : memref<5x19xf32>
    }
  }
  %p = memref.cast %out : memref<5x19xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %t1 : memref<5x19xf32>
  memref.dealloc %t2 : memref<5x19xf32>
  memref.dealloc %t3 : memref<5x19xf32>
  memref.dealloc %out : memref<5x19xf32>
  return
}

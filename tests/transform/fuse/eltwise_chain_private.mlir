// PIPELINE: fuse
// Three elementwise nests through two deallocated temporaries fuse into
// one nest, and each temporary shrinks to a one-element stack buffer (MLIR
// 19 keeps both full-size because of the memref.dealloc at the end).
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %a = memref.alloc() : memref<37xf32>
  %t1 = memref.alloc() : memref<37xf32>
  %t2 = memref.alloc() : memref<37xf32>
  %out = memref.alloc() : memref<37xf32>
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 37 {
    %c = arith.index_cast %i : index to i32
    %f = arith.sitofp %c : i32 to f32
    affine.store %f, %a[%i] : memref<37xf32>
  }
  affine.for %i = 0 to 37 {
    %v = affine.load %a[%i] : memref<37xf32>
    %w = arith.mulf %v, %two : f32
    affine.store %w, %t1[%i] : memref<37xf32>
  }
  affine.for %i = 0 to 37 {
    %v = affine.load %t1[%i] : memref<37xf32>
    %w = arith.mulf %v, %v : f32
    affine.store %w, %t2[%i] : memref<37xf32>
  }
  affine.for %i = 0 to 37 {
    %v = affine.load %t2[%i] : memref<37xf32>
    %u = affine.load %a[%i] : memref<37xf32>
    %w = arith.subf %v, %u : f32
    affine.store %w, %out[%i] : memref<37xf32>
  }
  %p = memref.cast %out : memref<37xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %t1 : memref<37xf32>
  memref.dealloc %t2 : memref<37xf32>
  memref.dealloc %a : memref<37xf32>
  memref.dealloc %out : memref<37xf32>
  return
}

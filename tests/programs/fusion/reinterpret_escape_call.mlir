// Hazard: the 1-D temporary is passed as a 4x6 memref.reinterpret_cast to a call that adds 100 * row between producer and consumer; fusion must not fuse.
// FUSE-NESTS-EXACTLY: 2
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func private @add_row_index(%m: memref<4x6xf32>) {
  affine.for %r = 0 to 4 {
    affine.for %c = 0 to 6 {
      %ri = arith.index_cast %r : index to i32
      %rf = arith.sitofp %ri : i32 to f32
      %h = arith.constant 100.0 : f32
      %d = arith.mulf %rf, %h : f32
      %v = affine.load %m[%r, %c] : memref<4x6xf32>
      %w = arith.addf %v, %d : f32
      affine.store %w, %m[%r, %c] : memref<4x6xf32>
    }
  }
  return
}
func.func @main() {
  %t = memref.alloc() : memref<24xf32>
  %out = memref.alloc() : memref<23xf32>
  affine.for %i = 0 to 24 {
    %k = affine.apply affine_map<(d0) -> ((d0 * 3) mod 7)>(%i)
    %ki = arith.index_cast %k : index to i32
    %f = arith.sitofp %ki : i32 to f32
    affine.store %f, %t[%i] : memref<24xf32>
  }
  %m = memref.reinterpret_cast %t to offset: [0], sizes: [4, 6], strides: [6, 1] : memref<24xf32> to memref<4x6xf32>
  call @add_row_index(%m) : (memref<4x6xf32>) -> ()
  affine.for %i = 0 to 23 {
    %a = affine.load %t[%i] : memref<24xf32>
    %b = affine.load %t[%i + 1] : memref<24xf32>
    %c = arith.subf %b, %a : f32
    affine.store %c, %out[%i] : memref<23xf32>
  }
  %p = memref.cast %out : memref<23xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %t : memref<24xf32>
  memref.dealloc %out : memref<23xf32>
  return
}

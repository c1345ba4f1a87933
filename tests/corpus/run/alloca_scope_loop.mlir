// memref.alloca inside memref.alloca_scope inside a 1000-iteration loop (stack stays bounded),
// with a scope result; also a bare alloca at function level.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %out = memref.alloca() : memref<5xf32>
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 5 {
    affine.store %z, %out[%i] : memref<5xf32>
  }
  affine.for %k = 0 to 1000 {
    affine.for %i = 0 to 5 {
      %r = memref.alloca_scope -> (f32) {
        %t = memref.alloca() : memref<256xf32>
        %ii = arith.index_cast %i : index to i32
        %f = arith.sitofp %ii : i32 to f32
        affine.store %f, %t[%i] : memref<256xf32>
        %v = affine.load %t[%i] : memref<256xf32>
        memref.alloca_scope.return %v : f32
      }
      %o = affine.load %out[%i] : memref<5xf32>
      %s = arith.addf %o, %r : f32
      affine.store %s, %out[%i] : memref<5xf32>
    }
  }
  %u = memref.cast %out : memref<5xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

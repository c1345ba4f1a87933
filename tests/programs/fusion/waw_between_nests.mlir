// Hazard: WAW, the second nest overwrites out[i+1] after the first wrote out[i], and a third nest reads out; fusing the writers iteration by iteration would let the first nest's later store win.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %out = memref.alloc() : memref<17xf32>
  %res = memref.alloc() : memref<17xf32>
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 17 {
    %ki = arith.index_cast %i : index to i32
    %f = arith.sitofp %ki : i32 to f32
    affine.store %f, %out[%i] : memref<17xf32>
  }
  affine.for %i = 0 to 16 {
    %k = affine.apply affine_map<(d0) -> (d0 * -10 - 10)>(%i)
    %ki = arith.index_cast %k : index to i32
    %f = arith.sitofp %ki : i32 to f32
    affine.store %f, %out[%i + 1] : memref<17xf32>
  }
  affine.for %i = 0 to 17 {
    %a = affine.load %out[%i] : memref<17xf32>
    %b = arith.mulf %a, %two : f32
    affine.store %b, %res[%i] : memref<17xf32>
  }
  %p = memref.cast %res : memref<17xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %out : memref<17xf32>
  memref.dealloc %res : memref<17xf32>
  return
}

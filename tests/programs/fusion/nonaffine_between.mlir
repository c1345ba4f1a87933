// Hazard: non-affine memref.load/memref.store of the temporary between producer and consumer (t[5] = 10 * t[3], and the consumer uses the loaded t[3]); fusion must not fuse.
// FUSE-NESTS-EXACTLY: 2
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %t = memref.alloc() : memref<11xf32>
  %out = memref.alloc() : memref<11xf32>
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %ten = arith.constant 10.0 : f32
  affine.for %i = 0 to 11 {
    %k = affine.apply affine_map<(d0) -> ((d0 * 4) mod 7 + 1)>(%i)
    %ki = arith.index_cast %k : index to i32
    %f = arith.sitofp %ki : i32 to f32
    affine.store %f, %t[%i] : memref<11xf32>
  }
  %s = memref.load %t[%c3] : memref<11xf32>
  %s10 = arith.mulf %s, %ten : f32
  memref.store %s10, %t[%c5] : memref<11xf32>
  affine.for %i = 0 to 11 {
    %a = affine.load %t[%i] : memref<11xf32>
    %b = arith.addf %a, %s : f32
    affine.store %b, %out[%i] : memref<11xf32>
  }
  %p = memref.cast %out : memref<11xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %t : memref<11xf32>
  memref.dealloc %out : memref<11xf32>
  return
}

// Hazard: the temporary escapes through memref.cast into a call that rewrites it between producer and consumer; the consumer must see the call's writes, so fusion must not fuse.
// FUSE-NESTS-EXACTLY: 2
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func private @triple_plus_one(%m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %m, %c0 : memref<?xf32>
  %three = arith.constant 3.0 : f32
  %one = arith.constant 1.0 : f32
  affine.for %k = 0 to %n {
    %v = affine.load %m[%k] : memref<?xf32>
    %w = arith.mulf %v, %three : f32
    %x = arith.addf %w, %one : f32
    affine.store %x, %m[%k] : memref<?xf32>
  }
  return
}
func.func @main() {
  %t = memref.alloc() : memref<19xf32>
  %out = memref.alloc() : memref<19xf32>
  %c2 = arith.constant 2.0 : f32
  affine.for %i = 0 to 19 {
    %k = affine.apply affine_map<(d0) -> ((d0 * 5) mod 9 - 4)>(%i)
    %ki = arith.index_cast %k : index to i32
    %f = arith.sitofp %ki : i32 to f32
    affine.store %f, %t[%i] : memref<19xf32>
  }
  %dyn = memref.cast %t : memref<19xf32> to memref<?xf32>
  call @triple_plus_one(%dyn) : (memref<?xf32>) -> ()
  affine.for %i = 0 to 19 {
    %a = affine.load %t[%i] : memref<19xf32>
    %b = arith.subf %a, %c2 : f32
    affine.store %b, %out[%i] : memref<19xf32>
  }
  %p = memref.cast %out : memref<19xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %t : memref<19xf32>
  memref.dealloc %out : memref<19xf32>
  return
}

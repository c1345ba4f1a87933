// Hazard: memref.copy reads the temporary into another buffer between producer and consumer, and the consumer reads both; fusion must not move the producer's stores past the copy (no fusion).
// FUSE-NESTS-EXACTLY: 2
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %t = memref.alloc() : memref<17xf32>
  %u = memref.alloc() : memref<17xf32>
  %out = memref.alloc() : memref<17xf32>
  affine.for %i = 0 to 17 {
    %k = affine.apply affine_map<(d0) -> ((d0 * 6) mod 13)>(%i)
    %ki = arith.index_cast %k : index to i32
    %f = arith.sitofp %ki : i32 to f32
    affine.store %f, %t[%i] : memref<17xf32>
  }
  memref.copy %t, %u : memref<17xf32> to memref<17xf32>
  affine.for %i = 0 to 17 {
    %a = affine.load %t[%i] : memref<17xf32>
    %b = affine.load %u[16 - %i] : memref<17xf32>
    %c = arith.mulf %a, %b : f32
    affine.store %c, %out[%i] : memref<17xf32>
  }
  %p = memref.cast %out : memref<17xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %t : memref<17xf32>
  memref.dealloc %u : memref<17xf32>
  memref.dealloc %out : memref<17xf32>
  return
}

// Hazard: the consumer overwrites in place reading a shifted element (out[i] = 2 * out[i] - out[i+1]) after a producer of out; a fused slice must produce out[i+1] before it is read and never recompute out[i] after the update.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %out = memref.alloc() : memref<21xf32>
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 21 {
    %k = affine.apply affine_map<(d0) -> ((d0 * 9) mod 11)>(%i)
    %ki = arith.index_cast %k : index to i32
    %f = arith.sitofp %ki : i32 to f32
    affine.store %f, %out[%i] : memref<21xf32>
  }
  affine.for %i = 0 to 20 {
    %a = affine.load %out[%i] : memref<21xf32>
    %b = affine.load %out[%i + 1] : memref<21xf32>
    %c = arith.mulf %a, %two : f32
    %d = arith.subf %c, %b : f32
    affine.store %d, %out[%i] : memref<21xf32>
  }
  %p = memref.cast %out : memref<21xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %out : memref<21xf32>
  return
}

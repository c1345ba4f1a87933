// Hazard: the consumer is an in-place prefix sum (out[i+1] += out[i]) over what the producer wrote; a fused producer slice that recomputes out[i+1] would overwrite the running sum, so such a fusion is illegal.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %out = memref.alloc() : memref<15xf32>
  affine.for %i = 0 to 15 {
    %k = affine.apply affine_map<(d0) -> ((d0 * 3) mod 5 - 1)>(%i)
    %ki = arith.index_cast %k : index to i32
    %f = arith.sitofp %ki : i32 to f32
    affine.store %f, %out[%i] : memref<15xf32>
  }
  affine.for %i = 0 to 14 {
    %a = affine.load %out[%i] : memref<15xf32>
    %b = affine.load %out[%i + 1] : memref<15xf32>
    %c = arith.addf %a, %b : f32
    affine.store %c, %out[%i + 1] : memref<15xf32>
  }
  %p = memref.cast %out : memref<15xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %out : memref<15xf32>
  return
}

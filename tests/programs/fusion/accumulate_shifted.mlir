// Hazard: the producer accumulates in memory (C[i] += ..., C zeroed by an earlier nest) and the consumer reads C[i] and the shifted C[i+1]; a fused slice that re-runs the accumulation for C[i+1] would add twice.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %C = memref.alloc() : memref<7xf32>
  %out = memref.alloc() : memref<6xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 7 {
    affine.store %zero, %C[%i] : memref<7xf32>
  }
  affine.for %i = 0 to 7 {
    affine.for %k = 0 to 5 {
      %m = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1 * 2) mod 7 - 3)>(%i, %k)
      %mi = arith.index_cast %m : index to i32
      %mf = arith.sitofp %mi : i32 to f32
      %c = affine.load %C[%i] : memref<7xf32>
      %s = arith.addf %c, %mf : f32
      affine.store %s, %C[%i] : memref<7xf32>
    }
  }
  affine.for %i = 0 to 6 {
    %a = affine.load %C[%i] : memref<7xf32>
    %b = affine.load %C[%i + 1] : memref<7xf32>
    %d = arith.subf %b, %a : f32
    affine.store %d, %out[%i] : memref<6xf32>
  }
  %p = memref.cast %out : memref<6xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %C : memref<7xf32>
  memref.dealloc %out : memref<6xf32>
  return
}

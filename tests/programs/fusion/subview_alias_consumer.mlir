// Hazard: the consumer reads and updates the temporary t through a memref.subview alias (v[i] = t[i+1]) while fusing with the producer through u; a fused producer slice would store t[i+1] again after the consumer updated it, so the alias must count as t.
// MLIR 19's --affine-loop-fusion fuses this and prints different output (a miscompilation).
// RUN-MLIR-EXTRA-PASSES: --expand-strided-metadata
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %t = memref.alloc() : memref<14xf32>
  %u = memref.alloc() : memref<14xf32>
  %v = memref.subview %t[1] [13] [1] : memref<14xf32> to memref<13xf32, strided<[1], offset: 1>>
  affine.for %i = 0 to 14 {
    %k = affine.apply affine_map<(d0) -> ((d0 * 5) mod 7 - 3)>(%i)
    %ki = arith.index_cast %k : index to i32
    %f = arith.sitofp %ki : i32 to f32
    affine.store %f, %t[%i] : memref<14xf32>
    affine.store %f, %u[%i] : memref<14xf32>
  }
  affine.for %i = 0 to 13 {
    %a = affine.load %u[%i] : memref<14xf32>
    %b = affine.load %v[%i] : memref<13xf32, strided<[1], offset: 1>>
    %c = arith.addf %a, %b : f32
    affine.store %c, %v[%i] : memref<13xf32, strided<[1], offset: 1>>
  }
  %p = memref.cast %t : memref<14xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %t : memref<14xf32>
  memref.dealloc %u : memref<14xf32>
  return
}

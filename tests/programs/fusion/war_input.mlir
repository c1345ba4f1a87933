// Hazard: WAR, the consumer writes the input the producer reads (producer reads A[11-i], consumer writes A[i]); every fusion would read overwritten elements, so fusion must not fuse.
// MLIR 19's --affine-loop-fusion fuses this and prints different output (a miscompilation).
// FUSE-NESTS-EXACTLY: 2
memref.global "private" constant @a_init : memref<12xf32> = dense<[3.0, -1.0, 4.0, 1.5, -5.0, 9.0, 2.0, -6.0, 5.5, 3.0, -5.0, 8.0]>
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<12xf32>
  %t = memref.alloc() : memref<12xf32>
  %g = memref.get_global @a_init : memref<12xf32>
  memref.copy %g, %A : memref<12xf32> to memref<12xf32>
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 12 {
    %a = affine.load %A[11 - %i] : memref<12xf32>
    %b = arith.mulf %a, %two : f32
    affine.store %b, %t[%i] : memref<12xf32>
  }
  affine.for %i = 0 to 12 {
    %a = affine.load %t[%i] : memref<12xf32>
    %b = arith.addf %a, %one : f32
    affine.store %b, %A[%i] : memref<12xf32>
  }
  %p = memref.cast %A : memref<12xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<12xf32>
  memref.dealloc %t : memref<12xf32>
  return
}

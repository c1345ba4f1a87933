// Memrefs in a non-default integer memory space (1): alloc, affine load/store, memref.copy from
// space 0 and back.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<5xf32>
  %B = memref.alloc() : memref<5xf32, 1>
  affine.for %i = 0 to 5 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %A[%i] : memref<5xf32>
  }
  memref.copy %A, %B : memref<5xf32> to memref<5xf32, 1>
  affine.for %i = 0 to 5 {
    %v = affine.load %B[%i] : memref<5xf32, 1>
    %w = arith.mulf %v, %v : f32
    affine.store %w, %B[4 - %i] : memref<5xf32, 1>
  }
  memref.copy %B, %A : memref<5xf32, 1> to memref<5xf32>
  %u = memref.cast %A : memref<5xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<5xf32>
  // No dealloc of %B: MLIR 19's LLVM lowering calls free() with a ptr<1> and fails to verify.
  return
}

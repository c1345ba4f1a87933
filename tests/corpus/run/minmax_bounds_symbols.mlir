// affine.for with max lower / min upper bounds whose symbols come from memref.dim of a dynamic
// alloc: counts visits per element, so the printed memref shows the iteration space.
func.func private @printMemrefI32(memref<*xi32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %n = arith.constant 10 : index
  %A = memref.alloc(%n) : memref<?xi32>
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xi32>
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  affine.for %i = 0 to %N {
    affine.store %z, %A[%i] : memref<?xi32>
  }
  // Outer tiles of 4; inner range [max(ii, 1), min(ii + 4, N - 1)).
  affine.for %ii = 0 to %N step 4 {
    affine.for %i = max affine_map<(d0) -> (d0, 1)>(%ii) to min affine_map<(d0)[s0] -> (d0 + 4, s0 - 1)>(%ii)[%N] {
      %v = affine.load %A[%i] : memref<?xi32>
      %w = arith.addi %v, %one : i32
      affine.store %w, %A[%i] : memref<?xi32>
    }
  }
  // Symbolic lower bound: elements [N - 3, N) get another +1.
  affine.for %i = affine_map<()[s0] -> (s0 - 3)>()[%N] to %N {
    %v = affine.load %A[%i] : memref<?xi32>
    %w = arith.addi %v, %one : i32
    affine.store %w, %A[%i] : memref<?xi32>
  }
  %u = memref.cast %A : memref<?xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %A : memref<?xi32>
  return
}

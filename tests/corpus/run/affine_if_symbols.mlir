// affine.if conditions involving symbols bound from memref.dim and a constant, and an integer set
// with both a dim and symbol (d0 + s0 >= N - style window): counts the hits per branch.
#window = affine_set<(d0)[s0, s1] : (d0 - s0 >= 0, s1 - d0 - 1 >= 0)>
func.func private @printMemrefI32(memref<*xi32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %n = arith.constant 12 : index
  %A = memref.alloc(%n) : memref<?xi32>
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xi32>
  %lo = arith.constant 3 : index
  %hi = affine.apply affine_map<()[s0] -> (s0 - 2)>()[%N]
  %in = arith.constant 1 : i32
  %out = arith.constant -1 : i32
  affine.for %i = 0 to %N {
    %v = affine.if #window(%i)[%lo, %hi] -> i32 {
      affine.yield %in : i32
    } else {
      affine.yield %out : i32
    }
    affine.store %v, %A[%i] : memref<?xi32>
    affine.if affine_set<(d0)[s0] : (d0 * 2 - s0 == 0)>(%i)[%N] {
      %z = arith.constant 0 : i32
      affine.store %z, %A[%i] : memref<?xi32>
    }
  }
  %u = memref.cast %A : memref<?xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %A : memref<?xi32>
  return
}

// RUN-MLIR-EXTRA-PASSES: --expand-strided-metadata
// Running updates that read a buffer and write it through a view of every
// kind, each write landing where a later iteration reads: the loops carry
// their dependences through the views.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @fill(%A: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %A[%i] : memref<64xf32>
  }
  return
}
func.func @main() {
  %A = memref.alloc() : memref<64xf32>
  %U = memref.cast %A : memref<64xf32> to memref<*xf32>
  %one = arith.constant 1.0 : f32
  // subview one element in: V[i] is A[i + 1].
  call @fill(%A) : (memref<64xf32>) -> ()
  %S = memref.subview %A[1] [63] [1] : memref<64xf32> to memref<63xf32, strided<[1], offset: 1>>
  affine.for %i = 0 to 63 {
    %x = affine.load %A[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %S[%i] : memref<63xf32, strided<[1], offset: 1>>
  }
  call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  // expand_shape: E[i, j] is A[8 i + j]; row i + 1 reads row i.
  call @fill(%A) : (memref<64xf32>) -> ()
  %E = memref.expand_shape %A [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
  affine.for %i = 1 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.load %A[%i * 8 + %j - 8] : memref<64xf32>
      %y = arith.addf %x, %one : f32
      affine.store %y, %E[%i, %j] : memref<8x8xf32>
    }
  }
  call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  // transpose of the expanded view: T[j, i] is E[i, j], so each column
  // reads the one before it.
  call @fill(%A) : (memref<64xf32>) -> ()
  %T = memref.transpose %E (i, j) -> (j, i) : memref<8x8xf32> to memref<8x8xf32, strided<[1, 8]>>
  affine.for %i = 0 to 8 {
    affine.for %j = 1 to 8 {
      %x = affine.load %E[%i, %j - 1] : memref<8x8xf32>
      %y = arith.addf %x, %x : f32
      affine.store %y, %T[%j, %i] : memref<8x8xf32, strided<[1, 8]>>
    }
  }
  call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  // collapse_shape back to one dimension: C[k] is E[k floordiv 8, k mod 8].
  call @fill(%A) : (memref<64xf32>) -> ()
  %C = memref.collapse_shape %E [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  affine.for %k = 0 to 63 {
    %x = affine.load %C[%k] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %E[(%k + 1) floordiv 8, (%k + 1) mod 8] : memref<8x8xf32>
  }
  call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  // reinterpret_cast two elements in: R[i] is A[i + 2].
  call @fill(%A) : (memref<64xf32>) -> ()
  %R = memref.reinterpret_cast %A to offset: [2], sizes: [62], strides: [1] : memref<64xf32> to memref<62xf32, strided<[1], offset: 2>>
  affine.for %i = 0 to 62 {
    %x = affine.load %A[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %R[%i] : memref<62xf32, strided<[1], offset: 2>>
  }
  call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  // a strided subview read backwards while the buffer is written forwards.
  call @fill(%A) : (memref<64xf32>) -> ()
  %Ev = memref.subview %A[0] [32] [2] : memref<64xf32> to memref<32xf32, strided<[2]>>
  affine.for %i = 1 to 32 {
    %x = affine.load %Ev[%i - 1] : memref<32xf32, strided<[2]>>
    %y = arith.addf %x, %one : f32
    affine.store %y, %A[%i * 2] : memref<64xf32>
  }
  call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<64xf32>
  return
}

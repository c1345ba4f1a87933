// memref.reinterpret_cast: views a 12-element buffer as 3x4 with offset 0, as a 2x2 window with
// a dynamic offset and stride 4, and from an unranked memref.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<12xf32>
  affine.for %i = 0 to 12 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %A[%i] : memref<12xf32>
  }
  %B = memref.reinterpret_cast %A to offset: [0], sizes: [3, 4], strides: [4, 1]
     : memref<12xf32> to memref<3x4xf32>
  %ub = memref.cast %B : memref<3x4xf32> to memref<*xf32>
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  %off = arith.constant 5 : index
  %C = memref.reinterpret_cast %A to offset: [%off], sizes: [2, 2], strides: [4, 1]
     : memref<12xf32> to memref<2x2xf32, strided<[4, 1], offset: ?>>
  %uc = memref.cast %C : memref<2x2xf32, strided<[4, 1], offset: ?>> to memref<*xf32>
  call @printMemrefF32(%uc) : (memref<*xf32>) -> ()
  %U = memref.cast %A : memref<12xf32> to memref<*xf32>
  %D = memref.reinterpret_cast %U to offset: [1], sizes: [%off], strides: [2]
     : memref<*xf32> to memref<?xf32, strided<[2], offset: 1>>
  %ud = memref.cast %D : memref<?xf32, strided<[2], offset: 1>> to memref<*xf32>
  call @printMemrefF32(%ud) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<12xf32>
  return
}

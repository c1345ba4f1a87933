// RUN-MLIR-EXTRA-PASSES: --expand-strided-metadata
// memref.collapse_shape and memref.expand_shape: fill a 2x3x4 buffer through a flat collapsed
// view, then read it through an expanded 6x2x2 view.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<2x3x4xf32>
  %F = memref.collapse_shape %A [[0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
  affine.for %i = 0 to 24 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %F[%i] : memref<24xf32>
  }
  %M = memref.collapse_shape %A [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
  %um = memref.cast %M : memref<6x4xf32> to memref<*xf32>
  call @printMemrefF32(%um) : (memref<*xf32>) -> ()
  %E = memref.expand_shape %M [[0], [1, 2]] output_shape [6, 2, 2] : memref<6x4xf32> into memref<6x2x2xf32>
  %v = affine.load %E[4, 1, 0] : memref<6x2x2xf32>
  vector.print %v : f32
  %ue = memref.cast %E : memref<6x2x2xf32> to memref<*xf32>
  call @printMemrefF32(%ue) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<2x3x4xf32>
  return
}

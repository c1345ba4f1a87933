// Hazard: memref.copy overwrites a window of the temporary (through a subview) between producer and consumer; the consumer must see the copied values, so fusion must not fuse.
// RUN-MLIR-EXTRA-PASSES: --expand-strided-metadata
// FUSE-NESTS-EXACTLY: 2
memref.global "private" constant @patch : memref<4xf32> = dense<[-1.5, -2.5, -3.5, -4.5]>
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %t = memref.alloc() : memref<13xf32>
  %out = memref.alloc() : memref<13xf32>
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 13 {
    %ki = arith.index_cast %i : index to i32
    %f = arith.sitofp %ki : i32 to f32
    affine.store %f, %t[%i] : memref<13xf32>
  }
  %g = memref.get_global @patch : memref<4xf32>
  %w = memref.subview %t[4] [4] [1] : memref<13xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.copy %g, %w : memref<4xf32> to memref<4xf32, strided<[1], offset: 4>>
  affine.for %i = 0 to 13 {
    %a = affine.load %t[%i] : memref<13xf32>
    %b = arith.mulf %a, %two : f32
    affine.store %b, %out[%i] : memref<13xf32>
  }
  %p = memref.cast %out : memref<13xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %t : memref<13xf32>
  memref.dealloc %out : memref<13xf32>
  return
}

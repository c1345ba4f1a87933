// RUN-MLIR-EXTRA-PASSES: --expand-realloc --expand-strided-metadata
// memref.realloc growing to a static size and shrinking to a dynamic one:
// the kept elements survive, the new ones are written before they are
// read.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %a = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 4 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %a[%i] : memref<4xf32>
  }
  %b = memref.realloc %a : memref<4xf32> to memref<6xf32>
  %ten = arith.constant 10.0 : f32
  affine.for %i = 4 to 6 {
    affine.store %ten, %b[%i] : memref<6xf32>
  }
  %ub = memref.cast %b : memref<6xf32> to memref<*xf32>
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  %c3 = arith.constant 3 : index
  %c = memref.realloc %b(%c3) : memref<6xf32> to memref<?xf32>
  %uc = memref.cast %c : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%uc) : (memref<*xf32>) -> ()
  memref.dealloc %c : memref<?xf32>
  return
}

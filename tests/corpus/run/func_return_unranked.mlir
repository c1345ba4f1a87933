// RUN-MLIR-EXTRA-PASSES: --expand-strided-metadata
// Functions that return unranked memrefs: a cast of the caller's alloca
// (the callee's view descriptor lives on its own stack), two results at
// once, and a callee called in a loop; the caller prints through them.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }

func.func @erase_rank(%m: memref<4x3xf32>) -> memref<*xf32> {
  %u = memref.cast %m : memref<4x3xf32> to memref<*xf32>
  return %u : memref<*xf32>
}

func.func @row_and_all(%m: memref<4x3xf32>, %r: index) -> (memref<*xf32>, memref<*xf32>) {
  %row = memref.subview %m[%r, 0] [1, 3] [1, 1] : memref<4x3xf32> to memref<3xf32, strided<[1], offset: ?>>
  %u = memref.cast %row : memref<3xf32, strided<[1], offset: ?>> to memref<*xf32>
  %a = memref.cast %m : memref<4x3xf32> to memref<*xf32>
  return %u, %a : memref<*xf32>, memref<*xf32>
}

func.func @main() {
  %m = memref.alloca() : memref<4x3xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 3 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 3 + d1)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %m[%i, %j] : memref<4x3xf32>
    }
  }
  %u = call @erase_rank(%m) : (memref<4x3xf32>) -> memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  affine.for %r = 1 to 4 step 2 {
    %row, %all = func.call @row_and_all(%m, %r) : (memref<4x3xf32>, index) -> (memref<*xf32>, memref<*xf32>)
    func.call @printMemrefF32(%row) : (memref<*xf32>) -> ()
  }
  return
}

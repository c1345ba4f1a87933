// Seed-002-like chained matmul, small (batch 2: C = A(5x4) B(4x7), D = C(5x7) E(7x3), accumulated in memory after zeroing nests); fusion may fuse only where a row of C is complete before it is read.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %C = memref.alloc() : memref<2x5x7xf32>
  %D = memref.alloc() : memref<2x5x3xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %b = 0 to 2 {
    affine.for %i = 0 to 5 {
      affine.for %j = 0 to 7 {
        affine.store %zero, %C[%b, %i, %j] : memref<2x5x7xf32>
      }
    }
  }
  affine.for %b = 0 to 2 {
    affine.for %i = 0 to 5 {
      affine.for %j = 0 to 7 {
        affine.for %k = 0 to 4 {
          %ai = affine.apply affine_map<(d0, d1, d2) -> ((d0 * 3 + d1 * 2 + d2) mod 5 - 2)>(%b, %i, %k)
          %bi = affine.apply affine_map<(d0, d1, d2) -> ((d0 + d1 * 3 + d2 * 2) mod 4 - 1)>(%b, %k, %j)
          %aii = arith.index_cast %ai : index to i32
          %bii = arith.index_cast %bi : index to i32
          %af = arith.sitofp %aii : i32 to f32
          %bf = arith.sitofp %bii : i32 to f32
          %c = affine.load %C[%b, %i, %j] : memref<2x5x7xf32>
          %m = arith.mulf %af, %bf : f32
          %s = arith.addf %c, %m : f32
          affine.store %s, %C[%b, %i, %j] : memref<2x5x7xf32>
        }
      }
    }
  }
  affine.for %b = 0 to 2 {
    affine.for %i = 0 to 5 {
      affine.for %j = 0 to 3 {
        affine.store %zero, %D[%b, %i, %j] : memref<2x5x3xf32>
      }
    }
  }
  affine.for %b = 0 to 2 {
    affine.for %i = 0 to 5 {
      affine.for %j = 0 to 3 {
        affine.for %k = 0 to 7 {
          %ei = affine.apply affine_map<(d0, d1, d2) -> ((d0 * 2 + d1 + d2 * 3) mod 3 - 1)>(%b, %k, %j)
          %eii = arith.index_cast %ei : index to i32
          %ef = arith.sitofp %eii : i32 to f32
          %c = affine.load %C[%b, %i, %k] : memref<2x5x7xf32>
          %d = affine.load %D[%b, %i, %j] : memref<2x5x3xf32>
          %m = arith.mulf %c, %ef : f32
          %s = arith.addf %d, %m : f32
          affine.store %s, %D[%b, %i, %j] : memref<2x5x3xf32>
        }
      }
    }
  }
  %p = memref.cast %D : memref<2x5x3xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %C : memref<2x5x7xf32>
  memref.dealloc %D : memref<2x5x3xf32>
  return
}

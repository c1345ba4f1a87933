// A complete program for `affjit run`: fills two small matrices, multiplies
// them with an affine loop nest, and prints the result the way MLIR's
// runner utilities do (the same file runs under mlir-cpu-runner).
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }

func.func @matmul(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      %zero = arith.constant 0.0 : f32
      %sum = affine.for %k = 0 to 3 iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<4x3xf32>
        %b = affine.load %B[%k, %j] : memref<3x5xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      affine.store %sum, %C[%i, %j] : memref<4x5xf32>
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<4x3xf32>
  %B = memref.alloc() : memref<3x5xf32>
  %C = memref.alloc() : memref<4x5xf32>
  affine.for %i = 0 to 4 {
    affine.for %k = 0 to 3 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i, %k)
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f32
      affine.store %vf, %A[%i, %k] : memref<4x3xf32>
    }
  }
  affine.for %k = 0 to 3 {
    affine.for %j = 0 to 5 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 5 + d1)>(%k, %j)
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f32
      affine.store %vf, %B[%k, %j] : memref<3x5xf32>
    }
  }
  call @matmul(%A, %B, %C) : (memref<4x3xf32>, memref<3x5xf32>, memref<4x5xf32>) -> ()
  %u = memref.cast %C : memref<4x5xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<4x3xf32>
  memref.dealloc %B : memref<3x5xf32>
  memref.dealloc %C : memref<4x5xf32>
  return
}

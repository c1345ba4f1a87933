// Kernels the REPL tests load and call on session buffers; reference.mlir
// calls the same kernels from a main function for mlir-cpu-runner.
func.func @saxpy(%x: memref<16xf32>, %y: memref<16xf32>, %a: f32) {
  affine.for %i = 0 to 16 {
    %xv = affine.load %x[%i] : memref<16xf32>
    %yv = affine.load %y[%i] : memref<16xf32>
    %p = arith.mulf %a, %xv : f32
    %s = arith.addf %p, %yv : f32
    affine.store %s, %y[%i] : memref<16xf32>
  }
  return
}

func.func @matmul(%A: memref<4x6xf32>, %B: memref<6x5xf32>, %C: memref<4x5xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 6 {
        %a = affine.load %A[%i, %k] : memref<4x6xf32>
        %b = affine.load %B[%k, %j] : memref<6x5xf32>
        %c = affine.load %C[%i, %j] : memref<4x5xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<4x5xf32>
      }
    }
  }
  return
}

func.func @scale_i64(%m: memref<3x3xi64>, %k: i64) {
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 3 {
      %v = affine.load %m[%i, %j] : memref<3x3xi64>
      %p = arith.muli %v, %k : i64
      affine.store %p, %m[%i, %j] : memref<3x3xi64>
    }
  }
  return
}

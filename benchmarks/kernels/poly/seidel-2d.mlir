// PolyBench seidel-2d, f32: 20 time steps of the in-place 9-point
// Gauss-Seidel stencil on a 1024x1024 grid, in PolyBench's loop order (for
// t: for i, j in 1..1022: A[i][j] = (A[i-1][j-1] + A[i-1][j] + A[i-1][j+1]
// + A[i][j-1] + A[i][j] + A[i][j+1] + A[i+1][j-1] + A[i+1][j] +
// A[i+1][j+1]) / 9, added left to right). Every loop carries a dependence.
// One of the naive kernels of benchmarks/KernelBench.cpp (the C peer is
// seidel-2d.c). @main fills the grid from its indices, calls @kernel and
// prints a digest of A.
// TEST-SIZES: 1024=24 1023=23 20=3
module {
  func.func @kernel(%A: memref<1024x1024xf32>) {
    %nine = arith.constant 9.0 : f32
    affine.for %t = 0 to 20 {
      affine.for %i = 1 to 1023 {
        affine.for %j = 1 to 1023 {
          %a0 = affine.load %A[%i - 1, %j - 1] : memref<1024x1024xf32>
          %a1 = affine.load %A[%i - 1, %j] : memref<1024x1024xf32>
          %a2 = affine.load %A[%i - 1, %j + 1] : memref<1024x1024xf32>
          %a3 = affine.load %A[%i, %j - 1] : memref<1024x1024xf32>
          %a4 = affine.load %A[%i, %j] : memref<1024x1024xf32>
          %a5 = affine.load %A[%i, %j + 1] : memref<1024x1024xf32>
          %a6 = affine.load %A[%i + 1, %j - 1] : memref<1024x1024xf32>
          %a7 = affine.load %A[%i + 1, %j] : memref<1024x1024xf32>
          %a8 = affine.load %A[%i + 1, %j + 1] : memref<1024x1024xf32>
          %s1 = arith.addf %a0, %a1 : f32
          %s2 = arith.addf %s1, %a2 : f32
          %s3 = arith.addf %s2, %a3 : f32
          %s4 = arith.addf %s3, %a4 : f32
          %s5 = arith.addf %s4, %a5 : f32
          %s6 = arith.addf %s5, %a6 : f32
          %s7 = arith.addf %s6, %a7 : f32
          %s8 = arith.addf %s7, %a8 : f32
          %v = arith.divf %s8, %nine : f32
          affine.store %v, %A[%i, %j] : memref<1024x1024xf32>
        }
      }
    }
    return
  }

  // m[i][j] = ((a*i + b*j + c) mod n) * scale: small integers times a power
  // of two, exact in f32 (KernelBench.cpp fills its buffers the same way).
  func.func @fill2(%m: memref<?x?xf32>, %a: index, %b: index, %c: index,
                   %n: index, %scale: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %d0 = memref.dim %m, %c0 : memref<?x?xf32>
    %d1 = memref.dim %m, %c1 : memref<?x?xf32>
    affine.for %i = 0 to %d0 {
      affine.for %j = 0 to %d1 {
        %ai = arith.muli %a, %i : index
        %bj = arith.muli %b, %j : index
        %s0 = arith.addi %ai, %bj : index
        %s1 = arith.addi %s0, %c : index
        %r = arith.remsi %s1, %n : index
        %ri = arith.index_cast %r : index to i32
        %rf = arith.sitofp %ri : i32 to f32
        %v = arith.mulf %rf, %scale : f32
        memref.store %v, %m[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }

  // Prints m in 8 sums: element [i, j] added into element j mod 8, in
  // row-major order. Every element counts and the output stays small (row
  // sums would not do: softmax's rows all sum to 1).
  func.func @digest2(%m: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %d0 = memref.dim %m, %c0 : memref<?x?xf32>
    %d1 = memref.dim %m, %c1 : memref<?x?xf32>
    %dig = memref.alloc() : memref<8xf32>
    affine.for %k = 0 to 8 {
      affine.store %zero, %dig[%k] : memref<8xf32>
    }
    affine.for %i = 0 to %d0 {
      affine.for %j = 0 to %d1 {
        %v = affine.load %m[%i, %j] : memref<?x?xf32>
        %o = affine.load %dig[%j mod 8] : memref<8xf32>
        %n = arith.addf %o, %v : f32
        affine.store %n, %dig[%j mod 8] : memref<8xf32>
      }
    }
    %u = memref.cast %dig : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %dig : memref<8xf32>
    return
  }
  func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }

  func.func @main() {
    %A = memref.alloc() : memref<1024x1024xf32>
    %Ad = memref.cast %A : memref<1024x1024xf32> to memref<?x?xf32>
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %n1033 = arith.constant 1033 : index
    %s1024 = arith.constant 0.0009765625 : f32
    call @fill2(%Ad, %c3, %c1, %c2, %n1033, %s1024) : (memref<?x?xf32>, index, index, index, index, f32) -> ()
    call @kernel(%A) : (memref<1024x1024xf32>) -> ()
    call @digest2(%Ad) : (memref<?x?xf32>) -> ()
    memref.dealloc %A : memref<1024x1024xf32>
    return
  }
}

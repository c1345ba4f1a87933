// PolyBench jacobi-2d, f32: 40 time steps of the 5-point Jacobi stencil on
// 1024x1024 grids A and B, in PolyBench's loop order (for t: for i, j in
// 1..1022: B[i][j] = 0.2*(A[i][j] + A[i][j-1] + A[i][j+1] + A[i+1][j] +
// A[i-1][j]); then the same from B into A), the five terms added left to
// right. One of the naive kernels of benchmarks/KernelBench.cpp (the C peer
// is jacobi-2d.c). @main fills the grids from their indices, calls @kernel
// and prints a digest of A.
// TEST-SIZES: 1024=24 1023=23 40=3
module {
  func.func @kernel(%A: memref<1024x1024xf32>, %B: memref<1024x1024xf32>) {
    %fifth = arith.constant 0.2 : f32
    affine.for %t = 0 to 40 {
      affine.for %i = 1 to 1023 {
        affine.for %j = 1 to 1023 {
          %c = affine.load %A[%i, %j] : memref<1024x1024xf32>
          %w = affine.load %A[%i, %j - 1] : memref<1024x1024xf32>
          %e = affine.load %A[%i, %j + 1] : memref<1024x1024xf32>
          %s = affine.load %A[%i + 1, %j] : memref<1024x1024xf32>
          %n = affine.load %A[%i - 1, %j] : memref<1024x1024xf32>
          %s0 = arith.addf %c, %w : f32
          %s1 = arith.addf %s0, %e : f32
          %s2 = arith.addf %s1, %s : f32
          %s3 = arith.addf %s2, %n : f32
          %v = arith.mulf %fifth, %s3 : f32
          affine.store %v, %B[%i, %j] : memref<1024x1024xf32>
        }
      }
      affine.for %i = 1 to 1023 {
        affine.for %j = 1 to 1023 {
          %c = affine.load %B[%i, %j] : memref<1024x1024xf32>
          %w = affine.load %B[%i, %j - 1] : memref<1024x1024xf32>
          %e = affine.load %B[%i, %j + 1] : memref<1024x1024xf32>
          %s = affine.load %B[%i + 1, %j] : memref<1024x1024xf32>
          %n = affine.load %B[%i - 1, %j] : memref<1024x1024xf32>
          %s0 = arith.addf %c, %w : f32
          %s1 = arith.addf %s0, %e : f32
          %s2 = arith.addf %s1, %s : f32
          %s3 = arith.addf %s2, %n : f32
          %v = arith.mulf %fifth, %s3 : f32
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
    %B = memref.alloc() : memref<1024x1024xf32>
    %Ad = memref.cast %A : memref<1024x1024xf32> to memref<?x?xf32>
    %Bd = memref.cast %B : memref<1024x1024xf32> to memref<?x?xf32>
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %n1033 = arith.constant 1033 : index
    %n1039 = arith.constant 1039 : index
    %s1024 = arith.constant 0.0009765625 : f32
    call @fill2(%Ad, %c3, %c1, %c2, %n1033, %s1024) : (memref<?x?xf32>, index, index, index, index, f32) -> ()
    call @fill2(%Bd, %c1, %c5, %c3, %n1039, %s1024) : (memref<?x?xf32>, index, index, index, index, f32) -> ()
    call @kernel(%A, %B) : (memref<1024x1024xf32>, memref<1024x1024xf32>) -> ()
    call @digest2(%Ad) : (memref<?x?xf32>) -> ()
    memref.dealloc %A : memref<1024x1024xf32>
    memref.dealloc %B : memref<1024x1024xf32>
    return
  }
}

// PolyBench gemm at 2048x2048 (gemm.mlir four times the size: B, 16 MiB,
// no longer fits a core's L2 and every row of C re-reads all of it, which
// is what the tile pass is for). f32: C = alpha*A*B + beta*C, in
// PolyBench's loop order (for i: C[i][*] *= beta; for k, j: C[i][j] +=
// alpha*A[i][k]*B[k][j]). One of the naive kernels of
// benchmarks/KernelBench.cpp (the C peer is gemm2048.c). @main fills the
// inputs from their indices, calls @kernel and prints a digest of C.
// TEST-SIZES: 2048=48
module {
  func.func @kernel(%alpha: f32, %beta: f32, %C: memref<2048x2048xf32>,
                    %A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>) {
    affine.for %i = 0 to 2048 {
      affine.for %j = 0 to 2048 {
        %c = affine.load %C[%i, %j] : memref<2048x2048xf32>
        %m = arith.mulf %c, %beta : f32
        affine.store %m, %C[%i, %j] : memref<2048x2048xf32>
      }
      affine.for %k = 0 to 2048 {
        affine.for %j = 0 to 2048 {
          %a = affine.load %A[%i, %k] : memref<2048x2048xf32>
          %t = arith.mulf %alpha, %a : f32
          %b = affine.load %B[%k, %j] : memref<2048x2048xf32>
          %p = arith.mulf %t, %b : f32
          %c = affine.load %C[%i, %j] : memref<2048x2048xf32>
          %s = arith.addf %c, %p : f32
          affine.store %s, %C[%i, %j] : memref<2048x2048xf32>
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
    %C = memref.alloc() : memref<2048x2048xf32>
    %A = memref.alloc() : memref<2048x2048xf32>
    %B = memref.alloc() : memref<2048x2048xf32>
    %Cd = memref.cast %C : memref<2048x2048xf32> to memref<?x?xf32>
    %Ad = memref.cast %A : memref<2048x2048xf32> to memref<?x?xf32>
    %Bd = memref.cast %B : memref<2048x2048xf32> to memref<?x?xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %n1031 = arith.constant 1031 : index
    %n1033 = arith.constant 1033 : index
    %n1039 = arith.constant 1039 : index
    %s1024 = arith.constant 0.0009765625 : f32
    %s512 = arith.constant 0.001953125 : f32
    call @fill2(%Cd, %c1, %c3, %c1, %n1033, %s1024) : (memref<?x?xf32>, index, index, index, index, f32) -> ()
    call @fill2(%Ad, %c2, %c1, %c0, %n1031, %s512) : (memref<?x?xf32>, index, index, index, index, f32) -> ()
    call @fill2(%Bd, %c1, %c5, %c2, %n1039, %s1024) : (memref<?x?xf32>, index, index, index, index, f32) -> ()
    %alpha = arith.constant 1.5 : f32
    %beta = arith.constant 1.25 : f32
    call @kernel(%alpha, %beta, %C, %A, %B) : (f32, f32, memref<2048x2048xf32>, memref<2048x2048xf32>, memref<2048x2048xf32>) -> ()
    call @digest2(%Cd) : (memref<?x?xf32>) -> ()
    memref.dealloc %C : memref<2048x2048xf32>
    memref.dealloc %A : memref<2048x2048xf32>
    memref.dealloc %B : memref<2048x2048xf32>
    return
  }
}

// PolyBench symm, f32: C = alpha*A*B + beta*C with A symmetric, only its
// lower triangle (A[i][k], k <= i) read (BLAS side L, uplo L), A 640x640,
// B and C 640x576 (M=640, N=576), in PolyBench's loop order: for i, j:
// temp2 = 0; for k = 0 to i: C[k][j] += alpha*B[i][j]*A[i][k] (kept in C);
// temp2 += B[k][j]*A[i][k] (a scalar as in PolyBench: the k loop's
// iter_args value); then C[i][j] = beta*C[i][j] + alpha*B[i][j]*A[i][i] +
// alpha*temp2, associated as written. One of the naive kernels of
// benchmarks/KernelBench.cpp (the C peer is symm.c). @main fills C, A and
// B from their indices, calls @kernel and prints a digest of C.
// TEST-SIZES: 640=14 576=10
module {
  func.func @kernel(%alpha: f32, %beta: f32, %C: memref<640x576xf32>,
                    %A: memref<640x640xf32>, %B: memref<640x576xf32>) {
    %zero = arith.constant 0.0 : f32
    affine.for %i = 0 to 640 {
      affine.for %j = 0 to 576 {
        %temp2 = affine.for %k = 0 to affine_map<(d0) -> (d0)>(%i)
            iter_args(%t = %zero) -> (f32) {
          %bij = affine.load %B[%i, %j] : memref<640x576xf32>
          %ab = arith.mulf %alpha, %bij : f32
          %aik = affine.load %A[%i, %k] : memref<640x640xf32>
          %p = arith.mulf %ab, %aik : f32
          %ckj = affine.load %C[%k, %j] : memref<640x576xf32>
          %s = arith.addf %ckj, %p : f32
          affine.store %s, %C[%k, %j] : memref<640x576xf32>
          %bkj = affine.load %B[%k, %j] : memref<640x576xf32>
          %q = arith.mulf %bkj, %aik : f32
          %tn = arith.addf %t, %q : f32
          affine.yield %tn : f32
        }
        %c = affine.load %C[%i, %j] : memref<640x576xf32>
        %bc = arith.mulf %beta, %c : f32
        %bij = affine.load %B[%i, %j] : memref<640x576xf32>
        %ab = arith.mulf %alpha, %bij : f32
        %aii = affine.load %A[%i, %i] : memref<640x640xf32>
        %p = arith.mulf %ab, %aii : f32
        %s1 = arith.addf %bc, %p : f32
        %at = arith.mulf %alpha, %temp2 : f32
        %s2 = arith.addf %s1, %at : f32
        affine.store %s2, %C[%i, %j] : memref<640x576xf32>
      }
    }
    return
  }

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
    %C = memref.alloc() : memref<640x576xf32>
    %A = memref.alloc() : memref<640x640xf32>
    %B = memref.alloc() : memref<640x576xf32>
    %Cd = memref.cast %C : memref<640x576xf32> to memref<?x?xf32>
    %Ad = memref.cast %A : memref<640x640xf32> to memref<?x?xf32>
    %Bd = memref.cast %B : memref<640x576xf32> to memref<?x?xf32>
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
    call @kernel(%alpha, %beta, %C, %A, %B) : (f32, f32, memref<640x576xf32>, memref<640x640xf32>, memref<640x576xf32>) -> ()
    call @digest2(%Cd) : (memref<?x?xf32>) -> ()
    memref.dealloc %C : memref<640x576xf32>
    memref.dealloc %A : memref<640x640xf32>
    memref.dealloc %B : memref<640x576xf32>
    return
  }
}

// PolyBench syr2k, f32: C = alpha*A*B^T + alpha*B*A^T + beta*C on the lower
// triangle of C (j <= i; the strict upper triangle is neither read nor
// written), C 1024x1024, A and B 1024x384 (N=1024, M=384), in PolyBench's
// loop order: for i: for j = 0 to i: C[i][j] *= beta; for k, for j = 0 to
// i: C[i][j] += A[j][k]*alpha*B[i][k] + B[j][k]*alpha*A[i][k] (associated
// as written: ((A*alpha)*B + (B*alpha)*A), then added to C; the sum kept in
// C, in order of k). One of the naive kernels of benchmarks/KernelBench.cpp
// (the C peer is syr2k.c). @main fills C, A and B from their indices,
// calls @kernel and prints a digest of C.
// TEST-SIZES: 1024=20 384=12
module {
  func.func @kernel(%alpha: f32, %beta: f32, %C: memref<1024x1024xf32>,
                    %A: memref<1024x384xf32>, %B: memref<1024x384xf32>) {
    affine.for %i = 0 to 1024 {
      affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
        %c = affine.load %C[%i, %j] : memref<1024x1024xf32>
        %m = arith.mulf %c, %beta : f32
        affine.store %m, %C[%i, %j] : memref<1024x1024xf32>
      }
      affine.for %k = 0 to 384 {
        affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
          %ajk = affine.load %A[%j, %k] : memref<1024x384xf32>
          %t1 = arith.mulf %ajk, %alpha : f32
          %bik = affine.load %B[%i, %k] : memref<1024x384xf32>
          %p1 = arith.mulf %t1, %bik : f32
          %bjk = affine.load %B[%j, %k] : memref<1024x384xf32>
          %t2 = arith.mulf %bjk, %alpha : f32
          %aik = affine.load %A[%i, %k] : memref<1024x384xf32>
          %p2 = arith.mulf %t2, %aik : f32
          %q = arith.addf %p1, %p2 : f32
          %c = affine.load %C[%i, %j] : memref<1024x1024xf32>
          %s = arith.addf %c, %q : f32
          affine.store %s, %C[%i, %j] : memref<1024x1024xf32>
        }
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
    %C = memref.alloc() : memref<1024x1024xf32>
    %A = memref.alloc() : memref<1024x384xf32>
    %B = memref.alloc() : memref<1024x384xf32>
    %Cd = memref.cast %C : memref<1024x1024xf32> to memref<?x?xf32>
    %Ad = memref.cast %A : memref<1024x384xf32> to memref<?x?xf32>
    %Bd = memref.cast %B : memref<1024x384xf32> to memref<?x?xf32>
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
    call @kernel(%alpha, %beta, %C, %A, %B) : (f32, f32, memref<1024x1024xf32>, memref<1024x384xf32>, memref<1024x384xf32>) -> ()
    call @digest2(%Cd) : (memref<?x?xf32>) -> ()
    memref.dealloc %C : memref<1024x1024xf32>
    memref.dealloc %A : memref<1024x384xf32>
    memref.dealloc %B : memref<1024x384xf32>
    return
  }
}

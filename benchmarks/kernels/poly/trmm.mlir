// PolyBench trmm, f32: B = alpha * A^T * B with A unit lower triangular
// (BLAS side L, uplo L, transa T, diag U: only A's strict lower triangle,
// A[k][i] for k > i, is read), A 640x640, B 640x768 (M=640, N=768), in
// PolyBench's loop order: for i, j: for k = i+1 to M: B[i][j] +=
// A[k][i]*B[k][j] (the sum kept in B[i][j], in order of k; rows k > i of
// B are still the input's); B[i][j] = alpha*B[i][j]. PolyBench's trmm has
// no beta: @kernel takes alpha only. One of the naive kernels of
// benchmarks/KernelBench.cpp (the C peer is trmm.c). @main fills A and B
// from their indices, calls @kernel and prints a digest of B.
// TEST-SIZES: 640=14 768=18
module {
  func.func @kernel(%alpha: f32, %A: memref<640x640xf32>, %B: memref<640x768xf32>) {
    affine.for %i = 0 to 640 {
      affine.for %j = 0 to 768 {
        affine.for %k = affine_map<(d0) -> (d0 + 1)>(%i) to 640 {
          %a = affine.load %A[%k, %i] : memref<640x640xf32>
          %b = affine.load %B[%k, %j] : memref<640x768xf32>
          %p = arith.mulf %a, %b : f32
          %c = affine.load %B[%i, %j] : memref<640x768xf32>
          %s = arith.addf %c, %p : f32
          affine.store %s, %B[%i, %j] : memref<640x768xf32>
        }
        %c = affine.load %B[%i, %j] : memref<640x768xf32>
        %m = arith.mulf %alpha, %c : f32
        affine.store %m, %B[%i, %j] : memref<640x768xf32>
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
    %A = memref.alloc() : memref<640x640xf32>
    %B = memref.alloc() : memref<640x768xf32>
    %Ad = memref.cast %A : memref<640x640xf32> to memref<?x?xf32>
    %Bd = memref.cast %B : memref<640x768xf32> to memref<?x?xf32>
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
    call @fill2(%Ad, %c2, %c1, %c0, %n1031, %s512) : (memref<?x?xf32>, index, index, index, index, f32) -> ()
    call @fill2(%Bd, %c1, %c3, %c1, %n1033, %s1024) : (memref<?x?xf32>, index, index, index, index, f32) -> ()
    %alpha = arith.constant 1.5 : f32
    call @kernel(%alpha, %A, %B) : (f32, memref<640x640xf32>, memref<640x768xf32>) -> ()
    call @digest2(%Bd) : (memref<?x?xf32>) -> ()
    memref.dealloc %A : memref<640x640xf32>
    memref.dealloc %B : memref<640x768xf32>
    return
  }
}

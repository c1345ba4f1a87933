// PolyBench atax, f32: y = A^T (A x) with A 3840x4096 (M x N), in
// PolyBench's loop order (y = 0; for i: tmp[i] = 0, for j: tmp[i] +=
// A[i][j]*x[j]; for j: y[j] += A[i][j]*tmp[i]), the sums through memory.
// One of the naive kernels of benchmarks/KernelBench.cpp (the C peer is
// atax.c). @main fills the inputs from their indices, calls @kernel and
// prints a digest of y.
// TEST-SIZES: 3840=40 4096=56
module {
  func.func @kernel(%A: memref<3840x4096xf32>, %x: memref<4096xf32>,
                    %y: memref<4096xf32>, %tmp: memref<3840xf32>) {
    %zero = arith.constant 0.0 : f32
    affine.for %i = 0 to 4096 {
      affine.store %zero, %y[%i] : memref<4096xf32>
    }
    affine.for %i = 0 to 3840 {
      affine.store %zero, %tmp[%i] : memref<3840xf32>
      affine.for %j = 0 to 4096 {
        %t = affine.load %tmp[%i] : memref<3840xf32>
        %a = affine.load %A[%i, %j] : memref<3840x4096xf32>
        %b = affine.load %x[%j] : memref<4096xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %t, %p : f32
        affine.store %s, %tmp[%i] : memref<3840xf32>
      }
      affine.for %j = 0 to 4096 {
        %o = affine.load %y[%j] : memref<4096xf32>
        %a = affine.load %A[%i, %j] : memref<3840x4096xf32>
        %t = affine.load %tmp[%i] : memref<3840xf32>
        %p = arith.mulf %a, %t : f32
        %s = arith.addf %o, %p : f32
        affine.store %s, %y[%j] : memref<4096xf32>
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

  // v[i] = ((a*i + c) mod n) * scale, exact in f32 like @fill2.
  func.func @fill1(%v: memref<?xf32>, %a: index, %c: index, %n: index,
                   %scale: f32) {
    %c0 = arith.constant 0 : index
    %d0 = memref.dim %v, %c0 : memref<?xf32>
    affine.for %i = 0 to %d0 {
      %ai = arith.muli %a, %i : index
      %s = arith.addi %ai, %c : index
      %r = arith.remsi %s, %n : index
      %ri = arith.index_cast %r : index to i32
      %rf = arith.sitofp %ri : i32 to f32
      %x = arith.mulf %rf, %scale : f32
      memref.store %x, %v[%i] : memref<?xf32>
    }
    return
  }

  // Prints v in 8 sums, element i added (in order) into element i mod 8.
  func.func @digest1(%v: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %d0 = memref.dim %v, %c0 : memref<?xf32>
    %dig = memref.alloc() : memref<8xf32>
    affine.for %k = 0 to 8 {
      affine.store %zero, %dig[%k] : memref<8xf32>
    }
    affine.for %i = 0 to %d0 {
      %x = affine.load %v[%i] : memref<?xf32>
      %o = affine.load %dig[%i mod 8] : memref<8xf32>
      %n = arith.addf %o, %x : f32
      affine.store %n, %dig[%i mod 8] : memref<8xf32>
    }
    %u = memref.cast %dig : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %dig : memref<8xf32>
    return
  }
  func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }

  func.func @main() {
    %A = memref.alloc() : memref<3840x4096xf32>
    %x = memref.alloc() : memref<4096xf32>
    %y = memref.alloc() : memref<4096xf32>
    %tmp = memref.alloc() : memref<3840xf32>
    %Ad = memref.cast %A : memref<3840x4096xf32> to memref<?x?xf32>
    %xd = memref.cast %x : memref<4096xf32> to memref<?xf32>
    %yd = memref.cast %y : memref<4096xf32> to memref<?xf32>
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %n1031 = arith.constant 1031 : index
    %n1033 = arith.constant 1033 : index
    %s1024 = arith.constant 0.0009765625 : f32
    %s512 = arith.constant 0.001953125 : f32
    call @fill2(%Ad, %c3, %c1, %c5, %n1033, %s1024) : (memref<?x?xf32>, index, index, index, index, f32) -> ()
    call @fill1(%xd, %c5, %c1, %n1031, %s512) : (memref<?xf32>, index, index, index, f32) -> ()
    call @kernel(%A, %x, %y, %tmp) : (memref<3840x4096xf32>, memref<4096xf32>, memref<4096xf32>, memref<3840xf32>) -> ()
    call @digest1(%yd) : (memref<?xf32>) -> ()
    memref.dealloc %A : memref<3840x4096xf32>
    memref.dealloc %x : memref<4096xf32>
    memref.dealloc %y : memref<4096xf32>
    memref.dealloc %tmp : memref<3840xf32>
    return
  }
}

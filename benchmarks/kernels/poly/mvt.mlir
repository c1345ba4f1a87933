// PolyBench mvt, f32: x1 += A y1 and x2 += A^T y2 with A 4096x4096, in
// PolyBench's loop order (for i, j: x1[i] += A[i][j]*y1[j]; for i, j:
// x2[i] += A[j][i]*y2[j], which walks A down its columns), the sums through
// memory. One of the naive kernels of benchmarks/KernelBench.cpp (the C
// peer is mvt.c). @main fills the inputs from their indices, calls @kernel
// and prints digests of x1 and x2.
// TEST-SIZES: 4096=56
module {
  func.func @kernel(%x1: memref<4096xf32>, %x2: memref<4096xf32>,
                    %y1: memref<4096xf32>, %y2: memref<4096xf32>,
                    %A: memref<4096x4096xf32>) {
    affine.for %i = 0 to 4096 {
      affine.for %j = 0 to 4096 {
        %o = affine.load %x1[%i] : memref<4096xf32>
        %a = affine.load %A[%i, %j] : memref<4096x4096xf32>
        %y = affine.load %y1[%j] : memref<4096xf32>
        %p = arith.mulf %a, %y : f32
        %s = arith.addf %o, %p : f32
        affine.store %s, %x1[%i] : memref<4096xf32>
      }
    }
    affine.for %i = 0 to 4096 {
      affine.for %j = 0 to 4096 {
        %o = affine.load %x2[%i] : memref<4096xf32>
        %a = affine.load %A[%j, %i] : memref<4096x4096xf32>
        %y = affine.load %y2[%j] : memref<4096xf32>
        %p = arith.mulf %a, %y : f32
        %s = arith.addf %o, %p : f32
        affine.store %s, %x2[%i] : memref<4096xf32>
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
    %x1 = memref.alloc() : memref<4096xf32>
    %x2 = memref.alloc() : memref<4096xf32>
    %y1 = memref.alloc() : memref<4096xf32>
    %y2 = memref.alloc() : memref<4096xf32>
    %A = memref.alloc() : memref<4096x4096xf32>
    %x1d = memref.cast %x1 : memref<4096xf32> to memref<?xf32>
    %x2d = memref.cast %x2 : memref<4096xf32> to memref<?xf32>
    %y1d = memref.cast %y1 : memref<4096xf32> to memref<?xf32>
    %y2d = memref.cast %y2 : memref<4096xf32> to memref<?xf32>
    %Ad = memref.cast %A : memref<4096x4096xf32> to memref<?x?xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %n1021 = arith.constant 1021 : index
    %n1031 = arith.constant 1031 : index
    %n1033 = arith.constant 1033 : index
    %n1039 = arith.constant 1039 : index
    %s1024 = arith.constant 0.0009765625 : f32
    %s512 = arith.constant 0.001953125 : f32
    call @fill1(%x1d, %c1, %c0, %n1021, %s512) : (memref<?xf32>, index, index, index, f32) -> ()
    call @fill1(%x2d, %c3, %c1, %n1031, %s512) : (memref<?xf32>, index, index, index, f32) -> ()
    call @fill1(%y1d, %c5, %c2, %n1033, %s1024) : (memref<?xf32>, index, index, index, f32) -> ()
    call @fill1(%y2d, %c7, %c3, %n1039, %s1024) : (memref<?xf32>, index, index, index, f32) -> ()
    call @fill2(%Ad, %c2, %c3, %c1, %n1031, %s1024) : (memref<?x?xf32>, index, index, index, index, f32) -> ()
    call @kernel(%x1, %x2, %y1, %y2, %A) : (memref<4096xf32>, memref<4096xf32>, memref<4096xf32>, memref<4096xf32>, memref<4096x4096xf32>) -> ()
    call @digest1(%x1d) : (memref<?xf32>) -> ()
    call @digest1(%x2d) : (memref<?xf32>) -> ()
    memref.dealloc %x1 : memref<4096xf32>
    memref.dealloc %x2 : memref<4096xf32>
    memref.dealloc %y1 : memref<4096xf32>
    memref.dealloc %y2 : memref<4096xf32>
    memref.dealloc %A : memref<4096x4096xf32>
    return
  }
}

// PolyBench bicg, f32: s = A^T r and q = A p in one sweep over A
// (4096x3840, N x M), in PolyBench's loop order (s = 0; for i: q[i] = 0,
// for j: s[j] += r[i]*A[i][j], q[i] += A[i][j]*p[j]), the sums through
// memory. One of the naive kernels of benchmarks/KernelBench.cpp (the C
// peer is bicg.c). @main fills the inputs from their indices, calls
// @kernel and prints digests of s and q.
// TEST-SIZES: 4096=56 3840=40
module {
  func.func @kernel(%A: memref<4096x3840xf32>, %s: memref<3840xf32>,
                    %q: memref<4096xf32>, %p: memref<3840xf32>,
                    %r: memref<4096xf32>) {
    %zero = arith.constant 0.0 : f32
    affine.for %i = 0 to 3840 {
      affine.store %zero, %s[%i] : memref<3840xf32>
    }
    affine.for %i = 0 to 4096 {
      affine.store %zero, %q[%i] : memref<4096xf32>
      affine.for %j = 0 to 3840 {
        %so = affine.load %s[%j] : memref<3840xf32>
        %ri = affine.load %r[%i] : memref<4096xf32>
        %a = affine.load %A[%i, %j] : memref<4096x3840xf32>
        %sp = arith.mulf %ri, %a : f32
        %sn = arith.addf %so, %sp : f32
        affine.store %sn, %s[%j] : memref<3840xf32>
        %qo = affine.load %q[%i] : memref<4096xf32>
        %pj = affine.load %p[%j] : memref<3840xf32>
        %qp = arith.mulf %a, %pj : f32
        %qn = arith.addf %qo, %qp : f32
        affine.store %qn, %q[%i] : memref<4096xf32>
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
    %A = memref.alloc() : memref<4096x3840xf32>
    %s = memref.alloc() : memref<3840xf32>
    %q = memref.alloc() : memref<4096xf32>
    %p = memref.alloc() : memref<3840xf32>
    %r = memref.alloc() : memref<4096xf32>
    %Ad = memref.cast %A : memref<4096x3840xf32> to memref<?x?xf32>
    %sd = memref.cast %s : memref<3840xf32> to memref<?xf32>
    %qd = memref.cast %q : memref<4096xf32> to memref<?xf32>
    %pd = memref.cast %p : memref<3840xf32> to memref<?xf32>
    %rd = memref.cast %r : memref<4096xf32> to memref<?xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %n1021 = arith.constant 1021 : index
    %n1031 = arith.constant 1031 : index
    %n1039 = arith.constant 1039 : index
    %s1024 = arith.constant 0.0009765625 : f32
    %s512 = arith.constant 0.001953125 : f32
    call @fill2(%Ad, %c1, %c2, %c3, %n1039, %s1024) : (memref<?x?xf32>, index, index, index, index, f32) -> ()
    call @fill1(%pd, %c3, %c0, %n1021, %s512) : (memref<?xf32>, index, index, index, f32) -> ()
    call @fill1(%rd, %c7, %c2, %n1031, %s512) : (memref<?xf32>, index, index, index, f32) -> ()
    call @kernel(%A, %s, %q, %p, %r) : (memref<4096x3840xf32>, memref<3840xf32>, memref<4096xf32>, memref<3840xf32>, memref<4096xf32>) -> ()
    call @digest1(%sd) : (memref<?xf32>) -> ()
    call @digest1(%qd) : (memref<?xf32>) -> ()
    memref.dealloc %A : memref<4096x3840xf32>
    memref.dealloc %s : memref<3840xf32>
    memref.dealloc %q : memref<4096xf32>
    memref.dealloc %p : memref<3840xf32>
    memref.dealloc %r : memref<4096xf32>
    return
  }
}

// PolyBench gesummv, f32: y = alpha*A x + beta*B x with A, B 4096x4096, in
// PolyBench's loop order (for i: tmp[i] = y[i] = 0; for j: tmp[i] +=
// A[i][j]*x[j], y[i] += B[i][j]*x[j]; then y[i] = alpha*tmp[i] +
// beta*y[i]), the sums through memory. One of the naive kernels of
// benchmarks/KernelBench.cpp (the C peer is gesummv.c). @main fills the
// inputs from their indices, calls @kernel and prints a digest of y.
// TEST-SIZES: 4096=56
module {
  func.func @kernel(%alpha: f32, %beta: f32, %A: memref<4096x4096xf32>,
                    %B: memref<4096x4096xf32>, %tmp: memref<4096xf32>,
                    %x: memref<4096xf32>, %y: memref<4096xf32>) {
    %zero = arith.constant 0.0 : f32
    affine.for %i = 0 to 4096 {
      affine.store %zero, %tmp[%i] : memref<4096xf32>
      affine.store %zero, %y[%i] : memref<4096xf32>
      affine.for %j = 0 to 4096 {
        %a = affine.load %A[%i, %j] : memref<4096x4096xf32>
        %xj = affine.load %x[%j] : memref<4096xf32>
        %ap = arith.mulf %a, %xj : f32
        %t = affine.load %tmp[%i] : memref<4096xf32>
        %tn = arith.addf %ap, %t : f32
        affine.store %tn, %tmp[%i] : memref<4096xf32>
        %b = affine.load %B[%i, %j] : memref<4096x4096xf32>
        %bp = arith.mulf %b, %xj : f32
        %yo = affine.load %y[%i] : memref<4096xf32>
        %yn = arith.addf %bp, %yo : f32
        affine.store %yn, %y[%i] : memref<4096xf32>
      }
      %t = affine.load %tmp[%i] : memref<4096xf32>
      %at = arith.mulf %alpha, %t : f32
      %yo = affine.load %y[%i] : memref<4096xf32>
      %by = arith.mulf %beta, %yo : f32
      %yn = arith.addf %at, %by : f32
      affine.store %yn, %y[%i] : memref<4096xf32>
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
    %A = memref.alloc() : memref<4096x4096xf32>
    %B = memref.alloc() : memref<4096x4096xf32>
    %tmp = memref.alloc() : memref<4096xf32>
    %x = memref.alloc() : memref<4096xf32>
    %y = memref.alloc() : memref<4096xf32>
    %Ad = memref.cast %A : memref<4096x4096xf32> to memref<?x?xf32>
    %Bd = memref.cast %B : memref<4096x4096xf32> to memref<?x?xf32>
    %xd = memref.cast %x : memref<4096xf32> to memref<?xf32>
    %yd = memref.cast %y : memref<4096xf32> to memref<?xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %n1021 = arith.constant 1021 : index
    %n1031 = arith.constant 1031 : index
    %n1033 = arith.constant 1033 : index
    %s1024 = arith.constant 0.0009765625 : f32
    %s512 = arith.constant 0.001953125 : f32
    call @fill2(%Ad, %c1, %c3, %c0, %n1031, %s1024) : (memref<?x?xf32>, index, index, index, index, f32) -> ()
    call @fill2(%Bd, %c2, %c5, %c1, %n1033, %s1024) : (memref<?x?xf32>, index, index, index, index, f32) -> ()
    call @fill1(%xd, %c3, %c2, %n1021, %s512) : (memref<?xf32>, index, index, index, f32) -> ()
    %alpha = arith.constant 1.5 : f32
    %beta = arith.constant 1.25 : f32
    call @kernel(%alpha, %beta, %A, %B, %tmp, %x, %y) : (f32, f32, memref<4096x4096xf32>, memref<4096x4096xf32>, memref<4096xf32>, memref<4096xf32>, memref<4096xf32>) -> ()
    call @digest1(%yd) : (memref<?xf32>) -> ()
    memref.dealloc %A : memref<4096x4096xf32>
    memref.dealloc %B : memref<4096x4096xf32>
    memref.dealloc %tmp : memref<4096xf32>
    memref.dealloc %x : memref<4096xf32>
    memref.dealloc %y : memref<4096xf32>
    return
  }
}

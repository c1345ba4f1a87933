// Softmax over the rows of a 2048x1024 f32 matrix, the way a C programmer
// writes it: for each row, its maximum (x > m ? x : m, in order), then
// Y[i][j] = exp(X[i][j] - max) and their sum (in order), then Y[i][j] /=
// sum. One of the naive kernels of benchmarks/KernelBench.cpp (the C peer
// is softmax.c). @main fills X from its indices, calls @kernel and prints
// a digest of Y.
// TEST-SIZES: 2048=24 1024=40
module {
  func.func @kernel(%X: memref<2048x1024xf32>, %Y: memref<2048x1024xf32>) {
    %ninf = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0.0 : f32
    affine.for %i = 0 to 2048 {
      %max = affine.for %j = 0 to 1024 iter_args(%m = %ninf) -> (f32) {
        %x = affine.load %X[%i, %j] : memref<2048x1024xf32>
        %gt = arith.cmpf ogt, %x, %m : f32
        %n = arith.select %gt, %x, %m : f32
        affine.yield %n : f32
      }
      %sum = affine.for %j = 0 to 1024 iter_args(%s = %zero) -> (f32) {
        %x = affine.load %X[%i, %j] : memref<2048x1024xf32>
        %d = arith.subf %x, %max : f32
        %e = math.exp %d : f32
        affine.store %e, %Y[%i, %j] : memref<2048x1024xf32>
        %n = arith.addf %s, %e : f32
        affine.yield %n : f32
      }
      affine.for %j = 0 to 1024 {
        %e = affine.load %Y[%i, %j] : memref<2048x1024xf32>
        %q = arith.divf %e, %sum : f32
        affine.store %q, %Y[%i, %j] : memref<2048x1024xf32>
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
    %X = memref.alloc() : memref<2048x1024xf32>
    %Y = memref.alloc() : memref<2048x1024xf32>
    %Xd = memref.cast %X : memref<2048x1024xf32> to memref<?x?xf32>
    %Yd = memref.cast %Y : memref<2048x1024xf32> to memref<?x?xf32>
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %n1049 = arith.constant 1049 : index
    %s512 = arith.constant 0.001953125 : f32
    call @fill2(%Xd, %c7, %c3, %c1, %n1049, %s512) : (memref<?x?xf32>, index, index, index, index, f32) -> ()
    call @kernel(%X, %Y) : (memref<2048x1024xf32>, memref<2048x1024xf32>) -> ()
    call @digest2(%Yd) : (memref<?x?xf32>) -> ()
    memref.dealloc %X : memref<2048x1024xf32>
    memref.dealloc %Y : memref<2048x1024xf32>
    return
  }
}

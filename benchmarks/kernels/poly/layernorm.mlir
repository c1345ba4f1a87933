// Layer normalization over the rows of a 2048x1024 f32 matrix, the way a C
// programmer writes it: for each row, mean = (in-order sum) / 1024, var =
// (in-order sum of (x - mean)^2) / 1024, inv = 1 / sqrt(var + 1e-5), then
// Y[i][j] = (X[i][j] - mean) * inv * gamma[j] + beta[j]. One of the naive
// kernels of benchmarks/KernelBench.cpp (the C peer is layernorm.c). @main
// fills the inputs from their indices, calls @kernel and prints a digest
// of Y.
// TEST-SIZES: 2048=24 1024=40
module {
  func.func @kernel(%X: memref<2048x1024xf32>, %gamma: memref<1024xf32>,
                    %beta: memref<1024xf32>, %Y: memref<2048x1024xf32>) {
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %eps = arith.constant 1.0e-05 : f32
    %cols = arith.constant 1024 : index
    %colsi = arith.index_cast %cols : index to i32
    %n = arith.sitofp %colsi : i32 to f32
    affine.for %i = 0 to 2048 {
      %sum = affine.for %j = 0 to 1024 iter_args(%s = %zero) -> (f32) {
        %x = affine.load %X[%i, %j] : memref<2048x1024xf32>
        %t = arith.addf %s, %x : f32
        affine.yield %t : f32
      }
      %mean = arith.divf %sum, %n : f32
      %sq = affine.for %j = 0 to 1024 iter_args(%s = %zero) -> (f32) {
        %x = affine.load %X[%i, %j] : memref<2048x1024xf32>
        %d = arith.subf %x, %mean : f32
        %d2 = arith.mulf %d, %d : f32
        %t = arith.addf %s, %d2 : f32
        affine.yield %t : f32
      }
      %var = arith.divf %sq, %n : f32
      %ve = arith.addf %var, %eps : f32
      %sd = math.sqrt %ve : f32
      %inv = arith.divf %one, %sd : f32
      affine.for %j = 0 to 1024 {
        %x = affine.load %X[%i, %j] : memref<2048x1024xf32>
        %d = arith.subf %x, %mean : f32
        %y0 = arith.mulf %d, %inv : f32
        %g = affine.load %gamma[%j] : memref<1024xf32>
        %y1 = arith.mulf %y0, %g : f32
        %b = affine.load %beta[%j] : memref<1024xf32>
        %y2 = arith.addf %y1, %b : f32
        affine.store %y2, %Y[%i, %j] : memref<2048x1024xf32>
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
    %gamma = memref.alloc() : memref<1024xf32>
    %beta = memref.alloc() : memref<1024xf32>
    %Y = memref.alloc() : memref<2048x1024xf32>
    %Xd = memref.cast %X : memref<2048x1024xf32> to memref<?x?xf32>
    %gd = memref.cast %gamma : memref<1024xf32> to memref<?xf32>
    %bd = memref.cast %beta : memref<1024xf32> to memref<?xf32>
    %Yd = memref.cast %Y : memref<2048x1024xf32> to memref<?x?xf32>
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %n1021 = arith.constant 1021 : index
    %n1031 = arith.constant 1031 : index
    %n1049 = arith.constant 1049 : index
    %s1024 = arith.constant 0.0009765625 : f32
    %s512 = arith.constant 0.001953125 : f32
    call @fill2(%Xd, %c7, %c3, %c1, %n1049, %s512) : (memref<?x?xf32>, index, index, index, index, f32) -> ()
    call @fill1(%gd, %c5, %c3, %n1021, %s1024) : (memref<?xf32>, index, index, index, f32) -> ()
    call @fill1(%bd, %c3, %c2, %n1031, %s1024) : (memref<?xf32>, index, index, index, f32) -> ()
    call @kernel(%X, %gamma, %beta, %Y) : (memref<2048x1024xf32>, memref<1024xf32>, memref<1024xf32>, memref<2048x1024xf32>) -> ()
    call @digest2(%Yd) : (memref<?x?xf32>) -> ()
    memref.dealloc %X : memref<2048x1024xf32>
    memref.dealloc %gamma : memref<1024xf32>
    memref.dealloc %beta : memref<1024xf32>
    memref.dealloc %Y : memref<2048x1024xf32>
    return
  }
}

"""MLIR kernels of the Python tests, with dynamic sizes so that one
compile serves every shape."""

SAXPY_DOT = """
func.func @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  affine.for %i = 0 to %n {
    %xv = affine.load %x[%i] : memref<?xf32>
    %yv = affine.load %y[%i] : memref<?xf32>
    %p = arith.mulf %a, %xv : f32
    %s = arith.addf %p, %yv : f32
    affine.store %s, %y[%i] : memref<?xf32>
  }
  return
}

func.func @dot(%x: memref<?xf32>, %y: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to %n iter_args(%acc = %z) -> f32 {
    %xv = affine.load %x[%i] : memref<?xf32>
    %yv = affine.load %y[%i] : memref<?xf32>
    %p = arith.mulf %xv, %yv : f32
    %s = arith.addf %acc, %p : f32
    affine.yield %s : f32
  }
  return %r : f32
}
"""

# C = beta * C + alpha * A @ B
GEMM = """
func.func @gemm(%alpha: f32, %beta: f32, %C: memref<?x?xf32>,
                %A: memref<?x?xf32>, %B: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %C, %c0 : memref<?x?xf32>
  %n = memref.dim %C, %c1 : memref<?x?xf32>
  %k = memref.dim %A, %c1 : memref<?x?xf32>
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %n {
      %c = affine.load %C[%i, %j] : memref<?x?xf32>
      %s = arith.mulf %c, %beta : f32
      affine.store %s, %C[%i, %j] : memref<?x?xf32>
    }
    affine.for %kk = 0 to %k {
      affine.for %j = 0 to %n {
        %a = affine.load %A[%i, %kk] : memref<?x?xf32>
        %t = arith.mulf %alpha, %a : f32
        %b = affine.load %B[%kk, %j] : memref<?x?xf32>
        %p = arith.mulf %t, %b : f32
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}
"""

SOFTMAX = """
func.func @softmax(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %X, %c0 : memref<?x?xf32>
  %n = memref.dim %X, %c1 : memref<?x?xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to %m {
    %mx = affine.for %j = 0 to %n iter_args(%acc = %ninf) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<?x?xf32>
      %t = arith.maximumf %acc, %x : f32
      affine.yield %t : f32
    }
    %s = affine.for %j = 0 to %n iter_args(%acc = %zero) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<?x?xf32>
      %d = arith.subf %x, %mx : f32
      %e = math.exp %d : f32
      affine.store %e, %Y[%i, %j] : memref<?x?xf32>
      %t = arith.addf %acc, %e : f32
      affine.yield %t : f32
    }
    affine.for %j = 0 to %n {
      %e = affine.load %Y[%i, %j] : memref<?x?xf32>
      %q = arith.divf %e, %s : f32
      affine.store %q, %Y[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
"""

# Y[i, :] = (X[i, :] - mean) / sqrt(var + eps) * gamma + beta
LAYERNORM = """
func.func @layernorm(%X: memref<?x?xf32>, %gamma: memref<?xf32>,
                     %beta: memref<?xf32>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %X, %c0 : memref<?x?xf32>
  %n = memref.dim %X, %c1 : memref<?x?xf32>
  %ni = arith.index_cast %n : index to i64
  %nf = arith.sitofp %ni : i64 to f32
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  affine.for %i = 0 to %m {
    %sum = affine.for %j = 0 to %n iter_args(%acc = %zero) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<?x?xf32>
      %t = arith.addf %acc, %x : f32
      affine.yield %t : f32
    }
    %mean = arith.divf %sum, %nf : f32
    %sq = affine.for %j = 0 to %n iter_args(%acc = %zero) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<?x?xf32>
      %d = arith.subf %x, %mean : f32
      %d2 = arith.mulf %d, %d : f32
      %t = arith.addf %acc, %d2 : f32
      affine.yield %t : f32
    }
    %var = arith.divf %sq, %nf : f32
    %ve = arith.addf %var, %eps : f32
    %rstd = math.rsqrt %ve : f32
    affine.for %j = 0 to %n {
      %x = affine.load %X[%i, %j] : memref<?x?xf32>
      %d = arith.subf %x, %mean : f32
      %h = arith.mulf %d, %rstd : f32
      %g = affine.load %gamma[%j] : memref<?xf32>
      %b = affine.load %beta[%j] : memref<?xf32>
      %hg = arith.mulf %h, %g : f32
      %y = arith.addf %hg, %b : f32
      affine.store %y, %Y[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
"""

# One Jacobi step: B = 0.2 * (5-point sum of A) on the interior.
STENCIL = """
func.func @jacobi(%A: memref<?x?xf32>, %B: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf32>
  %n = memref.dim %A, %c1 : memref<?x?xf32>
  %fifth = arith.constant 0.2 : f32
  affine.for %i = 1 to affine_map<()[s0] -> (s0 - 1)>()[%m] {
    affine.for %j = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
      %c = affine.load %A[%i, %j] : memref<?x?xf32>
      %w = affine.load %A[%i, %j - 1] : memref<?x?xf32>
      %e = affine.load %A[%i, %j + 1] : memref<?x?xf32>
      %s = affine.load %A[%i + 1, %j] : memref<?x?xf32>
      %no = affine.load %A[%i - 1, %j] : memref<?x?xf32>
      %t0 = arith.addf %c, %w : f32
      %t1 = arith.addf %t0, %e : f32
      %t2 = arith.addf %t1, %s : f32
      %t3 = arith.addf %t2, %no : f32
      %r = arith.mulf %fifth, %t3 : f32
      affine.store %r, %B[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
"""

# out = (a * b + c)^2 - a, through two temporaries the passes fuse away.
ELTWISE_CHAIN = """
func.func @chain(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>,
                 %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %t1 = memref.alloc(%n) : memref<?xf32>
  %t2 = memref.alloc(%n) : memref<?xf32>
  affine.for %i = 0 to %n {
    %x = affine.load %a[%i] : memref<?xf32>
    %y = affine.load %b[%i] : memref<?xf32>
    %p = arith.mulf %x, %y : f32
    affine.store %p, %t1[%i] : memref<?xf32>
  }
  affine.for %i = 0 to %n {
    %p = affine.load %t1[%i] : memref<?xf32>
    %z = affine.load %c[%i] : memref<?xf32>
    %s = arith.addf %p, %z : f32
    affine.store %s, %t2[%i] : memref<?xf32>
  }
  affine.for %i = 0 to %n {
    %s = affine.load %t2[%i] : memref<?xf32>
    %x = affine.load %a[%i] : memref<?xf32>
    %q = arith.mulf %s, %s : f32
    %r = arith.subf %q, %x : f32
    affine.store %r, %out[%i] : memref<?xf32>
  }
  memref.dealloc %t2 : memref<?xf32>
  memref.dealloc %t1 : memref<?xf32>
  return
}
"""

# A 2-D strided view: sums a block of any row stride into out[0].
STRIDED_SUM = """
func.func @block_sum(%A: memref<?x?xf64, strided<[?, ?], offset: ?>>,
                     %out: memref<1xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf64, strided<[?, ?], offset: ?>>
  %n = memref.dim %A, %c1 : memref<?x?xf64, strided<[?, ?], offset: ?>>
  %zero = arith.constant 0.0 : f64
  %s = affine.for %i = 0 to %m iter_args(%acc = %zero) -> (f64) {
    %r = affine.for %j = 0 to %n iter_args(%acc2 = %acc) -> (f64) {
      %x = affine.load %A[%i, %j] : memref<?x?xf64, strided<[?, ?], offset: ?>>
      %t = arith.addf %acc2, %x : f64
      affine.yield %t : f64
    }
    affine.yield %r : f64
  }
  affine.store %s, %out[0] : memref<1xf64>
  return
}
"""

# A static shape, an integer result and a loop that reads past its
# argument unless n <= 8 (for the checked-mode test).
STATIC_AND_INDEX = """
func.func @scale4x8(%s: i32, %A: memref<4x8xi32>) -> i32 {
  %zero = arith.constant 0 : i32
  %r = affine.for %i = 0 to 4 iter_args(%acc = %zero) -> (i32) {
    %q = affine.for %j = 0 to 8 iter_args(%acc2 = %acc) -> (i32) {
      %x = affine.load %A[%i, %j] : memref<4x8xi32>
      %y = arith.muli %x, %s : i32
      affine.store %y, %A[%i, %j] : memref<4x8xi32>
      %t = arith.addi %acc2, %y : i32
      affine.yield %t : i32
    }
    affine.yield %q : i32
  }
  return %r : i32
}

func.func @read_n(%x: memref<8xf32>, %n: index) -> f32 {
  %zero = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to %n iter_args(%acc = %zero) -> (f32) {
    %v = memref.load %x[%i] : memref<8xf32>
    %t = arith.addf %acc, %v : f32
    affine.yield %t : f32
  }
  return %r : f32
}
"""

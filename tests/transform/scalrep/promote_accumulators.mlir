// PIPELINE: scalrep
// Reductions through memory become loop-carried values: `C[i,j] += A*B`
// over k keeps C[i,j] in a register across the k loop (one load before
// it, one store after it), and the invariant load of `s[0]` leaves the j
// loop. Left in memory: an accumulator the loop also reads at another
// element (`h[k]` next to `h[0]`), one a call in the loop may touch, and
// one in a loop whose trip count is not known to be positive (hoisting
// would access it when the original did not).
func.func private @printMemrefF32(memref<*xf32>)
func.func @kernels(%A: memref<4x6xf32>, %B: memref<6x5xf32>, %C: memref<4x5xf32>,
                   %s: memref<1xf32>, %h: memref<4xf32>, %n: index) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 6 {
        %a = affine.load %A[%i, %k] : memref<4x6xf32>
        %b = affine.load %B[%k, %j] : memref<6x5xf32>
        %c = affine.load %C[%i, %j] : memref<4x5xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %c, %p : f32
        affine.store %q, %C[%i, %j] : memref<4x5xf32>
      }
    }
  }
  affine.for %j = 0 to 5 {
    %x = affine.load %s[0] : memref<1xf32>
    %y = affine.load %C[0, %j] : memref<4x5xf32>
    %z = arith.mulf %x, %y : f32
    affine.store %z, %C[0, %j] : memref<4x5xf32>
  }
  affine.for %k = 1 to 4 {
    %x = affine.load %h[0] : memref<4xf32>
    %y = affine.load %h[%k] : memref<4xf32>
    %z = arith.addf %x, %y : f32
    affine.store %z, %h[0] : memref<4xf32>
  }
  affine.for %k = 0 to 3 {
    %x = affine.load %s[0] : memref<1xf32>
    %z = arith.addf %x, %x : f32
    affine.store %z, %s[0] : memref<1xf32>
    func.call @touch(%h) : (memref<4xf32>) -> ()
  }
  affine.for %k = 0 to %n {
    %x = affine.load %s[0] : memref<1xf32>
    %z = arith.addf %x, %x : f32
    affine.store %z, %s[0] : memref<1xf32>
  }
  return
}
func.func @touch(%h: memref<4xf32>) {
  %c = arith.constant 1.0 : f32
  affine.store %c, %h[3] : memref<4xf32>
  return
}
func.func @main() {
  %A = memref.alloc() : memref<4x6xf32>
  %B = memref.alloc() : memref<6x5xf32>
  %C = memref.alloc() : memref<4x5xf32>
  %s = memref.alloc() : memref<1xf32>
  %h = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 4 {
    affine.for %k = 0 to 6 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 7 + d1 * 3 + 1)>(%i, %k)
      %w = arith.index_cast %v : index to i32
      %x = arith.sitofp %w : i32 to f32
      %y = arith.constant 0.125 : f32
      %z = arith.mulf %x, %y : f32
      affine.store %z, %A[%i, %k] : memref<4x6xf32>
    }
    affine.for %j = 0 to 5 {
      %c = arith.constant 0.5 : f32
      affine.store %c, %C[%i, %j] : memref<4x5xf32>
    }
    %hv = arith.constant 0.25 : f32
    affine.store %hv, %h[%i] : memref<4xf32>
  }
  affine.for %k = 0 to 6 {
    affine.for %j = 0 to 5 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 5 - d1 * 2)>(%k, %j)
      %w = arith.index_cast %v : index to i32
      %x = arith.sitofp %w : i32 to f32
      %y = arith.constant 0.3 : f32
      %z = arith.mulf %x, %y : f32
      affine.store %z, %B[%k, %j] : memref<6x5xf32>
    }
  }
  %one = arith.constant 1.5 : f32
  affine.store %one, %s[0] : memref<1xf32>
  %n = arith.constant 2 : index
  func.call @kernels(%A, %B, %C, %s, %h, %n) : (memref<4x6xf32>, memref<6x5xf32>, memref<4x5xf32>, memref<1xf32>, memref<4xf32>, index) -> ()
  %pc = memref.cast %C : memref<4x5xf32> to memref<*xf32>
  call @printMemrefF32(%pc) : (memref<*xf32>) -> ()
  %ps = memref.cast %s : memref<1xf32> to memref<*xf32>
  call @printMemrefF32(%ps) : (memref<*xf32>) -> ()
  %ph = memref.cast %h : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%ph) : (memref<*xf32>) -> ()
  return
}

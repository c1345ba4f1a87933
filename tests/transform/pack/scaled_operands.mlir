// PIPELINE: pack
// Values an inner loop computes from loaded data without the enclosing
// loop's induction variable are computed once, before that loop, into a
// buffer the inner loop then reads: `alpha * A[i, k] + 1` below is the
// same for every j, so it is packed into a 50x2 buffer (two rows of A at a
// time, as after unroll-jam) allocated inside the i loop, and the output
// is bit for bit the same. Left alone: an inner loop whose buffer the
// enclosing loop writes, one under a loop that runs once, one with
// symbolic bounds, and a pure copy (loads without arithmetic).
func.func private @printMemrefF32(memref<*xf32>)

func.func @scaled(%A: memref<6x50xf32>, %B: memref<50x3xf32>, %C: memref<6x3xf32>, %alpha: f32) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 6 step 2 {
    affine.for %j = 0 to 3 {
      %c0 = affine.load %C[%i, %j] : memref<6x3xf32>
      %c1 = affine.load %C[%i + 1, %j] : memref<6x3xf32>
      %r:2 = affine.for %k = 0 to 50 iter_args(%s0 = %c0, %s1 = %c1) -> (f32, f32) {
        %a0 = affine.load %A[%i, %k] : memref<6x50xf32>
        %a1 = affine.load %A[%i + 1, %k] : memref<6x50xf32>
        %t0 = arith.mulf %alpha, %a0 : f32
        %t1 = arith.mulf %alpha, %a1 : f32
        %u0 = arith.addf %t0, %one : f32
        %u1 = arith.addf %t1, %one : f32
        %b = affine.load %B[%k, %j] : memref<50x3xf32>
        %p0 = arith.mulf %u0, %b : f32
        %p1 = arith.mulf %u1, %b : f32
        %n0 = arith.addf %s0, %p0 : f32
        %n1 = arith.addf %s1, %p1 : f32
        affine.yield %n0, %n1 : f32, f32
      }
      affine.store %r#0, %C[%i, %j] : memref<6x3xf32>
      affine.store %r#1, %C[%i + 1, %j] : memref<6x3xf32>
    }
  }
  return
}

func.func @left_alone(%A: memref<6x50xf32>, %B: memref<50x3xf32>, %C: memref<6x3xf32>, %alpha: f32, %n: index) {
  // The j loop writes A, which the k loop reads.
  affine.for %j = 0 to 3 {
    affine.for %k = 0 to 50 {
      %a = affine.load %A[0, %k] : memref<6x50xf32>
      %t = arith.mulf %alpha, %a : f32
      %b = affine.load %B[%k, %j] : memref<50x3xf32>
      %p = arith.mulf %t, %b : f32
      affine.store %p, %A[1, %k] : memref<6x50xf32>
    }
  }
  // The loop around runs once.
  affine.for %j = 0 to 1 {
    affine.for %k = 0 to 50 {
      %a = affine.load %A[2, %k] : memref<6x50xf32>
      %t = arith.mulf %alpha, %a : f32
      affine.store %t, %B[%k, %j] : memref<50x3xf32>
    }
  }
  // Symbolic bounds.
  affine.for %j = 0 to 3 {
    affine.for %k = 0 to %n {
      %a = affine.load %A[3, %k] : memref<6x50xf32>
      %t = arith.mulf %alpha, %a : f32
      %b = affine.load %B[%k, %j] : memref<50x3xf32>
      %p = arith.mulf %t, %b : f32
      affine.store %p, %C[4, %j] : memref<6x3xf32>
    }
  }
  // A copy: nothing computed.
  affine.for %j = 0 to 3 {
    affine.for %k = 0 to 50 {
      %a = affine.load %A[4, %k] : memref<6x50xf32>
      %b = affine.load %B[%k, %j] : memref<50x3xf32>
      %p = arith.mulf %a, %b : f32
      affine.store %p, %C[5, %j] : memref<6x3xf32>
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<6x50xf32>
  %B = memref.alloc() : memref<50x3xf32>
  %C = memref.alloc() : memref<6x3xf32>
  %third = arith.constant 0.333333 : f32
  affine.for %i = 0 to 6 {
    affine.for %k = 0 to 50 {
      %x = affine.apply affine_map<(d0, d1) -> ((d0 * 7 + d1 * 3) mod 11)>(%i, %k)
      %c = arith.index_cast %x : index to i32
      %f = arith.sitofp %c : i32 to f32
      %g = arith.mulf %f, %third : f32
      affine.store %g, %A[%i, %k] : memref<6x50xf32>
    }
  }
  affine.for %k = 0 to 50 {
    affine.for %j = 0 to 3 {
      %x = affine.apply affine_map<(d0, d1) -> ((d0 * 5 + d1) mod 7)>(%k, %j)
      %c = arith.index_cast %x : index to i32
      %f = arith.sitofp %c : i32 to f32
      %g = arith.mulf %f, %third : f32
      affine.store %g, %B[%k, %j] : memref<50x3xf32>
    }
  }
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 3 {
      affine.store %third, %C[%i, %j] : memref<6x3xf32>
    }
  }
  %alpha = arith.constant 1.7 : f32
  %n = arith.constant 50 : index
  call @scaled(%A, %B, %C, %alpha) : (memref<6x50xf32>, memref<50x3xf32>, memref<6x3xf32>, f32) -> ()
  call @left_alone(%A, %B, %C, %alpha, %n) : (memref<6x50xf32>, memref<50x3xf32>, memref<6x3xf32>, f32, index) -> ()
  %pc = memref.cast %C : memref<6x3xf32> to memref<*xf32>
  call @printMemrefF32(%pc) : (memref<*xf32>) -> ()
  %pa = memref.cast %A : memref<6x50xf32> to memref<*xf32>
  call @printMemrefF32(%pa) : (memref<*xf32>) -> ()
  %pb = memref.cast %B : memref<50x3xf32> to memref<*xf32>
  call @printMemrefF32(%pb) : (memref<*xf32>) -> ()
  return
}

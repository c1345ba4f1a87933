// PIPELINE: skew-jam
// Rows around an innermost recurrence run 8 at a time. @seidel is
// seidel-2d's in-place 9-point sweep (2 time steps on a 13x24 grid): row
// i + 1 lags 2 columns behind row i, the first and last columns of each
// row run alone, and the 3 rows left over run in the original loop.
// @prefix is a running sum along each row: the rows are independent, so
// they run side by side with no lag. @parallel's inner loop carries no
// dependence and @symbolic's bounds are not constant: both left alone. The
// program prints the results' bits; any other order of a row's adds, or a
// row reading a neighbour's value too early or too late, changes them.
func.func private @printMemrefI32(memref<*xi32>)
func.func @seidel(%A: memref<13x24xf32>) {
  %nine = arith.constant 9.0 : f32
  affine.for %t = 0 to 2 {
    affine.for %i = 1 to 12 {
      affine.for %j = 1 to 23 {
        %a0 = affine.load %A[%i - 1, %j - 1] : memref<13x24xf32>
        %a1 = affine.load %A[%i - 1, %j] : memref<13x24xf32>
        %a2 = affine.load %A[%i - 1, %j + 1] : memref<13x24xf32>
        %a3 = affine.load %A[%i, %j - 1] : memref<13x24xf32>
        %a4 = affine.load %A[%i, %j] : memref<13x24xf32>
        %a5 = affine.load %A[%i, %j + 1] : memref<13x24xf32>
        %a6 = affine.load %A[%i + 1, %j - 1] : memref<13x24xf32>
        %a7 = affine.load %A[%i + 1, %j] : memref<13x24xf32>
        %a8 = affine.load %A[%i + 1, %j + 1] : memref<13x24xf32>
        %s1 = arith.addf %a0, %a1 : f32
        %s2 = arith.addf %s1, %a2 : f32
        %s3 = arith.addf %s2, %a3 : f32
        %s4 = arith.addf %s3, %a4 : f32
        %s5 = arith.addf %s4, %a5 : f32
        %s6 = arith.addf %s5, %a6 : f32
        %s7 = arith.addf %s6, %a7 : f32
        %s8 = arith.addf %s7, %a8 : f32
        %v = arith.divf %s8, %nine : f32
        affine.store %v, %A[%i, %j] : memref<13x24xf32>
      }
    }
  }
  return
}
func.func @prefix(%B: memref<13x24xf32>) {
  affine.for %i = 0 to 13 {
    affine.for %j = 1 to 24 {
      %p = affine.load %B[%i, %j - 1] : memref<13x24xf32>
      %x = affine.load %B[%i, %j] : memref<13x24xf32>
      %s = arith.addf %p, %x : f32
      affine.store %s, %B[%i, %j] : memref<13x24xf32>
    }
  }
  return
}
func.func @parallel(%B: memref<13x24xf32>, %C: memref<13x24xf32>) {
  affine.for %i = 0 to 13 {
    affine.for %j = 0 to 24 {
      %x = affine.load %B[%i, %j] : memref<13x24xf32>
      %y = arith.mulf %x, %x : f32
      affine.store %y, %C[%i, %j] : memref<13x24xf32>
    }
  }
  return
}
func.func @symbolic(%B: memref<13x24xf32>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 1 to 24 {
      %p = affine.load %B[%i, %j - 1] : memref<13x24xf32>
      %x = affine.load %B[%i, %j] : memref<13x24xf32>
      %s = arith.addf %p, %x : f32
      affine.store %s, %B[%i, %j] : memref<13x24xf32>
    }
  }
  return
}
// m[i][j] = ((7i + 3j) mod 23 - 11) * 0.37.
func.func @fill(%m: memref<13x24xf32>) {
  %k = arith.constant 0.37 : f32
  affine.for %i = 0 to 13 {
    affine.for %j = 0 to 24 {
      %e = affine.apply affine_map<(d0, d1) -> ((d0 * 7 + d1 * 3) mod 23 - 11)>(%i, %j)
      %w = arith.index_cast %e : index to i32
      %f = arith.sitofp %w : i32 to f32
      %g = arith.mulf %f, %k : f32
      affine.store %g, %m[%i, %j] : memref<13x24xf32>
    }
  }
  return
}
func.func @printBits(%m: memref<13x24xf32>) {
  %bits = memref.alloc() : memref<13x24xi32>
  affine.for %i = 0 to 13 {
    affine.for %j = 0 to 24 {
      %f = affine.load %m[%i, %j] : memref<13x24xf32>
      %b = arith.bitcast %f : f32 to i32
      affine.store %b, %bits[%i, %j] : memref<13x24xi32>
    }
  }
  %u = memref.cast %bits : memref<13x24xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %bits : memref<13x24xi32>
  return
}
func.func @main() {
  %A = memref.alloc() : memref<13x24xf32>
  %B = memref.alloc() : memref<13x24xf32>
  %C = memref.alloc() : memref<13x24xf32>
  %D = memref.alloc() : memref<13x24xf32>
  %n = arith.constant 11 : index
  call @fill(%A) : (memref<13x24xf32>) -> ()
  call @fill(%B) : (memref<13x24xf32>) -> ()
  call @fill(%D) : (memref<13x24xf32>) -> ()
  call @seidel(%A) : (memref<13x24xf32>) -> ()
  call @prefix(%B) : (memref<13x24xf32>) -> ()
  call @parallel(%B, %C) : (memref<13x24xf32>, memref<13x24xf32>) -> ()
  call @symbolic(%D, %n) : (memref<13x24xf32>, index) -> ()
  call @printBits(%A) : (memref<13x24xf32>) -> ()
  call @printBits(%B) : (memref<13x24xf32>) -> ()
  call @printBits(%C) : (memref<13x24xf32>) -> ()
  call @printBits(%D) : (memref<13x24xf32>) -> ()
  return
}

// PIPELINE: stream-reductions
// Updates kept in memory along rows, `y[j] = y[j] + A[i][j] * x[i]` (a
// matrix-vector product down the columns): the row loop is strip-mined by
// 8 rows and each strip's rows run in a loop inside the column loop,
// carrying y[j] (loaded before, stored after), so every column still adds
// its terms in row order: 37 rows make 4 strips of 8 and one of 5. Left
// alone: an update that also reads y elsewhere, and one over 12 rows.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %a = memref.alloc() : memref<37x50xf32>
  %x = memref.alloc() : memref<37xf32>
  %y = memref.alloc() : memref<50xf32>
  %z = memref.alloc() : memref<50xf32>
  %w = memref.alloc() : memref<50xf32>
  %third = arith.constant 0.333333 : f32
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 37 {
    %xi = arith.index_cast %i : index to i32
    %xf = arith.sitofp %xi : i32 to f32
    %xs = arith.mulf %xf, %third : f32
    affine.store %xs, %x[%i] : memref<37xf32>
    affine.for %j = 0 to 50 {
      %yj = arith.index_cast %j : index to i32
      %p = arith.muli %xi, %yj : i32
      %q = arith.addi %p, %yj : i32
      %f = arith.sitofp %q : i32 to f32
      %g = arith.mulf %f, %third : f32
      affine.store %g, %a[%i, %j] : memref<37x50xf32>
      affine.store %one, %y[%j] : memref<50xf32>
      affine.store %one, %z[%j] : memref<50xf32>
      affine.store %one, %w[%j] : memref<50xf32>
    }
  }
  affine.for %i = 0 to 37 {
    %xi = affine.load %x[%i] : memref<37xf32>
    affine.for %j = 0 to 50 {
      %v = affine.load %a[%i, %j] : memref<37x50xf32>
      %o = affine.load %y[%j] : memref<50xf32>
      %p = arith.mulf %v, %xi : f32
      %n = arith.addf %o, %p : f32
      affine.store %n, %y[%j] : memref<50xf32>
    }
  }
  affine.for %i = 0 to 37 {
    affine.for %j = 0 to 49 {
      %v = affine.load %a[%i, %j] : memref<37x50xf32>
      %u = affine.load %z[%j + 1] : memref<50xf32>
      %o = affine.load %z[%j] : memref<50xf32>
      %p = arith.mulf %v, %u : f32
      %n = arith.addf %o, %p : f32
      affine.store %n, %z[%j] : memref<50xf32>
    }
  }
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 50 {
      %v = affine.load %a[%i, %j] : memref<37x50xf32>
      %o = affine.load %w[%j] : memref<50xf32>
      %n = arith.addf %o, %v : f32
      affine.store %n, %w[%j] : memref<50xf32>
    }
  }
  %py = memref.cast %y : memref<50xf32> to memref<*xf32>
  call @printMemrefF32(%py) : (memref<*xf32>) -> ()
  %pz = memref.cast %z : memref<50xf32> to memref<*xf32>
  call @printMemrefF32(%pz) : (memref<*xf32>) -> ()
  %pw = memref.cast %w : memref<50xf32> to memref<*xf32>
  call @printMemrefF32(%pw) : (memref<*xf32>) -> ()
  return
}

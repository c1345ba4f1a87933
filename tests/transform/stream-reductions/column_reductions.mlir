// PIPELINE: scalrep,stream-reductions
// Column reductions walk down strided rows; the reduction loop is
// strip-mined by 8 rows and the strips run outside the column loop, the
// partial results kept in the elements they are finally stored to, so each
// column still combines its elements in row order from its initial value:
// a sum and a max over 37 rows (4 whole strips and a strip of 5: the strip
// ends at min(ib + 8, 37)); a sum written as `out[j] += A[i][j]` (scalrep
// first makes it a reduction loop). Left alone: a row sum (its loads are
// contiguous along the reduction already), a column sum that reads the
// buffer it writes, and one whose reduction loop runs only 12 rows.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %a = memref.alloc() : memref<37x50xf32>
  %s = memref.alloc() : memref<50xf32>
  %m = memref.alloc() : memref<50xf32>
  %t = memref.alloc() : memref<50xf32>
  %r = memref.alloc() : memref<37xf32>
  %u = memref.alloc() : memref<37x50xf32>
  %w = memref.alloc() : memref<50xf32>
  %zero = arith.constant 0.0 : f32
  %low = arith.constant -1.0e30 : f32
  %third = arith.constant 0.333333 : f32
  affine.for %i = 0 to 37 {
    affine.for %j = 0 to 50 {
      %x = arith.index_cast %i : index to i32
      %y = arith.index_cast %j : index to i32
      %p = arith.muli %x, %y : i32
      %q = arith.addi %p, %x : i32
      %f = arith.sitofp %q : i32 to f32
      %g = arith.mulf %f, %third : f32
      affine.store %g, %a[%i, %j] : memref<37x50xf32>
      affine.store %g, %u[%i, %j] : memref<37x50xf32>
    }
  }
  affine.for %j = 0 to 50 {
    %sum, %max = affine.for %i = 0 to 37 iter_args(%acc = %zero, %mx = %low) -> (f32, f32) {
      %v = affine.load %a[%i, %j] : memref<37x50xf32>
      %n = arith.addf %acc, %v : f32
      %k = arith.maximumf %mx, %v : f32
      affine.yield %n, %k : f32, f32
    }
    affine.store %sum, %s[%j] : memref<50xf32>
    affine.store %max, %m[%j] : memref<50xf32>
  }
  affine.for %j = 0 to 50 {
    affine.store %zero, %t[%j] : memref<50xf32>
    affine.for %i = 0 to 37 {
      %o = affine.load %t[%j] : memref<50xf32>
      %v = affine.load %a[%i, %j] : memref<37x50xf32>
      %n = arith.addf %o, %v : f32
      affine.store %n, %t[%j] : memref<50xf32>
    }
  }
  affine.for %i = 0 to 37 {
    %sum = affine.for %j = 0 to 50 iter_args(%acc = %zero) -> (f32) {
      %v = affine.load %a[%i, %j] : memref<37x50xf32>
      %n = arith.addf %acc, %v : f32
      affine.yield %n : f32
    }
    affine.store %sum, %r[%i] : memref<37xf32>
  }
  affine.for %j = 0 to 50 {
    %sum = affine.for %i = 0 to 37 iter_args(%acc = %zero) -> (f32) {
      %v = affine.load %u[%i, %j] : memref<37x50xf32>
      %n = arith.addf %acc, %v : f32
      affine.yield %n : f32
    }
    affine.store %sum, %u[0, %j] : memref<37x50xf32>
  }
  affine.for %j = 0 to 50 {
    %sum = affine.for %i = 0 to 12 iter_args(%acc = %zero) -> (f32) {
      %v = affine.load %a[%i, %j] : memref<37x50xf32>
      %n = arith.addf %acc, %v : f32
      affine.yield %n : f32
    }
    affine.store %sum, %w[%j] : memref<50xf32>
  }
  %ps = memref.cast %s : memref<50xf32> to memref<*xf32>
  call @printMemrefF32(%ps) : (memref<*xf32>) -> ()
  %pm = memref.cast %m : memref<50xf32> to memref<*xf32>
  call @printMemrefF32(%pm) : (memref<*xf32>) -> ()
  %pt = memref.cast %t : memref<50xf32> to memref<*xf32>
  call @printMemrefF32(%pt) : (memref<*xf32>) -> ()
  %pr = memref.cast %r : memref<37xf32> to memref<*xf32>
  call @printMemrefF32(%pr) : (memref<*xf32>) -> ()
  %pu = memref.cast %u : memref<37x50xf32> to memref<*xf32>
  call @printMemrefF32(%pu) : (memref<*xf32>) -> ()
  %pw = memref.cast %w : memref<50xf32> to memref<*xf32>
  call @printMemrefF32(%pw) : (memref<*xf32>) -> ()
  return
}

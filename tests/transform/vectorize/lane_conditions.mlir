// PIPELINE: vectorize
// affine.if inside the vectorized loop (seed 003). A condition on the
// vectorized induction variable becomes a mask: both branches run on every
// lane, their loads and stores masked (vector.transfer_read/write with the
// mask), their results selected lane by lane. Here a 3-point smoothing
// whose two boundary columns copy their input (if/else with results, 100
// columns: a 64-lane loop, then 16-lane and 4-lane epilogues), and a
// store guarded by one bound (no else). A condition on an outer loop is the
// same on every lane and stays an affine.if around vector code. Left alone:
// an integer division under a lane condition (a disabled lane could divide
// by zero) and a load under one that does not move with the loop.
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)
func.func @main() {
  %a = memref.alloc() : memref<100xf32>
  %s = memref.alloc() : memref<100xf32>
  %g = memref.alloc() : memref<100xf32>
  %m = memref.alloc() : memref<3x100xf32>
  %q = memref.alloc() : memref<100xi32>
  %d = memref.alloc() : memref<100xi32>
  %h = memref.alloc() : memref<1xf32>
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %seven = arith.constant 7 : i32
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 100 {
    %x = arith.index_cast %i : index to i32
    %y = arith.muli %x, %x : i32
    %z = arith.remsi %y, %seven : i32
    %f = arith.sitofp %z : i32 to f32
    affine.store %f, %a[%i] : memref<100xf32>
    affine.store %zero, %g[%i] : memref<100xf32>
    affine.store %z, %d[%i] : memref<100xi32>
    affine.store %x, %q[%i] : memref<100xi32>
  }
  affine.store %half, %h[0] : memref<1xf32>
  affine.for %j = 0 to 100 {
    %v = affine.if affine_set<(d0) : (d0 - 1 >= 0, -d0 + 98 >= 0)>(%j) -> f32 {
      %l = affine.load %a[%j - 1] : memref<100xf32>
      %c = affine.load %a[%j] : memref<100xf32>
      %r = affine.load %a[%j + 1] : memref<100xf32>
      %t = arith.addf %l, %c : f32
      %u = arith.addf %t, %r : f32
      affine.yield %u : f32
    } else {
      %c = affine.load %a[%j] : memref<100xf32>
      affine.yield %c : f32
    }
    affine.store %v, %s[%j] : memref<100xf32>
  }
  affine.for %j = 0 to 100 {
    affine.if affine_set<(d0) : (d0 - 50 >= 0)>(%j) {
      %c = affine.load %a[%j] : memref<100xf32>
      %t = arith.mulf %c, %half : f32
      affine.store %t, %g[%j] : memref<100xf32>
    }
  }
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 100 {
      affine.if affine_set<(d0) : (d0 == 0)>(%i) {
        %c = affine.load %a[%j] : memref<100xf32>
        affine.store %c, %m[%i, %j] : memref<3x100xf32>
      } else {
        %p = affine.load %m[%i - 1, %j] : memref<3x100xf32>
        %c = affine.load %a[%j] : memref<100xf32>
        %t = arith.addf %p, %c : f32
        affine.store %t, %m[%i, %j] : memref<3x100xf32>
      }
    }
  }
  affine.for %j = 0 to 100 {
    affine.if affine_set<(d0) : (d0 - 10 >= 0)>(%j) {
      %x = affine.load %d[%j] : memref<100xi32>
      %y = affine.load %d[%j - 10] : memref<100xi32>
      %w = arith.addi %y, %one : i32
      %z = arith.divsi %x, %w : i32
      affine.store %z, %q[%j] : memref<100xi32>
    }
  }
  affine.for %j = 0 to 100 {
    affine.if affine_set<(d0) : (d0 - 90 >= 0)>(%j) {
      %c = affine.load %h[0] : memref<1xf32>
      affine.store %c, %g[%j] : memref<100xf32>
    }
  }
  %ps = memref.cast %s : memref<100xf32> to memref<*xf32>
  call @printMemrefF32(%ps) : (memref<*xf32>) -> ()
  %pg = memref.cast %g : memref<100xf32> to memref<*xf32>
  call @printMemrefF32(%pg) : (memref<*xf32>) -> ()
  %pm = memref.cast %m : memref<3x100xf32> to memref<*xf32>
  call @printMemrefF32(%pm) : (memref<*xf32>) -> ()
  %pq = memref.cast %q : memref<100xi32> to memref<*xi32>
  call @printMemrefI32(%pq) : (memref<*xi32>) -> ()
  return
}

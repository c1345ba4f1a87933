// PIPELINE: fuse
// The fill of %in fuses row by row into the row sum, that nest into the
// scaled copy (which reads %in too), so %in shrinks to one row; the row sum
// shrinks to a scalar; and the consumer reading t[i] and t[i+1] gets a
// two-iteration slice of its producer (recomputed, the producer being
// idempotent; 2.77% more work) with %t shrunk to two elements relative to
// %i. Everything ends in one nest.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %zero = arith.constant 0.0 : f32
  %three = arith.constant 3.0 : f32
  %in = memref.alloc() : memref<9x13xf32>
  %sum = memref.alloc() : memref<9xf32>
  %scaled = memref.alloc() : memref<9x13xf32>
  %t = memref.alloc() : memref<10xf32>
  %out = memref.alloc() : memref<9xf32>
  affine.for %i = 0 to 9 {
    affine.for %j = 0 to 13 {
      %x = affine.apply affine_map<(d0, d1) -> ((d0 * 7 + d1 * 3) mod 11)>(%i, %j)
      %c = arith.index_cast %x : index to i32
      %f = arith.sitofp %c : i32 to f32
      affine.store %f, %in[%i, %j] : memref<9x13xf32>
    }
  }
  affine.for %i = 0 to 9 {
    %s = affine.for %j = 0 to 13 iter_args(%acc = %zero) -> (f32) {
      %v = affine.load %in[%i, %j] : memref<9x13xf32>
      %n = arith.addf %acc, %v : f32
      affine.yield %n : f32
    }
    affine.store %s, %sum[%i] : memref<9xf32>
  }
  affine.for %i = 0 to 9 {
    affine.for %j = 0 to 13 {
      %v = affine.load %in[%i, %j] : memref<9x13xf32>
      %w = arith.mulf %v, %three : f32
      affine.store %w, %scaled[%i, %j] : memref<9x13xf32>
    }
  }
  affine.for %i = 0 to 10 {
    %c = arith.index_cast %i : index to i32
    %f = arith.sitofp %c : i32 to f32
    %g = arith.mulf %f, %f : f32
    affine.store %g, %t[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 9 {
    %a = affine.load %t[%i] : memref<10xf32>
    %b = affine.load %t[%i + 1] : memref<10xf32>
    %d = arith.subf %b, %a : f32
    %s = affine.load %sum[%i] : memref<9xf32>
    %r = arith.addf %d, %s : f32
    affine.store %r, %out[%i] : memref<9xf32>
  }
  %p = memref.cast %out : memref<9xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  %q = memref.cast %scaled : memref<9x13xf32> to memref<*xf32>
  call @printMemrefF32(%q) : (memref<*xf32>) -> ()
  memref.dealloc %in : memref<9x13xf32>
  memref.dealloc %sum : memref<9xf32>
  memref.dealloc %scaled : memref<9x13xf32>
  memref.dealloc %t : memref<10xf32>
  memref.dealloc %out : memref<9xf32>
  return
}

// memref.atomic_rmw in affine.parallel bodies, the typical use: a
// histogram whose bins many iterations hit (repeated indices loaded from
// memory), a float sum of exactly representable values and an integer
// maximum, all into shared elements. Run in parallel, the atomics keep every
// update; the results equal the sequential ones.
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %n = arith.constant 200000 : index
  %keys = memref.alloc() : memref<200000xindex>
  %hist = memref.alloc() : memref<7xi32>
  %sum = memref.alloc() : memref<1xf32>
  %max = memref.alloc() : memref<1xi64>
  %c7 = arith.constant 7 : index
  affine.for %i = 0 to 200000 {
    // (i * i) mod 7: bins 0, 1, 2 and 4 only, unevenly.
    %sq = arith.muli %i, %i : index
    %k = arith.remui %sq, %c7 : index
    memref.store %k, %keys[%i] : memref<200000xindex>
  }
  %z = arith.constant 0 : i32
  affine.for %b = 0 to 7 {
    affine.store %z, %hist[%b] : memref<7xi32>
  }
  %fz = arith.constant 0.0 : f32
  affine.store %fz, %sum[0] : memref<1xf32>
  %lz = arith.constant -1 : i64
  affine.store %lz, %max[0] : memref<1xi64>
  %one = arith.constant 1 : i32
  %c0 = arith.constant 0 : index
  affine.parallel (%i) = (0) to (200000) {
    %k = memref.load %keys[%i] : memref<200000xindex>
    %old = memref.atomic_rmw addi %one, %hist[%k] : (i32, memref<7xi32>) -> i32
    %kf = arith.index_cast %k : index to i32
    %x = arith.sitofp %kf : i32 to f32
    %s = memref.atomic_rmw addf %x, %sum[%c0] : (f32, memref<1xf32>) -> f32
    %ii = arith.index_cast %i : index to i64
    %m = memref.atomic_rmw maxs %ii, %max[%c0] : (i64, memref<1xi64>) -> i64
  }
  // Two dimensions, both updating one 2-d histogram.
  %h2 = memref.alloc() : memref<3x4xi32>
  affine.for %a = 0 to 3 {
    affine.for %b = 0 to 4 {
      affine.store %z, %h2[%a, %b] : memref<3x4xi32>
    }
  }
  affine.parallel (%i, %j) = (0, 0) to (300, 400) {
    %a = affine.apply affine_map<(d0) -> (d0 mod 3)>(%i)
    %b = affine.apply affine_map<(d0) -> (d0 floordiv 100)>(%j)
    %w = arith.index_cast %j : index to i32
    %old = memref.atomic_rmw addi %w, %h2[%a, %b] : (i32, memref<3x4xi32>) -> i32
  }
  %uh = memref.cast %hist : memref<7xi32> to memref<*xi32>
  call @printMemrefI32(%uh) : (memref<*xi32>) -> ()
  %s = affine.load %sum[0] : memref<1xf32>
  vector.print %s : f32
  %m = affine.load %max[0] : memref<1xi64>
  vector.print %m : i64
  %u2 = memref.cast %h2 : memref<3x4xi32> to memref<*xi32>
  call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
  memref.dealloc %keys : memref<200000xindex>
  memref.dealloc %hist : memref<7xi32>
  memref.dealloc %sum : memref<1xf32>
  memref.dealloc %max : memref<1xi64>
  memref.dealloc %h2 : memref<3x4xi32>
  return
}

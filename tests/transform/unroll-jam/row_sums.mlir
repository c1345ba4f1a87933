// PIPELINE: scalrep,unroll-jam
// Sums kept in order along rows: each row's adds wait on each other, so
// the rows run 8 at a time even though they share no load (@rowMeans,
// layernorm's first step: 8 independent chains of adds). An integer sum,
// whose adds take one cycle, is left alone (@intRowSums), as are loops
// whose copies would share nothing else. 11 rows: 8 jammed, 3 left in the
// original loop. The program prints the results' bits; any other order of
// a row's adds changes them.
func.func private @printMemrefI32(memref<*xi32>)
func.func @rowMeans(%X: memref<11x40xf32>, %M: memref<11xf32>) {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 40.0 : f32
  affine.for %i = 0 to 11 {
    %sum = affine.for %j = 0 to 40 iter_args(%s = %zero) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<11x40xf32>
      %t = arith.addf %s, %x : f32
      affine.yield %t : f32
    }
    %mean = arith.divf %sum, %n : f32
    affine.store %mean, %M[%i] : memref<11xf32>
  }
  return
}
func.func @intRowSums(%X: memref<11x40xi32>, %S: memref<11xi32>) {
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to 11 {
    %sum = affine.for %j = 0 to 40 iter_args(%s = %zero) -> (i32) {
      %x = affine.load %X[%i, %j] : memref<11x40xi32>
      %t = arith.addi %s, %x : i32
      affine.yield %t : i32
    }
    affine.store %sum, %S[%i] : memref<11xi32>
  }
  return
}
func.func @main() {
  %X = memref.alloc() : memref<11x40xf32>
  %I = memref.alloc() : memref<11x40xi32>
  %M = memref.alloc() : memref<11xf32>
  %S = memref.alloc() : memref<11xi32>
  %k = arith.constant 0.37 : f32
  affine.for %i = 0 to 11 {
    affine.for %j = 0 to 40 {
      %e = affine.apply affine_map<(d0, d1) -> ((d0 * 7 + d1 * 3) mod 23 - 11)>(%i, %j)
      %w = arith.index_cast %e : index to i32
      %f = arith.sitofp %w : i32 to f32
      %g = arith.mulf %f, %k : f32
      affine.store %g, %X[%i, %j] : memref<11x40xf32>
      affine.store %w, %I[%i, %j] : memref<11x40xi32>
    }
  }
  call @rowMeans(%X, %M) : (memref<11x40xf32>, memref<11xf32>) -> ()
  call @intRowSums(%I, %S) : (memref<11x40xi32>, memref<11xi32>) -> ()
  %bits = memref.alloc() : memref<11xi32>
  affine.for %i = 0 to 11 {
    %f = affine.load %M[%i] : memref<11xf32>
    %b = arith.bitcast %f : f32 to i32
    affine.store %b, %bits[%i] : memref<11xi32>
  }
  %ub = memref.cast %bits : memref<11xi32> to memref<*xi32>
  call @printMemrefI32(%ub) : (memref<*xi32>) -> ()
  %us = memref.cast %S : memref<11xi32> to memref<*xi32>
  call @printMemrefI32(%us) : (memref<*xi32>) -> ()
  return
}

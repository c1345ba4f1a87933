// PIPELINE: parallelize
// MLIR-PASSES: --affine-parallelize="parallel-reductions=1 max-nested=1"
// The outermost parallel loop of each nest becomes an affine.parallel: the
// fill nest, the row-sum nest (each row's sum is stored, so the outer loop
// has no iter_args; the inner reduction stays a loop), and an integer total
// whose iter_arg becomes an "addi" reduction combined with its initial
// value after the parallel op. Every nest runs 1024x512 iterations, over
// the grain threshold.
func.func private @printMemrefI32(memref<*xi32>)
func.func @main() {
  %a = memref.alloc() : memref<1024x512xi32>
  %rows = memref.alloc() : memref<1024xi32>
  %out = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to 1024 {
    affine.for %j = 0 to 512 {
      %k = affine.apply affine_map<(d0, d1) -> ((d0 * 31 + d1 * 17) mod 101)>(%i, %j)
      %v = arith.index_cast %k : index to i32
      affine.store %v, %a[%i, %j] : memref<1024x512xi32>
    }
  }
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to 1024 {
    %s = affine.for %j = 0 to 512 iter_args(%acc = %zero) -> (i32) {
      %v = affine.load %a[%i, %j] : memref<1024x512xi32>
      %t = arith.addi %acc, %v : i32
      affine.yield %t : i32
    }
    affine.store %s, %rows[%i] : memref<1024xi32>
  }
  %seven = arith.constant 7 : i32
  %total = affine.for %i = 0 to 1024 iter_args(%acc = %seven) -> (i32) {
    %r = affine.for %j = 0 to 512 iter_args(%in = %zero) -> (i32) {
      %v = affine.load %a[%i, %j] : memref<1024x512xi32>
      %w = arith.muli %v, %v : i32
      %t = arith.addi %in, %w : i32
      affine.yield %t : i32
    }
    %t = arith.addi %acc, %r : i32
    affine.yield %t : i32
  }
  affine.store %total, %out[0] : memref<1xi32>
  %u = memref.cast %rows : memref<1024xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  %o = memref.cast %out : memref<1xi32> to memref<*xi32>
  call @printMemrefI32(%o) : (memref<*xi32>) -> ()
  memref.dealloc %a : memref<1024x512xi32>
  memref.dealloc %rows : memref<1024xi32>
  memref.dealloc %out : memref<1xi32>
  return
}

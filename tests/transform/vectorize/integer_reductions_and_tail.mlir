// PIPELINE: vectorize
// Integer reductions are vectorized without fast math (wrapping add and
// max are associative): a sum and a signed max over 100 elements run 64
// lanes at a time, the next 32 in a 16-lane epilogue loop and the last 4
// in a 4-lane one (the leftover count is known, so narrower registers take
// it), each starting from the combined partial results before it. A float row sum without fastmath flags is left
// alone (program order), and so is a loop whose induction variable is
// used as a value.
func.func private @printMemrefI32(memref<*xi32>)
func.func @main() {
  %a = memref.alloc() : memref<100xi32>
  %f = memref.alloc() : memref<100xf32>
  %r = memref.alloc() : memref<2xi32>
  affine.for %i = 0 to 100 {
    %x = arith.index_cast %i : index to i32
    affine.store %x, %a[%i] : memref<100xi32>
  }
  %zero = arith.constant 0 : i32
  %min = arith.constant -2147483648 : i32
  %s, %m = affine.for %i = 0 to 100 iter_args(%acc = %zero, %mx = %min) -> (i32, i32) {
    %v = affine.load %a[%i] : memref<100xi32>
    %n = arith.addi %acc, %v : i32
    %k = arith.maxsi %mx, %v : i32
    affine.yield %n, %k : i32, i32
  }
  affine.store %s, %r[0] : memref<2xi32>
  affine.store %m, %r[1] : memref<2xi32>
  %fz = arith.constant 0.0 : f32
  %fs = affine.for %i = 0 to 100 iter_args(%acc = %fz) -> (f32) {
    %v = affine.load %f[%i] : memref<100xf32>
    %n = arith.addf %acc, %v : f32
    affine.yield %n : f32
  }
  %p = memref.cast %r : memref<2xi32> to memref<*xi32>
  call @printMemrefI32(%p) : (memref<*xi32>) -> ()
  return
}

// The running count of alias_view_cast_shift over 300,000 elements: well
// above the work at which parallelize splits a loop across threads.
func.func @main() {
  %A = memref.alloc() : memref<300001xf32>
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 300001 {
    affine.store %zero, %A[%i] : memref<300001xf32>
  }
  %V = memref.cast %A : memref<300001xf32> to memref<?xf32>
  affine.for %i = 0 to 300000 {
    %x = affine.load %A[%i] : memref<300001xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %V[%i + 1] : memref<?xf32>
  }
  %c1000 = arith.constant 1000 : index
  %c300000 = arith.constant 300000 : index
  %a = memref.load %A[%c1000] : memref<300001xf32>
  %b = memref.load %A[%c300000] : memref<300001xf32>
  vector.print %a : f32
  vector.print %b : f32
  memref.dealloc %A : memref<300001xf32>
  return
}

// PIPELINE: fuse,scalrep,vectorize
// Fusion then vectorization composes: the elementwise chain fuses into one
// loop with one-element private buffers, scalrep forwards their stores to
// their loads and removes them (they are written before they are read in
// every iteration, so nothing is carried from one iteration to the next),
// and the loop vectorizes: 64 lanes, then a 4-lane epilogue and a scalar
// one for the last 2.
func.func private @printMemrefF32(memref<*xf32>)
func.func @chain(%a: memref<70xf32>, %out: memref<70xf32>) {
  %t1 = memref.alloc() : memref<70xf32>
  %t2 = memref.alloc() : memref<70xf32>
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 70 {
    %x = affine.load %a[%i] : memref<70xf32>
    %y = arith.mulf %x, %two : f32
    affine.store %y, %t1[%i] : memref<70xf32>
  }
  affine.for %i = 0 to 70 {
    %x = affine.load %t1[%i] : memref<70xf32>
    %y = arith.addf %x, %two : f32
    affine.store %y, %t2[%i] : memref<70xf32>
  }
  affine.for %i = 0 to 70 {
    %x = affine.load %t2[%i] : memref<70xf32>
    %y = affine.load %a[%i] : memref<70xf32>
    %z = arith.mulf %x, %y : f32
    affine.store %z, %out[%i] : memref<70xf32>
  }
  memref.dealloc %t1 : memref<70xf32>
  memref.dealloc %t2 : memref<70xf32>
  return
}
func.func @main() {
  %a = memref.alloc() : memref<70xf32>
  %out = memref.alloc() : memref<70xf32>
  affine.for %i = 0 to 70 {
    %v = arith.index_cast %i : index to i32
    %f = arith.sitofp %v : i32 to f32
    %s = arith.constant 0.25 : f32
    %x = arith.mulf %f, %s : f32
    affine.store %x, %a[%i] : memref<70xf32>
  }
  func.call @chain(%a, %out) : (memref<70xf32>, memref<70xf32>) -> ()
  %p = memref.cast %out : memref<70xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  return
}

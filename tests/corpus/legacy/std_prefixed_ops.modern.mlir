// MLIR 19 spelling of std_prefixed_ops.mlir.
func.func private @sink(f32)
func.func @std_prefixed(%x: f32) {
  %c = arith.constant 2.0 : f32
  %s = arith.addf %x, %c : f32
  %p = arith.mulf %s, %s : f32
  %m = memref.alloc() : memref<1xf32>
  %c0 = arith.constant 0 : index
  memref.store %p, %m[%c0] : memref<1xf32>
  %v = memref.load %m[%c0] : memref<1xf32>
  memref.dealloc %m : memref<1xf32>
  func.call @sink(%v) : (f32) -> ()
  func.return
}

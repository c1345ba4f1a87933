// memref.reshape whose source is unranked (its pointers come from the
// descriptor it points to), to a ranked and to an unranked result.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %a = memref.alloc() : memref<2x3xf32>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 3 + d1)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f32
      affine.store %vf, %a[%i, %j] : memref<2x3xf32>
    }
  }
  %u = memref.cast %a : memref<2x3xf32> to memref<*xf32>
  %shape = memref.alloc() : memref<2xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s3 = arith.constant 3 : i64
  %s2 = arith.constant 2 : i64
  memref.store %s3, %shape[%c0] : memref<2xi64>
  memref.store %s2, %shape[%c1] : memref<2xi64>
  %r = memref.reshape %u(%shape) : (memref<*xf32>, memref<2xi64>) -> memref<3x2xf32>
  %ru = memref.cast %r : memref<3x2xf32> to memref<*xf32>
  call @printMemrefF32(%ru) : (memref<*xf32>) -> ()
  %dshape = memref.cast %shape : memref<2xi64> to memref<?xi64>
  %r2 = memref.reshape %u(%dshape) : (memref<*xf32>, memref<?xi64>) -> memref<*xf32>
  call @printMemrefF32(%r2) : (memref<*xf32>) -> ()
  return
}

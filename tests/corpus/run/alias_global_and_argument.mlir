// A kernel that reads a global and writes its argument, called with the
// global itself: the two are one buffer.
memref.global "private" @table : memref<64xf32> = dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0, 64.0]>
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @shift_from_table(%A: memref<64xf32>) {
  %T = memref.get_global @table : memref<64xf32>
  affine.for %i = 0 to 63 {
    %x = affine.load %T[%i] : memref<64xf32>
    %y = arith.addf %x, %x : f32
    affine.store %y, %A[%i + 1] : memref<64xf32>
  }
  return
}
func.func @main() {
  %T = memref.get_global @table : memref<64xf32>
  call @shift_from_table(%T) : (memref<64xf32>) -> ()
  %U = memref.cast %T : memref<64xf32> to memref<*xf32>
  call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  return
}

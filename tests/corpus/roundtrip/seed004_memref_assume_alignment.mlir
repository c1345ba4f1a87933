// Seed 004 memref.assume_alignment: annotate a buffer as 64-byte aligned.
func.func @assume_alignment(%m: memref<128xf32>) {
  memref.assume_alignment %m, 64 : memref<128xf32>
  return
}

// Seed 004 dma_wait (now memref.dma_wait) on a tag element.
func.func @dma_wait(%tag: memref<1 x i32, affine_map<(d0) -> (d0)>, 4>) {
  %idx = arith.constant 0 : index
  %size = arith.constant 32 : index
  memref.dma_wait %tag[%idx], %size : memref<1 x i32, affine_map<(d0) -> (d0)>, 4>
  return
}

// Seed 000 affine.dma_wait: 1-d source and destination, wait on the tag element.
func.func @dma_wait(%src: memref<2048xf32, 0>, %dst: memref<256xf32, 1>,
                    %tag: memref<1xi32, 2>, %i: index, %k: index) {
  %index = arith.constant 0 : index
  %num_elements = arith.constant 256 : index
  affine.dma_start %src[%i], %dst[%k], %tag[%index], %num_elements :
    memref<2048xf32, 0>, memref<256xf32, 1>, memref<1xi32, 2>
  affine.dma_wait %tag[%index], %num_elements : memref<1xi32, 2>
  return
}

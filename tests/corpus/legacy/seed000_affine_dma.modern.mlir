// MLIR 19 spelling of seed000_affine_dma.mlir.
func.func @dma(%src: memref<40x128xf32, 0>, %dst: memref<2x1024xf32, 1>,
               %i: index, %j: index, %k: index, %l: index) {
  %num_elements = arith.constant 256 : index
  %idx = arith.constant 0 : index
  %tag = memref.alloc() : memref<1xi32, 2>
  affine.dma_start %src[%i + 3, %j], %dst[%k + 7, %l], %tag[%idx],
    %num_elements :
      memref<40x128xf32, 0>, memref<2x1024xf32, 1>, memref<1xi32, 2>
  affine.dma_wait %tag[%idx], %num_elements : memref<1xi32, 2>
  return
}

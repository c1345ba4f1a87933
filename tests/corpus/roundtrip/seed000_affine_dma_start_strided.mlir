// Seed 000 affine.dma_start with %stride and %num_elt_per_stride.
func.func @dma_strided(%src: memref<40x128xf32, 0>, %dst: memref<2x1024xf32, 1>,
                       %i: index, %j: index, %k: index, %l: index) {
  %num_elements = arith.constant 256 : index
  %stride = arith.constant 128 : index
  %num_elt_per_stride = arith.constant 32 : index
  %idx = arith.constant 0 : index
  %tag = memref.alloc() : memref<1xi32, 2>
  affine.dma_start %src[%i, %j], %dst[%k, %l], %tag[%idx], %num_elements,
    %stride, %num_elt_per_stride : memref<40x128xf32, 0>, memref<2x1024xf32, 1>, memref<1xi32, 2>
  affine.dma_wait %tag[%idx], %num_elements : memref<1xi32, 2>
  return
}

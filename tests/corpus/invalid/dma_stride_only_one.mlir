// EXPECT-ERROR: 6:3: custom op 'affine.dma_start' expected two stride related operands
// affine.dma_start with a stride but no elements-per-stride operand
func.func @f(%src: memref<16xf32>, %dst: memref<16xf32, 1>, %tag: memref<1xi32>) {
  %n = arith.constant 16 : index
  %s = arith.constant 4 : index
  affine.dma_start %src[0], %dst[0], %tag[0], %n, %s : memref<16xf32>, memref<16xf32, 1>, memref<1xi32>
  return
}

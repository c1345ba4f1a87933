// EXPECT-ERROR: 5:3: source and destination memrefs must have the same elemental type (affjit only: MLIR accepts)
// affine.dma_start between f32 and i32 memrefs (seed 000: same elemental type required)
func.func @f(%src: memref<16xf32>, %dst: memref<16xi32, 1>, %tag: memref<1xi32>) {
  %n = arith.constant 16 : index
  affine.dma_start %src[0], %dst[0], %tag[0], %n : memref<16xf32>, memref<16xi32, 1>, memref<1xi32>
  return
}

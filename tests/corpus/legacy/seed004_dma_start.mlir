// Seed 004 dma_start/dma_wait example in its original spelling (constant, alloc, dma_start,
// dma_wait). Fixed: the tag type's stray `>` after memref<1 x i32.
func @dma_start(%src: memref<40 x 8 x vector<16xf32>, affine_map<(d0, d1) -> (d0, d1)>, 0>,
                %dst: memref<2 x 4 x vector<16xf32>, affine_map<(d0, d1) -> (d0, d1)>, 2>,
                %i: index, %j: index, %k: index, %l: index) {
  %size = constant 32 : index
  %tag = alloc() : memref<1 x i32, affine_map<(d0) -> (d0)>, 4>
  %idx = constant 0 : index
  dma_start %src[%i, %j], %dst[%k, %l], %size, %tag[%idx] :
       memref<40 x 8 x vector<16xf32>, affine_map<(d0, d1) -> (d0, d1)>, 0>,
       memref<2 x 4 x vector<16xf32>, affine_map<(d0, d1) -> (d0, d1)>, 2>,
       memref<1 x i32, affine_map<(d0) -> (d0)>, 4>
  dma_wait %tag[%idx], %size : memref<1 x i32, affine_map<(d0) -> (d0)>, 4>
  return
}

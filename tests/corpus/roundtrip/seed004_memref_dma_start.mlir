// Seed 004 dma_start (now memref.dma_start): 32 vector elements, tag in memory space 4.
func.func @dma_start(%src: memref<40 x 8 x vector<16xf32>, affine_map<(d0, d1) -> (d0, d1)>, 0>,
                     %dst: memref<2 x 4 x vector<16xf32>, affine_map<(d0, d1) -> (d0, d1)>, 2>,
                     %i: index, %j: index, %k: index, %l: index) {
  %size = arith.constant 32 : index
  %tag = memref.alloc() : memref<1 x i32, affine_map<(d0) -> (d0)>, 4>
  %idx = arith.constant 0 : index
  memref.dma_start %src[%i, %j], %dst[%k, %l], %size, %tag[%idx] :
       memref<40 x 8 x vector<16xf32>, affine_map<(d0, d1) -> (d0, d1)>, 0>,
       memref<2 x 4 x vector<16xf32>, affine_map<(d0, d1) -> (d0, d1)>, 2>,
       memref<1 x i32, affine_map<(d0) -> (d0)>, 4>
  memref.dma_wait %tag[%idx], %size : memref<1 x i32, affine_map<(d0) -> (d0)>, 4>
  return
}

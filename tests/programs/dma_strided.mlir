// DMA between memory spaces (seed 000 affine.dma_start/dma_wait and seed
// 004 memref forms): a contiguous 2-D tile and a strided transfer of 2
// elements every 5 from a slow buffer into a packed fast one.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %slow = memref.alloc() : memref<4x5xf32>
  %fast = memref.alloc() : memref<2x5xf32, 1>
  %packed = memref.alloc() : memref<8xf32, 1>
  %tag = memref.alloc() : memref<2xi32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 10 + d1)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f32
      affine.store %vf, %slow[%i, %j] : memref<4x5xf32>
    }
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  // Rows 1 and 2 of %slow into %fast.
  affine.dma_start %slow[%c1, 0], %fast[0, 0], %tag[0], %c10 : memref<4x5xf32>, memref<2x5xf32, 1>, memref<2xi32>
  affine.dma_wait %tag[0], %c10 : memref<2xi32>
  // Columns 1..2 of every row: 2 elements per stride of 5.
  memref.dma_start %slow[%c0, %c1], %packed[%c0], %c8, %tag[%c1], %c5, %c2 : memref<4x5xf32>, memref<8xf32, 1>, memref<2xi32>
  memref.dma_wait %tag[%c1], %c8 : memref<2xi32>
  // Read the fast buffers back through ordinary loads to print them.
  %o1 = memref.alloc() : memref<2x5xf32>
  %o2 = memref.alloc() : memref<8xf32>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 5 {
      %v = affine.load %fast[%i, %j] : memref<2x5xf32, 1>
      affine.store %v, %o1[%i, %j] : memref<2x5xf32>
    }
  }
  affine.for %k = 0 to 8 {
    %v = affine.load %packed[%k] : memref<8xf32, 1>
    affine.store %v, %o2[%k] : memref<8xf32>
  }
  %u1 = memref.cast %o1 : memref<2x5xf32> to memref<*xf32>
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  %u2 = memref.cast %o2 : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  return
}

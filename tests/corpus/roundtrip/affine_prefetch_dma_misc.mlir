// affine.prefetch variants and affine.dma_start/dma_wait inside a loop with a 2-entry tag buffer.
func.func @pf(%A: memref<256xf32>, %F: memref<256xf32, 1>) {
  %tag = memref.alloc() : memref<2xi32>
  %n = arith.constant 16 : index
  affine.for %i = 0 to 256 step 16 {
    affine.prefetch %A[%i + 16], read, locality<0>, data : memref<256xf32>
    affine.prefetch %A[%i], write, locality<2>, instr : memref<256xf32>
    affine.dma_start %A[%i], %F[%i], %tag[%i floordiv 16 mod 2], %n : memref<256xf32>, memref<256xf32, 1>, memref<2xi32>
    affine.dma_wait %tag[%i floordiv 16 mod 2], %n : memref<2xi32>
  }
  memref.dealloc %tag : memref<2xi32>
  return
}

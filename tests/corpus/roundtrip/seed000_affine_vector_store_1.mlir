// Seed 000 affine.vector_store example 1: 8-wide f32 vector store.
func.func @vstore1(%v0: vector<8xf32>, %0: memref<100x100xf32>, %i0: index, %i1: index) {
  affine.vector_store %v0, %0[%i0 + 3, %i1 + 7] : memref<100x100xf32>, vector<8xf32>
  return
}

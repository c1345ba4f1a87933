// Seed 000 affine.vector_store example 3: 2-dim f32 vector store.
func.func @vstore3(%v0: vector<2x8xf32>, %0: memref<100x100xf32>, %i0: index, %i1: index) {
  affine.vector_store %v0, %0[%i0, %i1] : memref<100x100xf32>, vector<2x8xf32>
  return
}

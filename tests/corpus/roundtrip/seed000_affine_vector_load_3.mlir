// Seed 000 affine.vector_load example 3: 2-dim f32 vector load.
func.func @vload3(%0: memref<100x100xf32>, %i0: index, %i1: index) -> vector<2x8xf32> {
  %1 = affine.vector_load %0[%i0, %i1] : memref<100x100xf32>, vector<2x8xf32>
  return %1 : vector<2x8xf32>
}

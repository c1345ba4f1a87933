// Seed 000 affine.vector_load example 1: 8-wide f32 vector load.
func.func @vload1(%0: memref<100x100xf32>, %i0: index, %i1: index) -> vector<8xf32> {
  %1 = affine.vector_load %0[%i0 + 3, %i1 + 7] : memref<100x100xf32>, vector<8xf32>
  return %1 : vector<8xf32>
}

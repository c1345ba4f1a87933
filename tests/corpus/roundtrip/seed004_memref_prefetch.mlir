// Seed 004 memref.prefetch.
func.func @prefetch(%0: memref<400x400xi32>, %i: index, %j: index) {
  memref.prefetch %0[%i, %j], read, locality<3>, data : memref<400x400xi32>
  memref.prefetch %0[%j, %i], write, locality<0>, instr : memref<400x400xi32>
  return
}

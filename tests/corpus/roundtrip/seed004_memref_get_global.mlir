// Seed 004 memref.get_global: retrieve the memref of @foo.
memref.global "private" @foo : memref<2xf32> = dense<[1.0, 2.0]>
func.func @get_global() -> memref<2xf32> {
  %x = memref.get_global @foo : memref<2xf32>
  return %x : memref<2xf32>
}

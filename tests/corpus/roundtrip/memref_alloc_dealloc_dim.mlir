// memref.alloc/alloca with dynamic sizes, memref.dim on ranked and unranked, memref.load/store.
func.func @m(%n: index, %m: index, %u: memref<*xf32>) -> index {
  %a = memref.alloc(%n, %m) : memref<?x?xf64>
  %b = memref.alloca(%n) {alignment = 64} : memref<?x4xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %a, %c0 : memref<?x?xf64>
  %d1 = memref.dim %a, %c1 : memref<?x?xf64>
  %du = memref.dim %u, %c0 : memref<*xf32>
  %r = memref.rank %u : memref<*xf32>
  %v = memref.load %a[%c0, %c1] : memref<?x?xf64>
  memref.store %v, %a[%c1, %c0] : memref<?x?xf64>
  %i = memref.load %b[%c0, %c1] {nontemporal = true} : memref<?x4xi32>
  memref.store %i, %b[%c0, %c0] : memref<?x4xi32>
  memref.dealloc %a : memref<?x?xf64>
  return %du : index
}

// memref.realloc to static and dynamic sizes, with an alignment.
func.func @f(%m: memref<2xf32>, %d: memref<?xf32>, %n: index) -> (memref<4xf32>, memref<?xf32>) {
  %0 = memref.realloc %m : memref<2xf32> to memref<4xf32>
  %1 = memref.realloc %d(%n) {alignment = 16 : i64} : memref<?xf32> to memref<?xf32>
  return %0, %1 : memref<4xf32>, memref<?xf32>
}

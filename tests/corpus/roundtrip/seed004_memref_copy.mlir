// Seed 004 memref.copy: dynamic to dynamic, and static to a strided layout.
func.func @copy(%arg0: memref<?xf32>, %arg1: memref<?xf32>,
                %a: memref<4x4xf32>, %b: memref<4x4xf32, strided<[8, 1], offset: 2>>) {
  memref.copy %arg0, %arg1 : memref<?xf32> to memref<?xf32>
  memref.copy %a, %b : memref<4x4xf32> to memref<4x4xf32, strided<[8, 1], offset: 2>>
  return
}

// Seed 004 memref.reshape with a dynamic shape operand: unranked results.
func.func @reshape2(%src: memref<?xf32>, %usrc: memref<*xf32>, %shape: memref<?xi32>) {
  %dst = memref.reshape %src(%shape)
           : (memref<?xf32>, memref<?xi32>) -> memref<*xf32>
  %dst2 = memref.reshape %usrc(%shape)
           : (memref<*xf32>, memref<?xi32>) -> memref<*xf32>
  return
}

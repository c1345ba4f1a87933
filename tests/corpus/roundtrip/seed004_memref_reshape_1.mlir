// Seed 004 memref.reshape with a static shape operand: ranked results.
func.func @reshape1(%src: memref<4x1xf32>, %shape: memref<1xi32>, %shape0: memref<2xi32>,
                    %usrc: memref<*xf32>) {
  %dst = memref.reshape %src(%shape)
           : (memref<4x1xf32>, memref<1xi32>) -> memref<4xf32>
  %dst0 = memref.reshape %src(%shape0)
           : (memref<4x1xf32>, memref<2xi32>) -> memref<2x2xf32>
  %flat = memref.reshape %usrc(%shape)
           : (memref<*xf32>, memref<1xi32>) -> memref<?xf32>
  return
}

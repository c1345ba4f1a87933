// vector.transfer_read/write with a transposing permutation map and a broadcast (0) map, in_bounds.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<4x4xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 4 + d1)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %A[%i, %j] : memref<4x4xf32>
    }
  }
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = vector.transfer_read %A[%c0, %c1], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>, in_bounds = [true, true]} : memref<4x4xf32>, vector<3x2xf32>
  vector.print %t : vector<3x2xf32>
  %b = vector.transfer_read %A[%c1, %c0], %pad {permutation_map = affine_map<(d0, d1) -> (0, d1)>, in_bounds = [true, true]} : memref<4x4xf32>, vector<2x4xf32>
  vector.print %b : vector<2x4xf32>
  %col = vector.transfer_read %A[%c0, %c1], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<4x4xf32>, vector<4xf32>
  vector.print %col : vector<4xf32>
  %B = memref.alloc() : memref<4x4xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      affine.store %pad, %B[%i, %j] : memref<4x4xf32>
    }
  }
  vector.transfer_write %t, %B[%c0, %c0] {permutation_map = affine_map<(d0, d1) -> (d1, d0)>, in_bounds = [true, true]} : vector<3x2xf32>, memref<4x4xf32>
  %u = memref.cast %B : memref<4x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<4x4xf32>
  memref.dealloc %B : memref<4x4xf32>
  return
}

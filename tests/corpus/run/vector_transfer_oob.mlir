// vector.transfer_read past the end of a memref: out-of-bounds lanes take the padding value
// (-1); an out-of-bounds transfer_write only writes the in-bounds lanes.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<6xf32>
  affine.for %i = 0 to 6 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %A[%i] : memref<6xf32>
  }
  %pad = arith.constant -1.0 : f32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %v0 = vector.transfer_read %A[%c0], %pad : memref<6xf32>, vector<4xf32>
  vector.print %v0 : vector<4xf32>
  %v1 = vector.transfer_read %A[%c4], %pad : memref<6xf32>, vector<4xf32>
  vector.print %v1 : vector<4xf32>
  %w = arith.constant dense<9.0> : vector<4xf32>
  vector.transfer_write %w, %A[%c4] : vector<4xf32>, memref<6xf32>
  %u = memref.cast %A : memref<6xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  // 2-d read where the second dimension runs out of bounds.
  %B = memref.alloc() : memref<3x3xf32>
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 3 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 3 + d1)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %B[%i, %j] : memref<3x3xf32>
    }
  }
  %c1 = arith.constant 1 : index
  %m = vector.transfer_read %B[%c1, %c1], %pad : memref<3x3xf32>, vector<3x4xf32>
  vector.print %m : vector<3x4xf32>
  memref.dealloc %A : memref<6xf32>
  memref.dealloc %B : memref<3x3xf32>
  return
}

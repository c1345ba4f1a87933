// vector.transfer_read/write: minor identity, permutation (transposing) maps, broadcast dims,
// in_bounds, padding values and masks.
#perm = affine_map<(d0, d1) -> (d1, d0)>
#bcast = affine_map<(d0, d1) -> (0, d1)>
func.func @transfers(%A: memref<?x?xf32>, %B: memref<8x8xf32>, %i: index, %j: index,
                     %m: vector<4xi1>) {
  %pad = arith.constant 0.0 : f32
  %0 = vector.transfer_read %A[%i, %j], %pad : memref<?x?xf32>, vector<4xf32>
  %1 = vector.transfer_read %A[%i, %j], %pad {permutation_map = #perm} : memref<?x?xf32>, vector<4x8xf32>
  %2 = vector.transfer_read %B[%i, %j], %pad {in_bounds = [true]} : memref<8x8xf32>, vector<4xf32>
  %3 = vector.transfer_read %B[%i, %j], %pad {permutation_map = #bcast, in_bounds = [true, false]} : memref<8x8xf32>, vector<2x4xf32>
  %4 = vector.transfer_read %A[%i, %j], %pad, %m : memref<?x?xf32>, vector<4xf32>
  vector.transfer_write %0, %A[%i, %j] : vector<4xf32>, memref<?x?xf32>
  vector.transfer_write %1, %A[%i, %j] {permutation_map = #perm} : vector<4x8xf32>, memref<?x?xf32>
  vector.transfer_write %2, %B[%i, %j] {in_bounds = [true]} : vector<4xf32>, memref<8x8xf32>
  vector.transfer_write %4, %A[%i, %j], %m : vector<4xf32>, memref<?x?xf32>
  return
}

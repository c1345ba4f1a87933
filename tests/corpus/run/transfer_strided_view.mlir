// RUN-MLIR-EXTRA-PASSES: --expand-strided-metadata
// vector.transfer_read/write through a view of stride 3: the lanes are 3 elements
// apart (masked past the view's end), never one contiguous load or store.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %A = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %A[%i] : memref<64xf32>
  }
  %V = memref.subview %A[1] [20] [3] : memref<64xf32> to memref<20xf32, strided<[3], offset: 1>>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %pad = arith.constant -1.0 : f32
  %v = vector.transfer_read %V[%c2], %pad : memref<20xf32, strided<[3], offset: 1>>, vector<8xf32>
  vector.print %v : vector<8xf32>
  %w = vector.transfer_read %V[%c2], %pad {in_bounds = [true]} : memref<20xf32, strided<[3], offset: 1>>, vector<8xf32>
  vector.print %w : vector<8xf32>
  %c15 = arith.constant 15 : index
  %x = vector.transfer_read %V[%c15], %pad : memref<20xf32, strided<[3], offset: 1>>, vector<8xf32>
  vector.print %x : vector<8xf32>
  %t = arith.constant dense<7.0> : vector<8xf32>
  vector.transfer_write %t, %V[%c15] : vector<8xf32>, memref<20xf32, strided<[3], offset: 1>>
  vector.transfer_write %t, %V[%c0] {in_bounds = [true]} : vector<8xf32>, memref<20xf32, strided<[3], offset: 1>>
  %U = memref.cast %A : memref<64xf32> to memref<*xf32>
  call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  return
}

// The new vector ops inside affine loops next to scalar memref accesses:
// the passes (vectorize, unroll-jam, fuse, ...) must keep them as they are.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }

func.func @main() {
  %A = memref.alloc() : memref<8x4xf32>
  %B = memref.alloc() : memref<8x4xf32>
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 4 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %s = arith.muli %ii, %jj : i32
      %f = arith.sitofp %s : i32 to f32
      affine.store %f, %A[%i, %j] : memref<8x4xf32>
    }
  }
  affine.for %i = 0 to 8 {
    %z = arith.constant dense<0.0> : vector<4xf32>
    %row = affine.for %j = 0 to 4 iter_args(%v = %z) -> (vector<4xf32>) {
      %x = affine.load %A[%i, %j] : memref<8x4xf32>
      %jj = arith.index_cast %j : index to i32
      %w = vector.insertelement %x, %v[%jj : i32] : vector<4xf32>
      affine.yield %w : vector<4xf32>
    }
    %rev = vector.shuffle %row, %row [3, 2, 1, 0] : vector<4xf32>, vector<4xf32>
    %op = vector.outerproduct %rev, %one : vector<4xf32>, f32
    %m = vector.shape_cast %op : vector<4xf32> to vector<2x2xf32>
    %t = vector.transpose %m, [1, 0] : vector<2x2xf32> to vector<2x2xf32>
    %flat = vector.shape_cast %t : vector<2x2xf32> to vector<4xf32>
    %mask = vector.constant_mask [3] : vector<4xi1>
    %keep = vector.create_mask %i : vector<4xi1>
    %both = arith.andi %mask, %keep : vector<4xi1>
    %sel = arith.select %both, %flat, %z : vector<4xi1>, vector<4xf32>
    affine.for %j = 0 to 4 {
      %jj = arith.index_cast %j : index to i32
      %e = vector.extractelement %sel[%jj : i32] : vector<4xf32>
      affine.store %e, %B[%i, %j] : memref<8x4xf32>
    }
  }
  %U = memref.cast %B : memref<8x4xf32> to memref<*xf32>
  call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<8x4xf32>
  memref.dealloc %B : memref<8x4xf32>
  return
}

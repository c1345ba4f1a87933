// PIPELINE: vectorize
// Loops with symbolic bounds that may run zero times at run time: the vector
// loop runs from lb to min(end, ub), end = lb + ((ub - lb) floordiv 64) * 64,
// and the epilogue (vectorized again, 16 lanes, counting from end) from
// max(lb, end), so `40 to %n` with %n = 30 stores nothing and `%m to %n`
// with %m > %n sums nothing. With constant bounds (`%t to %t + 100` below,
// through a tile-like start) the min and max fold away.
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)
func.func @store(%A: memref<64xf32>, %n: index) {
  %one = arith.constant 1.0 : f32
  affine.for %j = 40 to %n {
    affine.store %one, %A[%j] : memref<64xf32>
  }
  return
}
func.func @sum(%A: memref<128xi32>, %m: index, %n: index) -> i32 {
  %zero = arith.constant 0 : i32
  %s = affine.for %j = %m to %n iter_args(%acc = %zero) -> (i32) {
    %x = affine.load %A[%j] : memref<128xi32>
    %y = arith.addi %acc, %x : i32
    affine.yield %y : i32
  }
  return %s : i32
}
func.func @shifted(%A: memref<128xi32>, %t: index) {
  %two = arith.constant 2 : i32
  affine.for %j = %t to affine_map<()[s0] -> (s0 + 100)>()[%t] {
    %x = affine.load %A[%j] : memref<128xi32>
    %y = arith.muli %x, %two : i32
    affine.store %y, %A[%j] : memref<128xi32>
  }
  return
}
func.func @main() {
  %A = memref.alloc() : memref<64xf32>
  %I = memref.alloc() : memref<128xi32>
  %R = memref.alloc() : memref<4xi32>
  %zero = arith.constant 0.0 : f32
  affine.for %k = 0 to 64 {
    affine.store %zero, %A[%k] : memref<64xf32>
  }
  affine.for %k = 0 to 128 {
    %kk = arith.index_cast %k : index to i32
    affine.store %kk, %I[%k] : memref<128xi32>
  }
  %c3 = arith.constant 3 : index
  %c20 = arith.constant 20 : index
  %c30 = arith.constant 30 : index
  %c50 = arith.constant 50 : index
  %c90 = arith.constant 90 : index
  %c128 = arith.constant 128 : index
  call @store(%A, %c30) : (memref<64xf32>, index) -> ()
  call @store(%A, %c50) : (memref<64xf32>, index) -> ()
  %s0 = call @sum(%I, %c50, %c30) : (memref<128xi32>, index, index) -> i32
  %s1 = call @sum(%I, %c30, %c50) : (memref<128xi32>, index, index) -> i32
  %s2 = call @sum(%I, %c20, %c128) : (memref<128xi32>, index, index) -> i32
  call @shifted(%I, %c3) : (memref<128xi32>, index) -> ()
  %s3 = call @sum(%I, %c90, %c128) : (memref<128xi32>, index, index) -> i32
  affine.store %s0, %R[0] : memref<4xi32>
  affine.store %s1, %R[1] : memref<4xi32>
  affine.store %s2, %R[2] : memref<4xi32>
  affine.store %s3, %R[3] : memref<4xi32>
  %UA = memref.cast %A : memref<64xf32> to memref<*xf32>
  call @printMemrefF32(%UA) : (memref<*xf32>) -> ()
  %UR = memref.cast %R : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  return
}

// Loops whose symbolic bounds make them run zero, one or a few times at run
// time, after vectorization: the vector loop runs up to min(end, ub) and the
// epilogue from max(lb, end), so a loop with ub < lb runs neither (before, the
// epilogue started below lb and wrote A[8..29] for `40 to %n` with n = 30).
// Stores, an integer sum and a compare-and-select maximum (kept exact without
// fast math), each called with n in {-5, 0, 1, 7, 8, 9, 17, 30, 63} and m in
// {0, 5, 40}.
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @store0(%A: memref<80xf32>, %n: index, %m: index) {
  %one = arith.constant 1.0 : f32
  affine.for %j = 40 to %n {
    %x = affine.load %A[%j] : memref<80xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %A[%j] : memref<80xf32>
  }
  return
}
func.func @sum0(%A: memref<80xi32>, %R: memref<2xi32>, %n: index, %m: index) {
  %init = affine.load %R[0] : memref<2xi32>
  %s = affine.for %j = 40 to %n iter_args(%acc = %init) -> (i32) {
    %x = affine.load %A[%j] : memref<80xi32>
    %y = arith.addi %acc, %x : i32
    affine.yield %y : i32
  }
  affine.store %s, %R[0] : memref<2xi32>
  return
}
func.func @max0(%A: memref<80xf32>, %R: memref<2xf32>, %n: index, %m: index) {
  %init = affine.load %R[1] : memref<2xf32>
  %s = affine.for %j = 40 to %n iter_args(%acc = %init) -> (f32) {
    %x = affine.load %A[%j] : memref<80xf32>
    %gt = arith.cmpf ogt, %x, %acc : f32
    %y = arith.select %gt, %x, %acc : f32
    affine.yield %y : f32
  }
  affine.store %s, %R[1] : memref<2xf32>
  return
}
func.func @store1(%A: memref<80xf32>, %n: index, %m: index) {
  %one = arith.constant 1.0 : f32
  affine.for %j = %m to %n {
    %x = affine.load %A[%j] : memref<80xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %A[%j] : memref<80xf32>
  }
  return
}
func.func @sum1(%A: memref<80xi32>, %R: memref<2xi32>, %n: index, %m: index) {
  %init = affine.load %R[0] : memref<2xi32>
  %s = affine.for %j = %m to %n iter_args(%acc = %init) -> (i32) {
    %x = affine.load %A[%j] : memref<80xi32>
    %y = arith.addi %acc, %x : i32
    affine.yield %y : i32
  }
  affine.store %s, %R[0] : memref<2xi32>
  return
}
func.func @max1(%A: memref<80xf32>, %R: memref<2xf32>, %n: index, %m: index) {
  %init = affine.load %R[1] : memref<2xf32>
  %s = affine.for %j = %m to %n iter_args(%acc = %init) -> (f32) {
    %x = affine.load %A[%j] : memref<80xf32>
    %gt = arith.cmpf ogt, %x, %acc : f32
    %y = arith.select %gt, %x, %acc : f32
    affine.yield %y : f32
  }
  affine.store %s, %R[1] : memref<2xf32>
  return
}
func.func @store2(%A: memref<80xf32>, %n: index, %m: index) {
  %one = arith.constant 1.0 : f32
  affine.for %j = 3 to affine_map<()[s0, s1] -> (s0 floordiv 2 + 1)>()[%n, %m] {
    %x = affine.load %A[%j] : memref<80xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %A[%j] : memref<80xf32>
  }
  return
}
func.func @sum2(%A: memref<80xi32>, %R: memref<2xi32>, %n: index, %m: index) {
  %init = affine.load %R[0] : memref<2xi32>
  %s = affine.for %j = 3 to affine_map<()[s0, s1] -> (s0 floordiv 2 + 1)>()[%n, %m] iter_args(%acc = %init) -> (i32) {
    %x = affine.load %A[%j] : memref<80xi32>
    %y = arith.addi %acc, %x : i32
    affine.yield %y : i32
  }
  affine.store %s, %R[0] : memref<2xi32>
  return
}
func.func @max2(%A: memref<80xf32>, %R: memref<2xf32>, %n: index, %m: index) {
  %init = affine.load %R[1] : memref<2xf32>
  %s = affine.for %j = 3 to affine_map<()[s0, s1] -> (s0 floordiv 2 + 1)>()[%n, %m] iter_args(%acc = %init) -> (f32) {
    %x = affine.load %A[%j] : memref<80xf32>
    %gt = arith.cmpf ogt, %x, %acc : f32
    %y = arith.select %gt, %x, %acc : f32
    affine.yield %y : f32
  }
  affine.store %s, %R[1] : memref<2xf32>
  return
}
func.func @store3(%A: memref<80xf32>, %n: index, %m: index) {
  %one = arith.constant 1.0 : f32
  affine.for %j = affine_map<()[s0, s1] -> (s1 + 2)>()[%n, %m] to affine_map<()[s0, s1] -> (s0 + 1)>()[%n, %m] {
    %x = affine.load %A[%j] : memref<80xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %A[%j] : memref<80xf32>
  }
  return
}
func.func @sum3(%A: memref<80xi32>, %R: memref<2xi32>, %n: index, %m: index) {
  %init = affine.load %R[0] : memref<2xi32>
  %s = affine.for %j = affine_map<()[s0, s1] -> (s1 + 2)>()[%n, %m] to affine_map<()[s0, s1] -> (s0 + 1)>()[%n, %m] iter_args(%acc = %init) -> (i32) {
    %x = affine.load %A[%j] : memref<80xi32>
    %y = arith.addi %acc, %x : i32
    affine.yield %y : i32
  }
  affine.store %s, %R[0] : memref<2xi32>
  return
}
func.func @max3(%A: memref<80xf32>, %R: memref<2xf32>, %n: index, %m: index) {
  %init = affine.load %R[1] : memref<2xf32>
  %s = affine.for %j = affine_map<()[s0, s1] -> (s1 + 2)>()[%n, %m] to affine_map<()[s0, s1] -> (s0 + 1)>()[%n, %m] iter_args(%acc = %init) -> (f32) {
    %x = affine.load %A[%j] : memref<80xf32>
    %gt = arith.cmpf ogt, %x, %acc : f32
    %y = arith.select %gt, %x, %acc : f32
    affine.yield %y : f32
  }
  affine.store %s, %R[1] : memref<2xf32>
  return
}
func.func @main() {
  %A = memref.alloc() : memref<80xf32>
  %I = memref.alloc() : memref<80xi32>
  %R = memref.alloc() : memref<2xi32>
  %F = memref.alloc() : memref<2xf32>
  %zero = arith.constant 0 : i32
  %fmin = arith.constant -1000.0 : f32
  affine.for %k = 0 to 80 {
    %kk = arith.index_cast %k : index to i32
    %f = arith.sitofp %kk : i32 to f32
    %g = arith.mulf %f, %f : f32
    affine.store %g, %A[%k] : memref<80xf32>
    affine.store %kk, %I[%k] : memref<80xi32>
  }
  affine.store %zero, %R[0] : memref<2xi32>
  affine.store %zero, %R[1] : memref<2xi32>
  affine.store %fmin, %F[0] : memref<2xf32>
  affine.store %fmin, %F[1] : memref<2xf32>
  %UA = memref.cast %A : memref<80xf32> to memref<*xf32>
  %UR = memref.cast %R : memref<2xi32> to memref<*xi32>
  %UF = memref.cast %F : memref<2xf32> to memref<*xf32>
  %n0 = arith.constant -5 : index
  %n5 = arith.constant 0 : index
  %n6 = arith.constant 1 : index
  %n12 = arith.constant 7 : index
  %n13 = arith.constant 8 : index
  %n14 = arith.constant 9 : index
  %n22 = arith.constant 17 : index
  %n35 = arith.constant 30 : index
  %n68 = arith.constant 63 : index
  %m0 = arith.constant 0 : index
  %m5 = arith.constant 5 : index
  %m40 = arith.constant 40 : index
  call @store0(%A, %n0, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum0(%I, %R, %n0, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max0(%A, %F, %n0, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store0(%A, %n5, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum0(%I, %R, %n5, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max0(%A, %F, %n5, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store0(%A, %n6, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum0(%I, %R, %n6, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max0(%A, %F, %n6, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store0(%A, %n12, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum0(%I, %R, %n12, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max0(%A, %F, %n12, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store0(%A, %n13, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum0(%I, %R, %n13, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max0(%A, %F, %n13, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store0(%A, %n14, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum0(%I, %R, %n14, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max0(%A, %F, %n14, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store0(%A, %n22, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum0(%I, %R, %n22, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max0(%A, %F, %n22, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store0(%A, %n35, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum0(%I, %R, %n35, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max0(%A, %F, %n35, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store0(%A, %n68, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum0(%I, %R, %n68, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max0(%A, %F, %n68, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @printMemrefF32(%UA) : (memref<*xf32>) -> ()
  call @store1(%A, %n0, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n0, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n0, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n0, %m5) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n0, %m5) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n0, %m5) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n0, %m40) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n0, %m40) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n0, %m40) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n5, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n5, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n5, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n5, %m5) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n5, %m5) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n5, %m5) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n5, %m40) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n5, %m40) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n5, %m40) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n6, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n6, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n6, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n6, %m5) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n6, %m5) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n6, %m5) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n6, %m40) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n6, %m40) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n6, %m40) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n12, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n12, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n12, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n12, %m5) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n12, %m5) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n12, %m5) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n12, %m40) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n12, %m40) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n12, %m40) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n13, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n13, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n13, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n13, %m5) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n13, %m5) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n13, %m5) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n13, %m40) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n13, %m40) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n13, %m40) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n14, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n14, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n14, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n14, %m5) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n14, %m5) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n14, %m5) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n14, %m40) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n14, %m40) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n14, %m40) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n22, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n22, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n22, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n22, %m5) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n22, %m5) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n22, %m5) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n22, %m40) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n22, %m40) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n22, %m40) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n35, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n35, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n35, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n35, %m5) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n35, %m5) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n35, %m5) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n35, %m40) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n35, %m40) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n35, %m40) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n68, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n68, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n68, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n68, %m5) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n68, %m5) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n68, %m5) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store1(%A, %n68, %m40) : (memref<80xf32>, index, index) -> ()
  call @sum1(%I, %R, %n68, %m40) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max1(%A, %F, %n68, %m40) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @printMemrefF32(%UA) : (memref<*xf32>) -> ()
  call @store2(%A, %n0, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum2(%I, %R, %n0, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max2(%A, %F, %n0, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store2(%A, %n5, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum2(%I, %R, %n5, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max2(%A, %F, %n5, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store2(%A, %n6, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum2(%I, %R, %n6, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max2(%A, %F, %n6, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store2(%A, %n12, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum2(%I, %R, %n12, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max2(%A, %F, %n12, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store2(%A, %n13, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum2(%I, %R, %n13, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max2(%A, %F, %n13, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store2(%A, %n14, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum2(%I, %R, %n14, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max2(%A, %F, %n14, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store2(%A, %n22, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum2(%I, %R, %n22, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max2(%A, %F, %n22, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store2(%A, %n35, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum2(%I, %R, %n35, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max2(%A, %F, %n35, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store2(%A, %n68, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum2(%I, %R, %n68, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max2(%A, %F, %n68, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @printMemrefF32(%UA) : (memref<*xf32>) -> ()
  call @store3(%A, %n0, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n0, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n0, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n0, %m5) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n0, %m5) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n0, %m5) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n0, %m40) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n0, %m40) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n0, %m40) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n5, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n5, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n5, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n5, %m5) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n5, %m5) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n5, %m5) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n5, %m40) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n5, %m40) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n5, %m40) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n6, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n6, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n6, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n6, %m5) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n6, %m5) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n6, %m5) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n6, %m40) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n6, %m40) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n6, %m40) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n12, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n12, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n12, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n12, %m5) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n12, %m5) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n12, %m5) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n12, %m40) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n12, %m40) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n12, %m40) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n13, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n13, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n13, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n13, %m5) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n13, %m5) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n13, %m5) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n13, %m40) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n13, %m40) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n13, %m40) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n14, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n14, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n14, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n14, %m5) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n14, %m5) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n14, %m5) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n14, %m40) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n14, %m40) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n14, %m40) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n22, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n22, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n22, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n22, %m5) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n22, %m5) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n22, %m5) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n22, %m40) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n22, %m40) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n22, %m40) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n35, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n35, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n35, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n35, %m5) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n35, %m5) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n35, %m5) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n35, %m40) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n35, %m40) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n35, %m40) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n68, %m0) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n68, %m0) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n68, %m0) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n68, %m5) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n68, %m5) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n68, %m5) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @store3(%A, %n68, %m40) : (memref<80xf32>, index, index) -> ()
  call @sum3(%I, %R, %n68, %m40) : (memref<80xi32>, memref<2xi32>, index, index) -> ()
  call @max3(%A, %F, %n68, %m40) : (memref<80xf32>, memref<2xf32>, index, index) -> ()
  call @printMemrefI32(%UR) : (memref<*xi32>) -> ()
  call @printMemrefF32(%UF) : (memref<*xf32>) -> ()
  call @printMemrefF32(%UA) : (memref<*xf32>) -> ()
  return
}


// PIPELINE: distribute
// Loops distribute must leave as they are. @first stores X[j][j] (strided
// along j) before a nest that reads X[i][j]: at j = i the nest reads what
// the store wrote in the same iteration. @ahead stores Y[2j] after a nest
// that reads Y[j]: the nest of a later j reads what the store of an
// earlier one wrote. @opaque calls a function in the loop. @both has a
// nest that is strided along j too (data[j][k]). @carried keeps its sum in
// an iter_arg that the transposed store uses, so the store cannot leave
// the loop without its value.
func.func private @printMemrefF32(memref<*xf32>)
func.func @observe(%m: memref<5x5xf32>) {
  %v = affine.load %m[1, 1] : memref<5x5xf32>
  %one = arith.constant 1.0 : f32
  %w = arith.addf %v, %one : f32
  affine.store %w, %m[1, 1] : memref<5x5xf32>
  return
}
func.func @first(%data: memref<7x5xf32>, %X: memref<5x5xf32>) {
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 5 {
      %d = affine.load %data[%j, %i] : memref<7x5xf32>
      affine.store %d, %X[%j, %j] : memref<5x5xf32>
      affine.for %k = 0 to 7 {
        %a = affine.load %X[%i, %j] : memref<5x5xf32>
        %b = affine.load %data[%k, %j] : memref<7x5xf32>
        %p = arith.addf %a, %b : f32
        affine.store %p, %data[%k, %j] : memref<7x5xf32>
      }
    }
  }
  return
}
func.func @ahead(%data: memref<7x5xf32>, %Y: memref<10xf32>) {
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 7 {
        %a = affine.load %Y[%j] : memref<10xf32>
        %b = affine.load %data[%k, %j] : memref<7x5xf32>
        %p = arith.addf %a, %b : f32
        affine.store %p, %data[%k, %j] : memref<7x5xf32>
      }
      %d = affine.load %data[%i, %j] : memref<7x5xf32>
      affine.store %d, %Y[2 * %j] : memref<10xf32>
    }
  }
  return
}
func.func @opaque(%data: memref<7x5xf32>, %cov: memref<5x5xf32>) {
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 7 {
        %b = affine.load %data[%k, %j] : memref<7x5xf32>
        affine.store %b, %cov[%i, %j] : memref<5x5xf32>
      }
      func.call @observe(%cov) : (memref<5x5xf32>) -> ()
      %t = affine.load %cov[%i, %j] : memref<5x5xf32>
      affine.store %t, %cov[%j, %i] : memref<5x5xf32>
    }
  }
  return
}
func.func @both(%data: memref<7x5xf32>, %cov: memref<5x5xf32>) {
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 5 {
        %b = affine.load %data[%j, %k] : memref<7x5xf32>
        affine.store %b, %cov[%i, %j] : memref<5x5xf32>
      }
      %t = affine.load %cov[%i, %j] : memref<5x5xf32>
      affine.store %t, %data[%j, %i] : memref<7x5xf32>
    }
  }
  return
}
func.func @carried(%data: memref<7x5xf32>, %cov: memref<5x5xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 5 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 5 {
      %s = affine.for %k = 0 to 7 iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %data[%k, %i] : memref<7x5xf32>
        %b = affine.load %data[%k, %j] : memref<7x5xf32>
        %p = arith.mulf %a, %b : f32
        %r = arith.addf %acc, %p : f32
        affine.yield %r : f32
      }
      affine.store %s, %cov[%i, %j] : memref<5x5xf32>
      affine.store %s, %cov[%j, %i] : memref<5x5xf32>
    }
  }
  return
}
func.func @main() {
  %data = memref.alloc() : memref<7x5xf32>
  %X = memref.alloc() : memref<5x5xf32>
  %Y = memref.alloc() : memref<10xf32>
  %dp = memref.cast %data : memref<7x5xf32> to memref<*xf32>
  %xp = memref.cast %X : memref<5x5xf32> to memref<*xf32>
  %yp = memref.cast %Y : memref<10xf32> to memref<*xf32>
  affine.for %k = 0 to 7 {
    affine.for %j = 0 to 5 {
      %kj = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1 * 5) mod 11)>(%k, %j)
      %i = arith.index_cast %kj : index to i32
      %f = arith.sitofp %i : i32 to f32
      affine.store %f, %data[%k, %j] : memref<7x5xf32>
    }
  }
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 5 {
      %ij = affine.apply affine_map<(d0, d1) -> (d0 - d1)>(%i, %j)
      %n = arith.index_cast %ij : index to i32
      %f = arith.sitofp %n : i32 to f32
      affine.store %f, %X[%i, %j] : memref<5x5xf32>
    }
  }
  affine.for %i = 0 to 10 {
    %n = arith.index_cast %i : index to i32
    %f = arith.sitofp %n : i32 to f32
    affine.store %f, %Y[%i] : memref<10xf32>
  }
  func.call @first(%data, %X) : (memref<7x5xf32>, memref<5x5xf32>) -> ()
  func.call @printMemrefF32(%dp) : (memref<*xf32>) -> ()
  func.call @printMemrefF32(%xp) : (memref<*xf32>) -> ()
  func.call @ahead(%data, %Y) : (memref<7x5xf32>, memref<10xf32>) -> ()
  func.call @printMemrefF32(%dp) : (memref<*xf32>) -> ()
  func.call @printMemrefF32(%yp) : (memref<*xf32>) -> ()
  func.call @opaque(%data, %X) : (memref<7x5xf32>, memref<5x5xf32>) -> ()
  func.call @printMemrefF32(%xp) : (memref<*xf32>) -> ()
  func.call @both(%data, %X) : (memref<7x5xf32>, memref<5x5xf32>) -> ()
  func.call @printMemrefF32(%dp) : (memref<*xf32>) -> ()
  func.call @printMemrefF32(%xp) : (memref<*xf32>) -> ()
  func.call @carried(%data, %X) : (memref<7x5xf32>, memref<5x5xf32>) -> ()
  func.call @printMemrefF32(%xp) : (memref<*xf32>) -> ()
  return
}

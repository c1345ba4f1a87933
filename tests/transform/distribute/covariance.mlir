// PIPELINE: distribute
// Covariance's triangular nest: the transposed store cov[j][i] is strided
// along j, so it moves into a loop %j of its own after the nest; the sums
// along k stay where they are, in order. @cov_load reloads cov[i][j] for
// the transposed store (PolyBench's C), @cov_value stores the quotient it
// already has: both keep their loads' values, since the copy runs after
// every sum of row i is done. @square runs over the whole square: its
// moved store writes column i, which row i's nest touches only at
// cov[i][i], in the iteration j = i, before the store; rows keep their
// order, so it moves too. @stepped keeps step 2 and the lower bound
// %i + 1, which leaves rows without any iteration, in both loops.
func.func private @printMemrefF32(memref<*xf32>)
func.func @cov_load(%data: memref<7x5xf32>, %cov: memref<5x5xf32>) {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 6.0 : f32
  affine.for %i = 0 to 5 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 5 {
      affine.store %zero, %cov[%i, %j] : memref<5x5xf32>
      affine.for %k = 0 to 7 {
        %a = affine.load %data[%k, %i] : memref<7x5xf32>
        %b = affine.load %data[%k, %j] : memref<7x5xf32>
        %p = arith.mulf %a, %b : f32
        %c = affine.load %cov[%i, %j] : memref<5x5xf32>
        %s = arith.addf %c, %p : f32
        affine.store %s, %cov[%i, %j] : memref<5x5xf32>
      }
      %c = affine.load %cov[%i, %j] : memref<5x5xf32>
      %q = arith.divf %c, %n : f32
      affine.store %q, %cov[%i, %j] : memref<5x5xf32>
      %t = affine.load %cov[%i, %j] : memref<5x5xf32>
      affine.store %t, %cov[%j, %i] : memref<5x5xf32>
    }
  }
  return
}
func.func @cov_value(%data: memref<7x5xf32>, %cov: memref<5x5xf32>) {
  affine.for %i = 0 to 5 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 5 {
      %zero = arith.constant 0.0 : f32
      affine.store %zero, %cov[%i, %j] : memref<5x5xf32>
      affine.for %k = 0 to 7 {
        %a = affine.load %data[%k, %i] : memref<7x5xf32>
        %b = affine.load %data[%k, %j] : memref<7x5xf32>
        %p = arith.mulf %a, %b : f32
        %c = affine.load %cov[%i, %j] : memref<5x5xf32>
        %s = arith.addf %c, %p : f32
        affine.store %s, %cov[%i, %j] : memref<5x5xf32>
      }
      %n = arith.constant 6.0 : f32
      %c = affine.load %cov[%i, %j] : memref<5x5xf32>
      %q = arith.divf %c, %n : f32
      affine.store %q, %cov[%i, %j] : memref<5x5xf32>
      affine.store %q, %cov[%j, %i] : memref<5x5xf32>
    }
  }
  return
}
func.func @stepped(%data: memref<7x5xf32>, %cov: memref<5x5xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 5 {
    affine.for %j = affine_map<(d0) -> (d0 + 1)>(%i) to 5 step 2 {
      affine.store %zero, %cov[%i, %j] : memref<5x5xf32>
      affine.for %k = 0 to 7 {
        %a = affine.load %data[%k, %i] : memref<7x5xf32>
        %b = affine.load %data[%k, %j] : memref<7x5xf32>
        %p = arith.mulf %a, %b : f32
        %c = affine.load %cov[%i, %j] : memref<5x5xf32>
        %s = arith.addf %c, %p : f32
        affine.store %s, %cov[%i, %j] : memref<5x5xf32>
      }
      %t = affine.load %cov[%i, %j] : memref<5x5xf32>
      affine.store %t, %cov[%j, %i] : memref<5x5xf32>
    }
  }
  return
}
func.func @square(%data: memref<7x5xf32>, %cov: memref<5x5xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 5 {
      affine.store %zero, %cov[%i, %j] : memref<5x5xf32>
      affine.for %k = 0 to 7 {
        %a = affine.load %data[%k, %i] : memref<7x5xf32>
        %b = affine.load %data[%k, %j] : memref<7x5xf32>
        %p = arith.mulf %a, %b : f32
        %c = affine.load %cov[%i, %j] : memref<5x5xf32>
        %s = arith.addf %c, %p : f32
        affine.store %s, %cov[%i, %j] : memref<5x5xf32>
      }
      %t = affine.load %cov[%i, %j] : memref<5x5xf32>
      %h = arith.constant 0.5 : f32
      %u = arith.mulf %t, %h : f32
      affine.store %u, %cov[%j, %i] : memref<5x5xf32>
    }
  }
  return
}
func.func @fill(%cov: memref<5x5xf32>, %v: f32) {
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 5 {
      affine.store %v, %cov[%i, %j] : memref<5x5xf32>
    }
  }
  return
}
func.func @main() {
  %data = memref.alloc() : memref<7x5xf32>
  %cov = memref.alloc() : memref<5x5xf32>
  %c = memref.cast %cov : memref<5x5xf32> to memref<*xf32>
  affine.for %k = 0 to 7 {
    affine.for %j = 0 to 5 {
      %kj = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1 * 5) mod 11)>(%k, %j)
      %i = arith.index_cast %kj : index to i32
      %f = arith.sitofp %i : i32 to f32
      %eighth = arith.constant 0.375 : f32
      %v = arith.subf %f, %eighth : f32
      affine.store %v, %data[%k, %j] : memref<7x5xf32>
    }
  }
  %m = arith.constant -1.0 : f32
  func.call @fill(%cov, %m) : (memref<5x5xf32>, f32) -> ()
  func.call @cov_load(%data, %cov) : (memref<7x5xf32>, memref<5x5xf32>) -> ()
  func.call @printMemrefF32(%c) : (memref<*xf32>) -> ()
  func.call @fill(%cov, %m) : (memref<5x5xf32>, f32) -> ()
  func.call @cov_value(%data, %cov) : (memref<7x5xf32>, memref<5x5xf32>) -> ()
  func.call @printMemrefF32(%c) : (memref<*xf32>) -> ()
  func.call @fill(%cov, %m) : (memref<5x5xf32>, f32) -> ()
  func.call @square(%data, %cov) : (memref<7x5xf32>, memref<5x5xf32>) -> ()
  func.call @printMemrefF32(%c) : (memref<*xf32>) -> ()
  func.call @fill(%cov, %m) : (memref<5x5xf32>, f32) -> ()
  func.call @stepped(%data, %cov) : (memref<7x5xf32>, memref<5x5xf32>) -> ()
  func.call @printMemrefF32(%c) : (memref<*xf32>) -> ()
  return
}

// PIPELINE: distribute,split-triangle
// Triangular nests split into blocks of register-block rows (6 rows with
// the 512-bit vectors these files are written for: 24 accumulator
// registers of 32 over one sum of 4 registers per row). @cov is
// covariance's sums after distribute: 13 rows, two blocks and a row left.
// @offset starts each row two columns right of the diagonal and ends at a
// run-time %n, which leaves rows empty when it is small. @iter keeps its
// sum in iter_args. Each row runs the same columns, in the same order.
func.func private @printMemrefF32(memref<*xf32>)
func.func @cov(%data: memref<3x13xf32>, %C: memref<13x13xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 13 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 13 {
      affine.store %zero, %C[%i, %j] : memref<13x13xf32>
      affine.for %k = 0 to 3 {
        %a = affine.load %data[%k, %i] : memref<3x13xf32>
        %b = affine.load %data[%k, %j] : memref<3x13xf32>
        %p = arith.mulf %a, %b : f32
        %c = affine.load %C[%i, %j] : memref<13x13xf32>
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<13x13xf32>
      }
      %t = affine.load %C[%i, %j] : memref<13x13xf32>
      affine.store %t, %C[%j, %i] : memref<13x13xf32>
    }
  }
  return
}
func.func @offset(%data: memref<3x13xf32>, %C: memref<13x13xf32>, %n: index) {
  affine.for %i = 0 to 13 {
    affine.for %j = affine_map<(d0) -> (d0 + 2)>(%i) to affine_map<()[s0] -> (s0)>()[%n] {
      affine.for %k = 0 to 3 {
        %a = affine.load %data[%k, %i] : memref<3x13xf32>
        %b = affine.load %data[%k, %j] : memref<3x13xf32>
        %p = arith.mulf %a, %b : f32
        %c = affine.load %C[%i, %j] : memref<13x13xf32>
        %s = arith.subf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<13x13xf32>
      }
    }
  }
  return
}
func.func @iter(%data: memref<3x13xf32>, %C: memref<13x13xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 13 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 13 {
      %s = affine.for %k = 0 to 3 iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %data[%k, %i] : memref<3x13xf32>
        %b = affine.load %data[%k, %j] : memref<3x13xf32>
        %p = arith.mulf %a, %b : f32
        %r = arith.addf %acc, %p : f32
        affine.yield %r : f32
      }
      %c = affine.load %C[%i, %j] : memref<13x13xf32>
      %m = arith.mulf %c, %s : f32
      affine.store %m, %C[%i, %j] : memref<13x13xf32>
    }
  }
  return
}
func.func @main() {
  %data = memref.alloc() : memref<3x13xf32>
  %C = memref.alloc() : memref<13x13xf32>
  %cp = memref.cast %C : memref<13x13xf32> to memref<*xf32>
  affine.for %k = 0 to 3 {
    affine.for %j = 0 to 13 {
      %kj = affine.apply affine_map<(d0, d1) -> ((d0 * 5 + d1 * 3) mod 11)>(%k, %j)
      %i = arith.index_cast %kj : index to i32
      %f = arith.sitofp %i : i32 to f32
      %q = arith.constant 0.125 : f32
      %v = arith.subf %f, %q : f32
      affine.store %v, %data[%k, %j] : memref<3x13xf32>
    }
  }
  %one = arith.constant 1.5 : f32
  affine.for %i = 0 to 13 {
    affine.for %j = 0 to 13 {
      affine.store %one, %C[%i, %j] : memref<13x13xf32>
    }
  }
  func.call @cov(%data, %C) : (memref<3x13xf32>, memref<13x13xf32>) -> ()
  func.call @printMemrefF32(%cp) : (memref<*xf32>) -> ()
  %n11 = arith.constant 11 : index
  func.call @offset(%data, %C, %n11) : (memref<3x13xf32>, memref<13x13xf32>, index) -> ()
  func.call @printMemrefF32(%cp) : (memref<*xf32>) -> ()
  %n3 = arith.constant 3 : index
  func.call @offset(%data, %C, %n3) : (memref<3x13xf32>, memref<13x13xf32>, index) -> ()
  func.call @printMemrefF32(%cp) : (memref<*xf32>) -> ()
  func.call @iter(%data, %C) : (memref<3x13xf32>, memref<13x13xf32>) -> ()
  func.call @printMemrefF32(%cp) : (memref<*xf32>) -> ()
  return
}

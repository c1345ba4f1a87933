// PIPELINE: interchange
// Reductions interchange must leave where they are. @colsum accumulates
// s[j] along i, but A[i,j] moves along both loops and is reused by none:
// running i innermost would walk A down its columns instead of streaming
// it. @skewed accumulates X[j] along k (B[k] is reused across j), but
// X[j] also reads X[j + 1], which the previous k iteration wrote after
// this j's store: the dependence has direction (<, >), and with k
// innermost it would run backwards.
func.func private @printMemrefF32(memref<*xf32>)
func.func @colsum(%A: memref<4x6xf32>, %s: memref<6xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      %a = affine.load %A[%i, %j] : memref<4x6xf32>
      %c = affine.load %s[%j] : memref<6xf32>
      %t = arith.addf %c, %a : f32
      affine.store %t, %s[%j] : memref<6xf32>
    }
  }
  return
}
func.func @skewed(%X: memref<7xf32>, %B: memref<4xf32>) {
  affine.for %k = 0 to 4 {
    affine.for %j = 0 to 6 {
      %b = affine.load %B[%k] : memref<4xf32>
      %n = affine.load %X[%j + 1] : memref<7xf32>
      %p = arith.mulf %b, %n : f32
      %x = affine.load %X[%j] : memref<7xf32>
      %t = arith.addf %x, %p : f32
      affine.store %t, %X[%j] : memref<7xf32>
    }
  }
  return
}
func.func @main() {
  %A = memref.alloc() : memref<4x6xf32>
  %s = memref.alloc() : memref<6xf32>
  %X = memref.alloc() : memref<7xf32>
  %B = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 6 + d1)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      %x = arith.sitofp %w : i32 to f32
      affine.store %x, %A[%i, %j] : memref<4x6xf32>
    }
    %v = arith.index_cast %i : index to i32
    %x = arith.sitofp %v : i32 to f32
    %h = arith.constant 0.5 : f32
    %y = arith.mulf %x, %h : f32
    affine.store %y, %B[%i] : memref<4xf32>
  }
  affine.for %j = 0 to 7 {
    %v = arith.index_cast %j : index to i32
    %x = arith.sitofp %v : i32 to f32
    affine.store %x, %X[%j] : memref<7xf32>
  }
  affine.for %j = 0 to 6 {
    %z = arith.constant 0.0 : f32
    affine.store %z, %s[%j] : memref<6xf32>
  }
  func.call @colsum(%A, %s) : (memref<4x6xf32>, memref<6xf32>) -> ()
  func.call @skewed(%X, %B) : (memref<7xf32>, memref<4xf32>) -> ()
  %ps = memref.cast %s : memref<6xf32> to memref<*xf32>
  call @printMemrefF32(%ps) : (memref<*xf32>) -> ()
  %px = memref.cast %X : memref<7xf32> to memref<*xf32>
  call @printMemrefF32(%px) : (memref<*xf32>) -> ()
  return
}

// PIPELINE: scalrep,unroll-jam
// Row loops whose trip count is known only at run time, blocked all the
// same: @symbolic's rows run from 0 to %n, @range's from %lo to %hi, and
// @lower's j from 0 to i + 1 (syrk's triangle, blocked along j). The
// jammed loop runs to lb + ((ub - lb) floordiv U) * U and the loop itself
// then from the max of that and lb, so it stays empty when ub < lb
// (@range from 5 to 2), and rows short of a block (%n = 3) run in it
// alone. @band's 7 rows from %s are a constant trip count without constant
// bounds.
func.func private @printMemrefF32(memref<*xf32>)
func.func @symbolic(%A: memref<?x4xf32>, %B: memref<4x4xf32>, %C: memref<?x4xf32>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %k = 0 to 4 {
      %a = affine.load %A[%i, %k] : memref<?x4xf32>
      %b = affine.load %B[%k, 1] : memref<4x4xf32>
      %c = affine.load %C[%i, 2] : memref<?x4xf32>
      %p = arith.mulf %a, %b : f32
      %q = arith.addf %c, %p : f32
      affine.store %q, %C[%i, 2] : memref<?x4xf32>
    }
  }
  return
}
func.func @range(%A: memref<?x4xf32>, %B: memref<4x4xf32>, %C: memref<?x4xf32>, %lo: index, %hi: index) {
  affine.for %i = %lo to %hi {
    affine.for %k = 0 to 4 {
      %a = affine.load %A[%i, %k] : memref<?x4xf32>
      %b = affine.load %B[%k, 1] : memref<4x4xf32>
      %c = affine.load %C[%i, 2] : memref<?x4xf32>
      %p = arith.mulf %a, %b : f32
      %q = arith.subf %c, %p : f32
      affine.store %q, %C[%i, 2] : memref<?x4xf32>
    }
  }
  return
}
func.func @band(%A: memref<?x4xf32>, %B: memref<4x4xf32>, %C: memref<?x4xf32>, %s: index) {
  affine.for %i = affine_map<()[s0] -> (s0)>()[%s] to affine_map<()[s0] -> (s0 + 7)>()[%s] {
    affine.for %k = 0 to 4 {
      %a = affine.load %A[%i, %k] : memref<?x4xf32>
      %b = affine.load %B[%k, 3] : memref<4x4xf32>
      %c = affine.load %C[%i, 1] : memref<?x4xf32>
      %p = arith.mulf %a, %b : f32
      %q = arith.addf %c, %p : f32
      affine.store %q, %C[%i, 1] : memref<?x4xf32>
    }
  }
  return
}
func.func @lower(%A: memref<?x4xf32>, %C: memref<?x11xf32>) {
  affine.for %i = 0 to 11 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %k] : memref<?x4xf32>
        %b = affine.load %A[%j, %k] : memref<?x4xf32>
        %c = affine.load %C[%i, %j] : memref<?x11xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %c, %p : f32
        affine.store %q, %C[%i, %j] : memref<?x11xf32>
      }
    }
  }
  return
}
func.func @main() {
  %A = memref.alloc() : memref<11x4xf32>
  %B = memref.alloc() : memref<4x4xf32>
  %C = memref.alloc() : memref<11x4xf32>
  %L = memref.alloc() : memref<11x11xf32>
  affine.for %i = 0 to 11 {
    affine.for %k = 0 to 4 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1 + 1) mod 7)>(%i, %k)
      %w = arith.index_cast %v : index to i32
      %x = arith.sitofp %w : i32 to f32
      %y = arith.constant 0.375 : f32
      %z = arith.subf %x, %y : f32
      affine.store %z, %A[%i, %k] : memref<11x4xf32>
      %c = arith.constant 0.5 : f32
      affine.store %c, %C[%i, %k] : memref<11x4xf32>
    }
    affine.for %j = 0 to 11 {
      %c = arith.constant 0.25 : f32
      affine.store %c, %L[%i, %j] : memref<11x11xf32>
    }
  }
  affine.for %k = 0 to 4 {
    affine.for %j = 0 to 4 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 2 - d1)>(%k, %j)
      %w = arith.index_cast %v : index to i32
      %x = arith.sitofp %w : i32 to f32
      %y = arith.constant 0.125 : f32
      %z = arith.mulf %x, %y : f32
      affine.store %z, %B[%k, %j] : memref<4x4xf32>
    }
  }
  %Ad = memref.cast %A : memref<11x4xf32> to memref<?x4xf32>
  %Cd = memref.cast %C : memref<11x4xf32> to memref<?x4xf32>
  %Ld = memref.cast %L : memref<11x11xf32> to memref<?x11xf32>
  %n11 = arith.constant 11 : index
  %n3 = arith.constant 3 : index
  %n0 = arith.constant 0 : index
  %n5 = arith.constant 5 : index
  %n2 = arith.constant 2 : index
  func.call @symbolic(%Ad, %B, %Cd, %n11) : (memref<?x4xf32>, memref<4x4xf32>, memref<?x4xf32>, index) -> ()
  func.call @symbolic(%Ad, %B, %Cd, %n3) : (memref<?x4xf32>, memref<4x4xf32>, memref<?x4xf32>, index) -> ()
  func.call @symbolic(%Ad, %B, %Cd, %n0) : (memref<?x4xf32>, memref<4x4xf32>, memref<?x4xf32>, index) -> ()
  func.call @range(%Ad, %B, %Cd, %n2, %n11) : (memref<?x4xf32>, memref<4x4xf32>, memref<?x4xf32>, index, index) -> ()
  func.call @range(%Ad, %B, %Cd, %n5, %n2) : (memref<?x4xf32>, memref<4x4xf32>, memref<?x4xf32>, index, index) -> ()
  func.call @band(%Ad, %B, %Cd, %n3) : (memref<?x4xf32>, memref<4x4xf32>, memref<?x4xf32>, index) -> ()
  func.call @lower(%Ad, %Ld) : (memref<?x4xf32>, memref<?x11xf32>) -> ()
  %pc = memref.cast %C : memref<11x4xf32> to memref<*xf32>
  call @printMemrefF32(%pc) : (memref<*xf32>) -> ()
  %pl = memref.cast %L : memref<11x11xf32> to memref<*xf32>
  call @printMemrefF32(%pl) : (memref<*xf32>) -> ()
  return
}

// PIPELINE: reassociate
// A sum whose ops may be reassociated (fastmath<reassoc>) and whose terms
// include A[i][j-1], stored by the previous iteration of j, is rebuilt
// with that term last, so each iteration waits for one addition after the
// previous one's store instead of six; the new additions carry
// {affjit.ordered} so that LLVM keeps the order. The values are small
// multiples of 1/2, exact in any order, so the output is the same. The
// same holds under an affine.parallel (its dimension counts among the
// loops the dependence is checked at). Left
// alone: the same sum without reassoc flags, and one whose carried term
// already comes last.
func.func private @printMemrefF32(memref<*xf32>)

func.func @seidel(%A: memref<8x8xf32>) {
  %half = arith.constant 0.5 : f32
  affine.for %i = 1 to 7 {
    affine.for %j = 1 to 7 {
      %a0 = affine.load %A[%i - 1, %j] : memref<8x8xf32>
      %a1 = affine.load %A[%i, %j - 1] : memref<8x8xf32>
      %a2 = affine.load %A[%i, %j] : memref<8x8xf32>
      %a3 = affine.load %A[%i, %j + 1] : memref<8x8xf32>
      %a4 = affine.load %A[%i + 1, %j] : memref<8x8xf32>
      %s1 = arith.addf %a0, %a1 fastmath<reassoc> : f32
      %s2 = arith.addf %s1, %a2 fastmath<reassoc> : f32
      %s3 = arith.addf %s2, %a3 fastmath<reassoc> : f32
      %s4 = arith.addf %s3, %a4 fastmath<reassoc> : f32
      %v = arith.mulf %s4, %half : f32
      affine.store %v, %A[%i, %j] : memref<8x8xf32>
    }
  }
  return
}

func.func @under_parallel(%A: memref<8x8xf32>) {
  %half = arith.constant 0.5 : f32
  affine.parallel (%p) = (0) to (1) {
    affine.for %i = 1 to 7 {
      affine.for %j = 1 to 7 {
        %a0 = affine.load %A[%i - 1, %j] : memref<8x8xf32>
        %a1 = affine.load %A[%i, %j - 1] : memref<8x8xf32>
        %a2 = affine.load %A[%i, %j] : memref<8x8xf32>
        %s1 = arith.addf %a0, %a1 fastmath<reassoc> : f32
        %s2 = arith.addf %s1, %a2 fastmath<reassoc> : f32
        %v = arith.mulf %s2, %half : f32
        affine.store %v, %A[%i, %j] : memref<8x8xf32>
      }
    }
  }
  return
}

func.func @left_alone(%A: memref<8x8xf32>) {
  %half = arith.constant 0.5 : f32
  affine.for %i = 1 to 7 {
    affine.for %j = 1 to 7 {
      %a0 = affine.load %A[%i - 1, %j] : memref<8x8xf32>
      %a1 = affine.load %A[%i, %j - 1] : memref<8x8xf32>
      %a2 = affine.load %A[%i, %j] : memref<8x8xf32>
      %s1 = arith.addf %a0, %a1 : f32
      %s2 = arith.addf %s1, %a2 : f32
      %v = arith.mulf %s2, %half : f32
      affine.store %v, %A[%i, %j] : memref<8x8xf32>
    }
  }
  affine.for %i = 1 to 7 {
    affine.for %j = 1 to 7 {
      %a0 = affine.load %A[%i - 1, %j] : memref<8x8xf32>
      %a2 = affine.load %A[%i, %j] : memref<8x8xf32>
      %a1 = affine.load %A[%i, %j - 1] : memref<8x8xf32>
      %s1 = arith.addf %a0, %a2 fastmath<reassoc> : f32
      %s2 = arith.addf %s1, %a1 fastmath<reassoc> : f32
      %v = arith.mulf %s2, %half : f32
      affine.store %v, %A[%i, %j] : memref<8x8xf32>
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<8x8xf32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.apply affine_map<(d0, d1) -> ((d0 * 5 + d1 * 3) mod 7)>(%i, %j)
      %c = arith.index_cast %x : index to i32
      %f = arith.sitofp %c : i32 to f32
      affine.store %f, %A[%i, %j] : memref<8x8xf32>
    }
  }
  call @seidel(%A) : (memref<8x8xf32>) -> ()
  call @under_parallel(%A) : (memref<8x8xf32>) -> ()
  call @left_alone(%A) : (memref<8x8xf32>) -> ()
  %p = memref.cast %A : memref<8x8xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  return
}

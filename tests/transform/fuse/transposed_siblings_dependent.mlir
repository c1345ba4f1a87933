// PIPELINE: fuse
// A sibling whose interchange would reverse a dependence: x2[i] starts from
// the finished x2[i - 1], so its rows cannot run interleaved; fuse leaves
// it (and the interchange it tried is undone or never made).
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %A = memref.alloc() : memref<5x9xf32>
  %x1 = memref.alloc() : memref<5xf32>
  %y1 = memref.alloc() : memref<9xf32>
  %x2 = memref.alloc() : memref<9xf32>
  %y2 = memref.alloc() : memref<5xf32>
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 9 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 7 + d1 * 3) mod 11)>(%i, %j)
      %c = arith.index_cast %v : index to i32
      %f = arith.sitofp %c : i32 to f32
      affine.store %f, %A[%i, %j] : memref<5x9xf32>
    }
  }
  affine.for %i = 0 to 5 {
    %c = arith.index_cast %i : index to i32
    %f = arith.sitofp %c : i32 to f32
    affine.store %f, %x1[%i] : memref<5xf32>
    affine.store %f, %y2[%i] : memref<5xf32>
  }
  affine.for %j = 0 to 9 {
    %c = arith.index_cast %j : index to i32
    %f = arith.sitofp %c : i32 to f32
    affine.store %f, %y1[%j] : memref<9xf32>
    affine.store %f, %x2[%j] : memref<9xf32>
  }
  %pA = memref.cast %A : memref<5x9xf32> to memref<*xf32>
  call @printMemrefF32(%pA) : (memref<*xf32>) -> ()
  %p1 = memref.cast %x1 : memref<5xf32> to memref<*xf32>
  call @printMemrefF32(%p1) : (memref<*xf32>) -> ()
  %p2 = memref.cast %x2 : memref<9xf32> to memref<*xf32>
  call @printMemrefF32(%p2) : (memref<*xf32>) -> ()
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 9 {
      %o = affine.load %x1[%i] : memref<5xf32>
      %a = affine.load %A[%i, %j] : memref<5x9xf32>
      %y = affine.load %y1[%j] : memref<9xf32>
      %p = arith.mulf %a, %y : f32
      %s = arith.addf %o, %p : f32
      affine.store %s, %x1[%i] : memref<5xf32>
    }
  }
  affine.for %i = 1 to 9 {
    affine.for %j = 0 to 5 {
      %o = affine.load %x2[%i] : memref<9xf32>
      %q = affine.load %x2[%i - 1] : memref<9xf32>
      %a = affine.load %A[%j, %i] : memref<5x9xf32>
      %y = affine.load %y2[%j] : memref<5xf32>
      %p = arith.mulf %a, %y : f32
      %r = arith.addf %o, %p : f32
      %s = arith.addf %r, %q : f32
      affine.store %s, %x2[%i] : memref<9xf32>
    }
  }
  call @printMemrefF32(%p1) : (memref<*xf32>) -> ()
  call @printMemrefF32(%p2) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<5x9xf32>
  memref.dealloc %x1 : memref<5xf32>
  memref.dealloc %y1 : memref<9xf32>
  memref.dealloc %x2 : memref<9xf32>
  memref.dealloc %y2 : memref<5xf32>
  return
}

// PIPELINE: fuse
// A producer of step 4 (it writes T[0], T[4], ...; the rest of T keeps the
// zeros written before it) fused into a consumer of step 1 that reads every
// element: the slice is `[d0 (on step 4)]`, and the cloned producer loop
// keeps its step and starts at d0 rounded up onto its lattice
// (`(d0 ceildiv 4) * 4`), so it runs only when d0 is one of its iterations.
// A producer of step 2 fused into a consumer of step 4 from the same start
// needs no rounding: every consumer iteration is a producer iteration, and
// the slice, one iteration, is promoted.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c = arith.constant 1.5 : f32
  %z = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<16xf32>
  %T = memref.alloc() : memref<16xf32>
  %O = memref.alloc() : memref<16xf32>
  %T2 = memref.alloc() : memref<16xf32>
  %O2 = memref.alloc() : memref<16xf32>
  affine.for %k = 0 to 16 {
    %kk = arith.index_cast %k : index to i32
    %f = arith.sitofp %kk : i32 to f32
    affine.store %f, %A[%k] : memref<16xf32>
    affine.store %z, %O2[%k] : memref<16xf32>
  }
  %UA = memref.cast %A : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%UA) : (memref<*xf32>) -> ()
  affine.for %k = 0 to 16 {
    affine.store %z, %T[%k] : memref<16xf32>
  }
  affine.for %i = 0 to 16 step 4 {
    %a = affine.load %A[%i] : memref<16xf32>
    %b = arith.addf %a, %c : f32
    affine.store %b, %T[%i] : memref<16xf32>
  }
  affine.for %j = 0 to 16 {
    %x = affine.load %T[%j] : memref<16xf32>
    %h1 = arith.mulf %x, %c : f32
    %h2 = arith.addf %h1, %c : f32
    %h3 = arith.mulf %h2, %c : f32
    %h4 = arith.subf %h3, %c : f32
    %h5 = arith.mulf %h4, %c : f32
    %h6 = arith.addf %h5, %c : f32
    %h7 = arith.mulf %h6, %c : f32
    %h8 = arith.subf %h7, %c : f32
    %h9 = arith.mulf %h8, %c : f32
    %h10 = arith.addf %h9, %x : f32
    affine.store %h10, %O[%j] : memref<16xf32>
  }
  affine.for %i = 0 to 16 step 2 {
    %a = affine.load %A[%i] : memref<16xf32>
    %b = arith.mulf %a, %c : f32
    affine.store %b, %T2[%i] : memref<16xf32>
  }
  affine.for %j = 0 to 16 step 4 {
    %x = affine.load %T2[%j] : memref<16xf32>
    %y = arith.addf %x, %c : f32
    affine.store %y, %O2[%j] : memref<16xf32>
  }
  %UO = memref.cast %O : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%UO) : (memref<*xf32>) -> ()
  %UO2 = memref.cast %O2 : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%UO2) : (memref<*xf32>) -> ()
  return
}

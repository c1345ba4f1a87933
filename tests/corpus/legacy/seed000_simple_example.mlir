// Seed 000 affine.for @simple_example in its original spelling (func, dim with an integer literal,
// call, return); only the external declarations of @F1/@F2 were added.
#map57 = affine_map<(d0)[s0] -> (s0 - d0 - 1)>
func private @F1(memref<?x?xf32>, index, index) -> f32
func private @F2(f32, memref<?x?xf32>, index, index)
func @simple_example(%A: memref<?x?xf32>, %B: memref<?x?xf32>) {
  %N = dim %A, 0 : memref<?x?xf32>
  affine.for %i = 0 to %N step 1 {
    affine.for %j = 0 to %N {   // implicitly steps by 1
      %0 = affine.apply #map57(%j)[%N]
      %tmp = call @F1(%A, %i, %0) : (memref<?x?xf32>, index, index)->(f32)
      call @F2(%tmp, %B, %i, %0) : (f32, memref<?x?xf32>, index, index)->()
    }
  }
  return
}

// Subscript lists and bounds written over several lines, as long ones are;
// affine.parallel without induction variables.
func.func @over_lines(%arg0: index, %arg1: index) {
  %0 = memref.alloc() : memref<100x100xf32>
  affine.for %i0 = 0 to 10 {
    affine.for %i1 = 0 to 10 {
      %1 = affine.load %0[(%i0 + symbol(%arg0)) floordiv 3 + 11,
                          (%i1 + symbol(%arg1)) mod 4 + 7] : memref<100x100xf32>
      affine.store %1, %0[
          %i0 + 1,
          %i1] : memref<100x100xf32>
    }
  }
  affine.parallel () = () to () {
    affine.yield
  }
  return
}

// affine.delinearize_index over static and dynamic bases, for indices in
// and beyond the basis' range (the first result is not reduced).
func.func @main() {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %m = memref.alloc() : memref<1xindex>
  affine.store %c4, %m[0] : memref<1xindex>
  %b = affine.load %m[0] : memref<1xindex>
  affine.for %i = 0 to 30 step 7 {
    %r:3 = affine.delinearize_index %i into (%c3, %b, %c3) : index, index, index
    vector.print %r#0 : index
    vector.print %r#1 : index
    vector.print %r#2 : index
  }
  %big = arith.constant 100 : index
  %q:2 = affine.delinearize_index %big into (%c3, %b) : index, index
  vector.print %q#0 : index
  vector.print %q#1 : index
  return
}

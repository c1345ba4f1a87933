// cf.assert whose condition holds: nothing is printed and the program goes
// on, in straight-line code, in an affine.for (a condition computed from
// the induction variable) and in an affine.parallel.
func.func @main() {
  %t = arith.constant true
  cf.assert %t, "constant true must not fire"
  %acc = memref.alloc() : memref<1xi32>
  %z = arith.constant 0 : i32
  affine.store %z, %acc[0] : memref<1xi32>
  %c10 = arith.constant 10 : index
  affine.for %i = 0 to 10 {
    %in = arith.cmpi ult, %i, %c10 : index
    cf.assert %in, "induction variable out of range"
    %v = affine.load %acc[0] : memref<1xi32>
    %ii = arith.index_cast %i : index to i32
    %s = arith.addi %v, %ii : i32
    %pos = arith.cmpi sge, %s, %z : i32
    cf.assert %pos, "sum went negative"
    affine.store %s, %acc[0] : memref<1xi32>
  }
  %r = affine.load %acc[0] : memref<1xi32>
  vector.print %r : i32
  %c0 = arith.constant 0 : index
  affine.parallel (%i) = (0) to (1000) {
    %ok = arith.cmpi uge, %i, %c0 : index
    cf.assert %ok, "parallel index negative"
  }
  %f = arith.constant 2.5 : f32
  vector.print %f : f32
  memref.dealloc %acc : memref<1xi32>
  return
}

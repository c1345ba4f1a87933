// RUN-MLIR-EXTRA-PASSES: --arith-expand
// arith.ceildivui on values where a + d - 1 would wrap, on zero, and on
// vectors; operands from memory so nothing folds them.
func.func @main() {
  %m = memref.alloc() : memref<4xi8>
  %n = arith.constant dense<[0, 255, 254, 7]> : vector<4xi8>
  %d = arith.constant dense<[3, 2, -1, 7]> : vector<4xi8>
  %c0 = arith.constant 0 : index
  vector.store %n, %m[%c0] : memref<4xi8>, vector<4xi8>
  %a = vector.load %m[%c0] : memref<4xi8>, vector<4xi8>
  %q = arith.ceildivui %a, %d : vector<4xi8>
  vector.print %q : vector<4xi8>
  affine.for %i = 0 to 4 {
    %x = affine.load %m[%i] : memref<4xi8>
    %y = vector.extract %d[%i] : i8 from vector<4xi8>
    %r = arith.ceildivui %x, %y : i8
    vector.print %r : i8
  }
  return
}

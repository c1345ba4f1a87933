// arith.addui_extended (sum and carry) and mulsi/mului_extended (low and
// high halves of the double-width product), on scalars of several widths
// and on vectors; the operands come from memory so nothing folds them.
func.func @main() {
  %m = memref.alloc() : memref<4xi8>
  %w = memref.alloc() : memref<4xi32>
  %bytes = arith.constant dense<[-1, 127, -128, 3]> : vector<4xi8>
  %words = arith.constant dense<[-1, 65536, -2147483648, 7]> : vector<4xi32>
  %c0 = arith.constant 0 : index
  vector.store %bytes, %m[%c0] : memref<4xi8>, vector<4xi8>
  vector.store %words, %w[%c0] : memref<4xi32>, vector<4xi32>
  %b = vector.load %m[%c0] : memref<4xi8>, vector<4xi8>
  %v = vector.load %w[%c0] : memref<4xi32>, vector<4xi32>
  %s, %o = arith.addui_extended %b, %b : vector<4xi8>, vector<4xi1>
  vector.print %s : vector<4xi8>
  vector.print %o : vector<4xi1>
  %lo, %hi = arith.mulsi_extended %v, %v : vector<4xi32>
  vector.print %lo : vector<4xi32>
  vector.print %hi : vector<4xi32>
  %ulo, %uhi = arith.mului_extended %v, %v : vector<4xi32>
  vector.print %ulo : vector<4xi32>
  vector.print %uhi : vector<4xi32>
  affine.for %i = 0 to 4 {
    %x = affine.load %m[%i] : memref<4xi8>
    %y = affine.load %m[3 - %i] : memref<4xi8>
    %sum, %carry = arith.addui_extended %x, %y : i8, i1
    %l, %h = arith.mulsi_extended %x, %y : i8
    %ul, %uh = arith.mului_extended %x, %y : i8
    vector.print %sum : i8
    vector.print %carry : i1
    vector.print %h : i8
    vector.print %uh : i8
  }
  %t = arith.constant 1 : i1
  %ts, %tc = arith.addui_extended %t, %t : i1, i1
  vector.print %ts : i1
  vector.print %tc : i1
  return
}

// outerproduct: 1-D x 1-D -> 2-D with and without an accumulator, the
// combining kinds for floats and integers, and the AXPY form (vector x
// scalar).
func.func @main() {
  %x = arith.constant dense<[1.0, -2.0, 3.0]> : vector<3xf32>
  %y = arith.constant dense<[0.5, 4.0]> : vector<2xf32>
  %acc = arith.constant dense<[[10.0, 20.0], [30.0, 40.0], [50.0, 60.0]]> : vector<3x2xf32>
  %p = vector.outerproduct %x, %y : vector<3xf32>, vector<2xf32>
  vector.print %p : vector<3x2xf32>
  %q = vector.outerproduct %x, %y, %acc : vector<3xf32>, vector<2xf32>
  vector.print %q : vector<3x2xf32>
  %r = vector.outerproduct %x, %y, %acc {kind = #vector.kind<mul>} : vector<3xf32>, vector<2xf32>
  vector.print %r : vector<3x2xf32>
  %s = vector.outerproduct %x, %y, %acc {kind = #vector.kind<maxnumf>} : vector<3xf32>, vector<2xf32>
  vector.print %s : vector<3x2xf32>
  %t = vector.outerproduct %x, %y, %acc {kind = #vector.kind<minimumf>} : vector<3xf32>, vector<2xf32>
  vector.print %t : vector<3x2xf32>
  %a = arith.constant dense<[3, -1]> : vector<2xi32>
  %b = arith.constant dense<[2, 5, -7]> : vector<3xi32>
  %c = arith.constant dense<[[1, 1, 1], [100, -100, 6]]> : vector<2x3xi32>
  %u = vector.outerproduct %a, %b, %c : vector<2xi32>, vector<3xi32>
  vector.print %u : vector<2x3xi32>
  %v = vector.outerproduct %a, %b, %c {kind = #vector.kind<maxsi>} : vector<2xi32>, vector<3xi32>
  vector.print %v : vector<2x3xi32>
  %w = vector.outerproduct %a, %b, %c {kind = #vector.kind<xor>} : vector<2xi32>, vector<3xi32>
  vector.print %w : vector<2x3xi32>
  %w2 = vector.outerproduct %a, %b, %c {kind = #vector.kind<minui>} : vector<2xi32>, vector<3xi32>
  vector.print %w2 : vector<2x3xi32>
  // AXPY: lhs * scalar (+ acc).
  %f = arith.constant 2.5 : f64
  %l = arith.constant dense<[1.0, 2.0, -4.0]> : vector<3xf64>
  %o = arith.constant dense<[0.25, 0.5, 0.75]> : vector<3xf64>
  %ax1 = vector.outerproduct %l, %f : vector<3xf64>, f64
  vector.print %ax1 : vector<3xf64>
  %ax2 = vector.outerproduct %l, %f, %o : vector<3xf64>, f64
  vector.print %ax2 : vector<3xf64>
  %ax3 = vector.outerproduct %l, %f, %o {kind = #vector.kind<minnumf>} : vector<3xf64>, f64
  vector.print %ax3 : vector<3xf64>
  %k = arith.constant 3 : i8
  %li = arith.constant dense<[1, 50, -60]> : vector<3xi8>
  %ax4 = vector.outerproduct %li, %k : vector<3xi8>, i8
  vector.print %ax4 : vector<3xi8>
  return
}

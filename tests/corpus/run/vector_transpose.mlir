// transpose: 2-D non-square, every permutation of a 3-D vector, identity,
// 0-D, and i1 lanes.
func.func @main() {
  %m = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi32>
  %t = vector.transpose %m, [1, 0] : vector<2x3xi32> to vector<3x2xi32>
  vector.print %t : vector<3x2xi32>
  %id = vector.transpose %m, [0, 1] : vector<2x3xi32> to vector<2x3xi32>
  vector.print %id : vector<2x3xi32>
  %c = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : vector<2x3x4xf32>
  %p1 = vector.transpose %c, [0, 2, 1] : vector<2x3x4xf32> to vector<2x4x3xf32>
  vector.print %p1 : vector<2x4x3xf32>
  %p2 = vector.transpose %c, [1, 0, 2] : vector<2x3x4xf32> to vector<3x2x4xf32>
  vector.print %p2 : vector<3x2x4xf32>
  %p3 = vector.transpose %c, [1, 2, 0] : vector<2x3x4xf32> to vector<3x4x2xf32>
  vector.print %p3 : vector<3x4x2xf32>
  %p4 = vector.transpose %c, [2, 0, 1] : vector<2x3x4xf32> to vector<4x2x3xf32>
  vector.print %p4 : vector<4x2x3xf32>
  %p5 = vector.transpose %c, [2, 1, 0] : vector<2x3x4xf32> to vector<4x3x2xf32>
  vector.print %p5 : vector<4x3x2xf32>
  %z = arith.constant dense<3.5> : vector<f64>
  %tz = vector.transpose %z, [] : vector<f64> to vector<f64>
  vector.print %tz : vector<f64>
  %b = arith.constant dense<[[true, false], [false, false]]> : vector<2x2xi1>
  %tb = vector.transpose %b, [1, 0] : vector<2x2xi1> to vector<2x2xi1>
  vector.print %tb : vector<2x2xi1>
  return
}

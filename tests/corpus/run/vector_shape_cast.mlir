// shape_cast: flattening, unflattening, rank changes with unit dims, 0-D
// <-> 1x1, and same-rank reshapes.
func.func @main() {
  %m = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi32>
  %a = vector.shape_cast %m : vector<2x3xi32> to vector<6xi32>
  vector.print %a : vector<6xi32>
  %b = vector.shape_cast %a : vector<6xi32> to vector<3x2xi32>
  vector.print %b : vector<3x2xi32>
  %c = vector.shape_cast %m : vector<2x3xi32> to vector<3x2xi32>
  vector.print %c : vector<3x2xi32>
  %d = vector.shape_cast %a : vector<6xi32> to vector<2x1x3xi32>
  vector.print %d : vector<2x1x3xi32>
  %e = vector.shape_cast %d : vector<2x1x3xi32> to vector<6xi32>
  vector.print %e : vector<6xi32>
  %z = arith.constant dense<2.25> : vector<f32>
  %f = vector.shape_cast %z : vector<f32> to vector<1x1xf32>
  vector.print %f : vector<1x1xf32>
  %g = vector.shape_cast %f : vector<1x1xf32> to vector<f32>
  vector.print %g : vector<f32>
  %bits = arith.constant dense<[[true, false], [false, true]]> : vector<2x2xi1>
  %h = vector.shape_cast %bits : vector<2x2xi1> to vector<4xi1>
  vector.print %h : vector<4xi1>
  return
}

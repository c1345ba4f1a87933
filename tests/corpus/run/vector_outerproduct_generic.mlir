// outerproduct in generic form: without a `kind` property it combines with
// add, as in custom form.
func.func @main() {
  %x = arith.constant dense<[1.0, -2.0, 3.0]> : vector<3xf32>
  %y = arith.constant dense<[0.5, 4.0]> : vector<2xf32>
  %acc = arith.constant dense<[[10.0, 20.0], [30.0, 40.0], [50.0, 60.0]]> : vector<3x2xf32>
  %p = "vector.outerproduct"(%x, %y) : (vector<3xf32>, vector<2xf32>) -> vector<3x2xf32>
  vector.print %p : vector<3x2xf32>
  %q = "vector.outerproduct"(%x, %y, %acc) : (vector<3xf32>, vector<2xf32>, vector<3x2xf32>) -> vector<3x2xf32>
  vector.print %q : vector<3x2xf32>
  %f = arith.constant 2.5 : f32
  %ax = "vector.outerproduct"(%x, %f) : (vector<3xf32>, f32) -> vector<3xf32>
  vector.print %ax : vector<3xf32>
  return
}

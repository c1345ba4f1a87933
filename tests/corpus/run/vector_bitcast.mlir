// bitcast: same lane count (f32 <-> i32, f16 -> i16), lane count changes
// (i32 -> i8, i64 -> i32, i8 -> i1), 2-D rows and 0-D vectors.
func.func @main() {
  %f = arith.constant dense<[1.0, -2.0, 0.5]> : vector<3xf32>
  %a = vector.bitcast %f : vector<3xf32> to vector<3xi32>
  vector.print %a : vector<3xi32>
  %i = arith.constant dense<[258, -1]> : vector<2xi32>
  %b = vector.bitcast %i : vector<2xi32> to vector<8xi8>
  vector.print %b : vector<8xi8>
  %l = arith.constant dense<[4294967297, -2]> : vector<2xi64>
  %c = vector.bitcast %l : vector<2xi64> to vector<4xi32>
  vector.print %c : vector<4xi32>
  %bytes = arith.constant dense<[5, -128]> : vector<2xi8>
  %d = vector.bitcast %bytes : vector<2xi8> to vector<16xi1>
  vector.print %d : vector<16xi1>
  %h = arith.constant dense<[1.0, -2.0, 65504.0, 0.0]> : vector<4xf16>
  %e = vector.bitcast %h : vector<4xf16> to vector<4xi16>
  vector.print %e : vector<4xi16>
  %g = vector.bitcast %h : vector<4xf16> to vector<2xf32>
  %g2 = vector.bitcast %g : vector<2xf32> to vector<4xf16>
  vector.print %g2 : vector<4xf16>
  %m = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi16>
  %n = vector.bitcast %m : vector<2x2xi16> to vector<2x1xi32>
  vector.print %n : vector<2x1xi32>
  %z = arith.constant dense<-1.0> : vector<f32>
  %y = vector.bitcast %z : vector<f32> to vector<i32>
  vector.print %y : vector<i32>
  return
}

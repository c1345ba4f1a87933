// n-D dense vector constants (elements and splats), 0-D constants, and
// element-wise arithmetic on n-D vectors.
func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0], [13.0, 14.0, 15.0, 16.0]]> : vector<4x4xf32>
  vector.print %a : vector<4x4xf32>
  %s = arith.constant dense<0.5> : vector<4x4xf32>
  vector.print %s : vector<4x4xf32>
  %sum = arith.addf %a, %s : vector<4x4xf32>
  vector.print %sum : vector<4x4xf32>
  %i = arith.constant dense<[[[1, -2], [3, -4]], [[5, -6], [7, -8]]]> : vector<2x2x2xi16>
  vector.print %i : vector<2x2x2xi16>
  %j = arith.constant dense<3> : vector<2x2x2xi16>
  %k = arith.muli %i, %j : vector<2x2x2xi16>
  vector.print %k : vector<2x2x2xi16>
  %b = arith.constant dense<[[true, false, true], [false, true, false]]> : vector<2x3xi1>
  vector.print %b : vector<2x3xi1>
  %x = arith.constant dense<[[4, 5]]> : vector<1x2xindex>
  vector.print %x : vector<1x2xindex>
  %z = arith.constant dense<-7> : vector<i32>
  vector.print %z : vector<i32>
  %h = arith.constant dense<[[0.25], [-1.5]]> : vector<2x1xf16>
  vector.print %h : vector<2x1xf16>
  return
}

// shuffle: two inputs of different lengths, repeated and reversed picks,
// rows of 2-D vectors, 0-D inputs, i8 and i1 lanes.
func.func @main() {
  %a = arith.constant dense<[0, 1, 2, 3, 4]> : vector<5xi32>
  %b = arith.constant dense<[50, 51]> : vector<2xi32>
  %s1 = vector.shuffle %a, %b [6, 5, 4, 0, 0] : vector<5xi32>, vector<2xi32>
  vector.print %s1 : vector<5xi32>
  %s2 = vector.shuffle %b, %a [0, 2, 6, 1] : vector<2xi32>, vector<5xi32>
  vector.print %s2 : vector<4xi32>
  %s3 = vector.shuffle %a, %b [5] : vector<5xi32>, vector<2xi32>
  vector.print %s3 : vector<1xi32>
  %m = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : vector<2x2xf32>
  %n = arith.constant dense<[[5.0, 6.0], [7.0, 8.0], [9.0, 10.0]]> : vector<3x2xf32>
  %s4 = vector.shuffle %m, %n [4, 1, 2] : vector<2x2xf32>, vector<3x2xf32>
  vector.print %s4 : vector<3x2xf32>
  %x = arith.constant dense<-5> : vector<i8>
  %y = arith.constant dense<9> : vector<i8>
  %s5 = vector.shuffle %x, %y [1, 1, 0] : vector<i8>, vector<i8>
  vector.print %s5 : vector<3xi8>
  %p = arith.constant dense<[true, false]> : vector<2xi1>
  %q = arith.constant dense<[false]> : vector<1xi1>
  %s6 = vector.shuffle %p, %q [2, 0, 1, 0] : vector<2xi1>, vector<1xi1>
  vector.print %s6 : vector<4xi1>
  return
}

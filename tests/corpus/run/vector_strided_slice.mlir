// extract_strided_slice and insert_strided_slice: 1-D, partial slices of
// n-D vectors (fewer offsets than dims), full-size slices and edges.
func.func @main() {
  %v = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : vector<8xf32>
  %a = vector.extract_strided_slice %v {offsets = [3], sizes = [4], strides = [1]} : vector<8xf32> to vector<4xf32>
  vector.print %a : vector<4xf32>
  %b = vector.extract_strided_slice %v {offsets = [7], sizes = [1], strides = [1]} : vector<8xf32> to vector<1xf32>
  vector.print %b : vector<1xf32>
  %m = arith.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : vector<3x4xi32>
  %c = vector.extract_strided_slice %m {offsets = [1], sizes = [2], strides = [1]} : vector<3x4xi32> to vector<2x4xi32>
  vector.print %c : vector<2x4xi32>
  %d = vector.extract_strided_slice %m {offsets = [0, 1], sizes = [3, 2], strides = [1, 1]} : vector<3x4xi32> to vector<3x2xi32>
  vector.print %d : vector<3x2xi32>
  %e = vector.extract_strided_slice %m {offsets = [0, 0], sizes = [3, 4], strides = [1, 1]} : vector<3x4xi32> to vector<3x4xi32>
  vector.print %e : vector<3x4xi32>
  %t = arith.constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]], [[9, 10], [11, 12]]]> : vector<3x2x2xi8>
  %f = vector.extract_strided_slice %t {offsets = [1, 1, 0], sizes = [2, 1, 2], strides = [1, 1, 1]} : vector<3x2x2xi8> to vector<2x1x2xi8>
  vector.print %f : vector<2x1x2xi8>
  // insert: a row into a matrix, a matrix into a 3-D block, a corner.
  %z = arith.constant dense<0> : vector<3x4xi32>
  %r = arith.constant dense<[-1, -2]> : vector<2xi32>
  %g = vector.insert_strided_slice %r, %z {offsets = [2, 2], strides = [1]} : vector<2xi32> into vector<3x4xi32>
  vector.print %g : vector<3x4xi32>
  %h = vector.insert_strided_slice %d, %m {offsets = [0, 2], strides = [1, 1]} : vector<3x2xi32> into vector<3x4xi32>
  vector.print %h : vector<3x4xi32>
  %small = arith.constant dense<[[70, 71]]> : vector<1x2xi8>
  %i = vector.insert_strided_slice %small, %t {offsets = [2, 0, 0], strides = [1, 1]} : vector<1x2xi8> into vector<3x2x2xi8>
  vector.print %i : vector<3x2x2xi8>
  %hf = arith.constant dense<[1.5, 2.5]> : vector<2xf16>
  %hz = arith.constant dense<0.0> : vector<4xf16>
  %j = vector.insert_strided_slice %hf, %hz {offsets = [1], strides = [1]} : vector<2xf16> into vector<4xf16>
  vector.print %j : vector<4xf16>
  %bits = arith.constant dense<[true, false, true, true]> : vector<4xi1>
  %k = vector.extract_strided_slice %bits {offsets = [1], sizes = [3], strides = [1]} : vector<4xi1> to vector<3xi1>
  vector.print %k : vector<3xi1>
  return
}

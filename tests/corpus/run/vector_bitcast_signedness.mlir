// vector.bitcast to signed (siN) and unsigned (uiN) integer vectors, which
// vector.print prints as signed and unsigned numbers.
func.func @main() {
  %a = arith.constant dense<[-3, 0, 200, 127]> : vector<4xi8>
  %s = vector.bitcast %a : vector<4xi8> to vector<4xsi8>
  vector.print %s : vector<4xsi8>
  %u = vector.bitcast %a : vector<4xi8> to vector<4xui8>
  vector.print %u : vector<4xui8>
  %w = arith.constant dense<[[-1, 2], [40000, -40000]]> : vector<2x2xi32>
  %uw = vector.bitcast %w : vector<2x2xi32> to vector<2x2xui32>
  vector.print %uw : vector<2x2xui32>
  %h = vector.bitcast %w : vector<2x2xi32> to vector<2x4xsi16>
  vector.print %h : vector<2x4xsi16>
  %b = arith.constant dense<[true, false, true]> : vector<3xi1>
  %sb = vector.bitcast %b : vector<3xi1> to vector<3xsi1>
  vector.print %sb : vector<3xsi1>
  %ub = vector.bitcast %b : vector<3xi1> to vector<3xui1>
  vector.print %ub : vector<3xui1>
  %l = arith.constant dense<[-1, 5]> : vector<2xi64>
  %ul = vector.bitcast %l : vector<2xi64> to vector<2xui64>
  vector.print %ul : vector<2xui64>
  return
}

// arith.select (scalar and vector) and all min/max variants.
func.func @select_minmax(%c: i1, %a: i32, %b: i32, %x: f32, %y: f32,
                         %vc: vector<4xi1>, %va: vector<4xf32>, %vb: vector<4xf32>) -> vector<4xf32> {
  %0 = arith.select %c, %a, %b : i32
  %1 = arith.select %c, %x, %y : f32
  %2 = arith.select %vc, %va, %vb : vector<4xi1>, vector<4xf32>
  %3 = arith.minsi %a, %b : i32
  %4 = arith.maxsi %a, %b : i32
  %5 = arith.minui %a, %b : i32
  %6 = arith.maxui %a, %b : i32
  %7 = arith.minimumf %x, %y : f32
  %8 = arith.maximumf %x, %y : f32
  %9 = arith.minnumf %x, %y : f32
  %10 = arith.maxnumf %x, %y : f32
  %11 = arith.maximumf %2, %va : vector<4xf32>
  return %11 : vector<4xf32>
}

// math.* on f32 and f64: sqrt, exp, log, tanh, fma, absf, absi, sin, cos, powf, rsqrt, floor, ceil.
func.func @main() {
  %x = arith.constant 2.25 : f32
  %y = arith.constant -1.75 : f32
  %d = arith.constant 0.5 : f64
  %0 = math.sqrt %x : f32
  vector.print %0 : f32
  %1 = math.exp %d : f64
  vector.print %1 : f64
  %2 = math.log %x : f32
  vector.print %2 : f32
  %3 = math.tanh %d : f64
  vector.print %3 : f64
  %4 = math.fma %x, %y, %x : f32
  vector.print %4 : f32
  %5 = math.absf %y : f32
  vector.print %5 : f32
  %i = arith.constant -42 : i32
  %6 = math.absi %i : i32
  vector.print %6 : i32
  %7 = math.sin %d : f64
  vector.print %7 : f64
  %8 = math.cos %d : f64
  vector.print %8 : f64
  %e = arith.constant 1.5 : f32
  %9 = math.powf %x, %e : f32
  vector.print %9 : f32
  %10 = math.rsqrt %x : f32
  vector.print %10 : f32
  %11 = math.floor %y : f32
  vector.print %11 : f32
  %12 = math.ceil %y : f32
  vector.print %12 : f32
  %13 = math.floor %d : f64
  vector.print %13 : f64
  %v = arith.constant dense<[1.0, 4.0, 9.0, 16.0]> : vector<4xf32>
  %14 = math.sqrt %v : vector<4xf32>
  vector.print %14 : vector<4xf32>
  return
}

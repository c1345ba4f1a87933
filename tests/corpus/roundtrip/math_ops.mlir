// math dialect ops used by affjit on f32/f64 and a vector.
func.func @math(%x: f32, %y: f32, %z: f32, %d: f64, %i: i32, %v: vector<4xf32>) {
  %0 = math.sqrt %x : f32
  %1 = math.exp %x : f32
  %2 = math.log %x : f32
  %3 = math.tanh %x : f32
  %4 = math.fma %x, %y, %z : f32
  %5 = math.absf %x : f32
  %6 = math.absi %i : i32
  %7 = math.sin %x : f32
  %8 = math.cos %d : f64
  %9 = math.powf %x, %y : f32
  %10 = math.rsqrt %x : f32
  %11 = math.floor %d : f64
  %12 = math.ceil %x : f32
  %13 = math.sqrt %v : vector<4xf32>
  %14 = math.exp %x fastmath<fast> : f32
  return
}

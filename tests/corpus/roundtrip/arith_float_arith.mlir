// arith float arithmetic on f16, bf16, f32, f64 and vectors: addf/subf/mulf/divf/remf/negf.
func.func @float_arith(%a: f32, %b: f32, %c: f64, %h: f16, %g: bf16,
                       %v: vector<4x8xf32>) -> (f32, f64, f16, bf16, vector<4x8xf32>) {
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %0, %b : f32
  %2 = arith.mulf %1, %a : f32
  %3 = arith.divf %2, %b : f32
  %4 = arith.remf %3, %b : f32
  %5 = arith.negf %4 : f32
  %6 = arith.addf %c, %c : f64
  %7 = arith.divf %6, %c : f64
  %8 = arith.mulf %h, %h : f16
  %9 = arith.addf %g, %g : bf16
  %10 = arith.mulf %v, %v : vector<4x8xf32>
  %11 = arith.negf %10 : vector<4x8xf32>
  %12 = arith.addf %a, %b fastmath<fast> : f32
  return %5, %7, %8, %9, %11 : f32, f64, f16, bf16, vector<4x8xf32>
}

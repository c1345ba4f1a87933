// Float casts: extf f16/bf16 -> f32, truncf f64 -> f32 -> f16/bf16 (rounding visible when
// extended back), vector sitofp.
func.func @main() {
  %d = arith.constant 3.14159265358979 : f64
  %f = arith.truncf %d : f64 to f32
  vector.print %f : f32
  %h = arith.truncf %f : f32 to f16
  %hf = arith.extf %h : f16 to f32
  vector.print %hf : f32
  %b = arith.truncf %f : f32 to bf16
  %bf = arith.extf %b : bf16 to f32
  vector.print %bf : f32
  %e = arith.extf %f : f32 to f64
  vector.print %e : f64
  %hc = arith.constant 65504.0 : f16
  %hce = arith.extf %hc : f16 to f64
  vector.print %hce : f64
  %v = arith.constant dense<[-2, -1, 0, 7]> : vector<4xi32>
  %vf = arith.sitofp %v : vector<4xi32> to vector<4xf64>
  vector.print %vf : vector<4xf64>
  %vu = arith.uitofp %v : vector<4xi32> to vector<4xf32>
  vector.print %vu : vector<4xf32>
  return
}

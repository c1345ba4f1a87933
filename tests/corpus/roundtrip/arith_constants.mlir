// arith.constant for every scalar type used by affjit, plus dense vector constants.
func.func @constants() -> (index, i1, i8, i16, i32, i64, f16, bf16, f32, f64) {
  %c_idx = arith.constant 42 : index
  %c_i1 = arith.constant true
  %c_i1b = arith.constant 0 : i1
  %c_i8 = arith.constant -128 : i8
  %c_i16 = arith.constant 32767 : i16
  %c_i32 = arith.constant -7 : i32
  %c_i64 = arith.constant 9223372036854775807 : i64
  %c_f16 = arith.constant 1.5 : f16
  %c_bf16 = arith.constant -2.0 : bf16
  %c_f32 = arith.constant 3.14159274 : f32
  %c_f64 = arith.constant 1.0e-300 : f64
  %hex = arith.constant 0x7FC00000 : f32
  %v = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %splat = arith.constant dense<0.5> : vector<4x8xf32>
  %vi = arith.constant dense<[1, -2, 3, -4]> : vector<4xi32>
  %vb = arith.constant dense<[true, false]> : vector<2xi1>
  %v2 = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi64>
  return %c_idx, %c_i1, %c_i8, %c_i16, %c_i32, %c_i64, %c_f16, %c_bf16, %c_f32, %c_f64
      : index, i1, i8, i16, i32, i64, f16, bf16, f32, f64
}

// Every element type affjit supports as function arguments, memref elements and vector elements.
func.func private @types(index, i1, i8, i16, i32, i64, f16, bf16, f32, f64,
                         vector<4x8xf32>, vector<16xi8>, vector<2xf64>,
                         memref<4xindex>, memref<4xi1>, memref<2x2xbf16>, memref<*xi64>,
                         memref<4xvector<4xf32>>, memref<f64>) -> (vector<4x8xf32>)

// arith casts: index_cast(ui), sitofp, uitofp, fptosi, fptoui, extf, truncf, extsi, extui, trunci, bitcast.
func.func @casts(%i: index, %a: i32, %b: i8, %f: f32, %d: f64, %h: f16) {
  %0 = arith.index_cast %i : index to i64
  %1 = arith.index_cast %a : i32 to index
  %2 = arith.index_castui %a : i32 to index
  %3 = arith.sitofp %a : i32 to f32
  %4 = arith.uitofp %b : i8 to f64
  %5 = arith.fptosi %f : f32 to i32
  %6 = arith.fptoui %d : f64 to i16
  %7 = arith.extf %f : f32 to f64
  %8 = arith.extf %h : f16 to f32
  %9 = arith.truncf %d : f64 to f32
  %10 = arith.truncf %f : f32 to bf16
  %11 = arith.extsi %b : i8 to i32
  %12 = arith.extui %b : i8 to i64
  %13 = arith.trunci %a : i32 to i8
  %14 = arith.bitcast %f : f32 to i32
  %15 = arith.bitcast %d : f64 to i64
  %16 = arith.bitcast %h : f16 to i16
  %v = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %17 = arith.sitofp %v : vector<4xi32> to vector<4xf32>
  return
}

// MLIR 19 spelling of old_arith_ops.mlir.
func.func @old_arith(%a: i32, %b: i32, %x: f32, %y: f32, %i: index) -> (i32, f32, f32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %0, %b : i32
  %2 = arith.muli %1, %a : i32
  %3 = arith.addf %x, %y : f32
  %4 = arith.subf %3, %y : f32
  %5 = arith.mulf %4, %x : f32
  %6 = arith.divf %5, %y : f32
  %7 = arith.negf %6 : f32
  %8 = arith.cmpi slt, %2, %a : i32
  %9 = arith.cmpf olt, %7, %x : f32
  %10 = arith.select %8, %2, %a : i32
  %11 = arith.index_cast %i : index to i32
  %12 = arith.sitofp %11 : i32 to f32
  %13 = arith.select %9, %12, %7 : f32
  return %10, %13, %6 : i32, f32, f32
}

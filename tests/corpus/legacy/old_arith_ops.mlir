// Unprefixed arithmetic ops of the old standard dialect used throughout the seeds' era:
// addi, subi, muli, addf, subf, mulf, divf, negf, cmpi, cmpf, select, index_cast, sitofp.
func @old_arith(%a: i32, %b: i32, %x: f32, %y: f32, %i: index) -> (i32, f32, f32) {
  %0 = addi %a, %b : i32
  %1 = subi %0, %b : i32
  %2 = muli %1, %a : i32
  %3 = addf %x, %y : f32
  %4 = subf %3, %y : f32
  %5 = mulf %4, %x : f32
  %6 = divf %5, %y : f32
  %7 = negf %6 : f32
  %8 = cmpi slt, %2, %a : i32
  %9 = cmpf olt, %7, %x : f32
  %10 = select %8, %2, %a : i32
  %11 = index_cast %i : index to i32
  %12 = sitofp %11 : i32 to f32
  %13 = select %9, %12, %7 : f32
  return %10, %13, %6 : i32, f32, f32
}

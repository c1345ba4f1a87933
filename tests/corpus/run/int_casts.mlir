// Integer casts: extsi/extui of negative i8, trunci, index_cast(ui), sitofp/uitofp of -1,
// fptosi/fptoui (truncation toward zero), bitcast f32<->i32.
func.func @main() {
  %m1 = arith.constant -1 : i8
  %a = arith.extsi %m1 : i8 to i32
  vector.print %a : i32
  %b = arith.extui %m1 : i8 to i32
  vector.print %b : i32
  %big = arith.constant 300 : i32
  %c = arith.trunci %big : i32 to i8
  vector.print %c : i8
  %d = arith.extsi %c : i8 to i64
  vector.print %d : i64
  %neg = arith.constant -5 : i32
  %idx = arith.index_cast %neg : i32 to index
  vector.print %idx : index
  %idx2 = arith.index_castui %m1 : i8 to index
  vector.print %idx2 : index
  %back = arith.index_cast %idx : index to i64
  vector.print %back : i64
  %f1 = arith.sitofp %m1 : i8 to f32
  vector.print %f1 : f32
  %f2 = arith.uitofp %m1 : i8 to f32
  vector.print %f2 : f32
  %x = arith.constant -7.9 : f32
  %g = arith.fptosi %x : f32 to i32
  vector.print %g : i32
  %y = arith.constant 200.7 : f64
  %h = arith.fptoui %y : f64 to i8
  %h32 = arith.extui %h : i8 to i32
  vector.print %h32 : i32
  %one = arith.constant 1.0 : f32
  %bits = arith.bitcast %one : f32 to i32
  vector.print %bits : i32
  %k = arith.constant 1078530011 : i32
  %pi = arith.bitcast %k : i32 to f32
  vector.print %pi : f32
  %t = arith.constant true
  %t32 = arith.extui %t : i1 to i32
  vector.print %t32 : i32
  %t64 = arith.extsi %t : i1 to i64
  vector.print %t64 : i64
  return
}

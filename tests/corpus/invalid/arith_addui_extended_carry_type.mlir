// EXPECT-ERROR: 3:12: 'arith.addui_extended' op result #1 must be bool-like, but got 'i32'
func.func @f(%a: i32, %b: i32) {
  %s, %o = arith.addui_extended %a, %b : i32, i32
  return
}

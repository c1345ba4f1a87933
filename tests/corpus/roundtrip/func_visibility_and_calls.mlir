// func.func: public, private and nested-visibility definitions, external declarations,
// func.call with zero/one/many results, func.return with several values.
func.func private @ext_decl(i32, f32) -> f64
func.func private @ext_no_results(memref<?xf32>)
func.func private @helper(%a: i32, %b: i32) -> (i32, i32) {
  %s = arith.addi %a, %b : i32
  %d = arith.subi %a, %b : i32
  return %s, %d : i32, i32
}
func.func nested @nested_vis() {
  return
}
func.func public @caller(%x: i32, %f: f32, %m: memref<?xf32>) -> (i32, f64) {
  %r:2 = func.call @helper(%x, %x) : (i32, i32) -> (i32, i32)
  %d = call @ext_decl(%r#0, %f) : (i32, f32) -> f64
  call @ext_no_results(%m) : (memref<?xf32>) -> ()
  func.return %r#1, %d : i32, f64
}

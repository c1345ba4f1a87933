// cf.assert, custom and with an attribute dictionary, its message with
// characters MLIR prints escaped; at function level and in loop bodies.
func.func @f(%c: i1, %n: index) {
  cf.assert %c, "plain message"
  cf.assert %c, "quote \" backslash \\ newline \n tab \t" {note = 1 : i32}
  affine.for %i = 0 to 10 {
    %ok = arith.cmpi ult, %i, %n : index
    cf.assert %ok, "i < n"
  }
  affine.parallel (%i) = (0) to (8) {
    cf.assert %c, ""
  }
  return
}

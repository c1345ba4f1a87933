// affine.for with negative lower bounds, step 3 and 5, a zero-trip loop (iter_args returns its
// initial value) and a single-trip loop; the IV values are printed as a sequence.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()
func.func @main() {
  affine.for %i = -5 to 6 step 3 {
    %v = arith.index_cast %i : index to i64
    func.call @printI64(%v) : (i64) -> ()
    func.call @printComma() : () -> ()
  }
  call @printNewline() : () -> ()
  affine.for %i = -20 to -3 step 5 {
    %v = arith.index_cast %i : index to i64
    func.call @printI64(%v) : (i64) -> ()
    func.call @printComma() : () -> ()
  }
  call @printNewline() : () -> ()
  %init = arith.constant 123 : i64
  %r = affine.for %i = 5 to 5 iter_args(%a = %init) -> (i64) {
    %z = arith.constant 0 : i64
    affine.yield %z : i64
  }
  call @printI64(%r) : (i64) -> ()
  call @printNewline() : () -> ()
  %r2 = affine.for %i = 7 to 3 iter_args(%a = %init) -> (i64) {
    %z = arith.constant 0 : i64
    affine.yield %z : i64
  }
  call @printI64(%r2) : (i64) -> ()
  call @printNewline() : () -> ()
  %r3 = affine.for %i = 41 to 42 iter_args(%a = %init) -> (i64) {
    %v = arith.index_cast %i : index to i64
    %s = arith.addi %a, %v : i64
    affine.yield %s : i64
  }
  call @printI64(%r3) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

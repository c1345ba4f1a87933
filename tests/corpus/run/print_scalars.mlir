// The scalar runtime printers: printF32, printF64, printI64, printU64, printComma, printOpen,
// printClose, printNewline (from libmlir_c_runner_utils).
func.func private @printF32(f32)
func.func private @printF64(f64)
func.func private @printI64(i64)
func.func private @printU64(i64)
func.func private @printComma()
func.func private @printOpen()
func.func private @printClose()
func.func private @printNewline()
func.func @main() {
  %f = arith.constant 0.1 : f32
  %d = arith.constant 2.5e10 : f64
  %i = arith.constant -42 : i64
  call @printOpen() : () -> ()
  call @printF32(%f) : (f32) -> ()
  call @printComma() : () -> ()
  call @printF64(%d) : (f64) -> ()
  call @printComma() : () -> ()
  call @printI64(%i) : (i64) -> ()
  call @printComma() : () -> ()
  call @printU64(%i) : (i64) -> ()
  call @printClose() : () -> ()
  call @printNewline() : () -> ()
  affine.for %k = 0 to 4 {
    %ki = arith.index_cast %k : index to i64
    func.call @printI64(%ki) : (i64) -> ()
    func.call @printComma() : () -> ()
  }
  call @printNewline() : () -> ()
  return
}

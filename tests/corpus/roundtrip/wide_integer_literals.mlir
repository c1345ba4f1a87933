// Integer literals of the widest types below 64 bits wrap like MLIR (the
// parser fuzzer found a signed overflow sign-extending i63 values).
func.func @f() {
  %0 = arith.constant 6917529027641081856 : i63
  %1 = arith.constant 255 : i8
  %2 = arith.constant -9223372036854775808 : i64
  return
}

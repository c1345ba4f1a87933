// EXPECT-ERROR: 5:58: expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast
// a generic op whose fast-math flags are not flags (the parser fuzzer found
// them printed verbatim into custom syntax that does not parse back)
func.func @f(%x: f32) -> f32 {
  %0 = "arith.addf"(%x, %x) <{fastmath = #arith.fastmath<n  one>}> : (f32, f32) -> f32
  return %0 : f32
}

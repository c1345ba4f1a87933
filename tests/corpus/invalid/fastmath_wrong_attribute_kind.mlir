// EXPECT-ERROR: 5:8: 'arith.addf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags (affjit only: MLIR says unknown attribute `fastmpath` in dialect `arith`)
// a fastmath attribute of the wrong kind (the parser fuzzer found it printed
// as custom syntax that does not parse back)
func.func @f(%x: f32) -> f32 {
  %0 = "arith.addf"(%x, %x) <{fastmath = #arith.fastmpath<none>}> : (f32, f32) -> f32
  return %0 : f32
}

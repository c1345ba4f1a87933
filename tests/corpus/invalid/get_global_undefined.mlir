// EXPECT-ERROR: 4:8: 'memref.get_global' op 'nope' does not reference a valid global memref
// memref.get_global of an undefined global
func.func @f() {
  %0 = memref.get_global @nope : memref<2xf32>
  return
}

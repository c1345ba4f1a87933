// EXPECT-ERROR: 4:27: undefined symbol alias id 'undefined_set'
// use of an undefined #set alias
func.func @f(%i: index) {
  affine.if #undefined_set(%i) {
  }
  return
}

// EXPECT-ERROR: 4:3: 'func.call' op 'nowhere' does not reference a valid function
// func.call of a function that does not exist
func.func @f() {
  func.call @nowhere() : () -> ()
  return
}

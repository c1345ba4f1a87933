// EXPECT-ERROR: 4:15: expected ','
// cf.assert without its message.
func.func @f(%c: i1) {
  cf.assert %c
  return
}

// EXPECT-ERROR: 5:2: expected operation name in quotes
// unbalanced brackets: one closing brace too many
func.func @f() {
  return
}
}

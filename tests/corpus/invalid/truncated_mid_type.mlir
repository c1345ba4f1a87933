// EXPECT-ERROR: 3:26: expected non-function type
// file ends in the middle of a memref type
func.func @f(%a: memref<4x
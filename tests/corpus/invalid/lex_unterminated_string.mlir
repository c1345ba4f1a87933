// EXPECT-ERROR: 3:55: expected '"' in string literal
// lexer: string literal runs to end of line
memref.global "private @x : memref<2xf32> = dense<0.0>

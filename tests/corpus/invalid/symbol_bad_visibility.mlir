// EXPECT-ERROR: 4:1: 'memref.global' op visibility expected to be one of ["public", "private", "nested"], but got "pvirate"
// a symbol with a visibility that does not exist (the parser fuzzer found it
// printed as syntax that does not parse back)
"memref.global"() <{sym_name = "x", sym_visibility = "pvirate", type = memref<2xf32>, initial_value = dense<0.0> : tensor<2xf32>}> : () -> ()

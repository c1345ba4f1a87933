// Ops with results directly in the module, around a function (the parser
// fuzzer found their names printed in clashing scopes).
%0 = memref.alloc() : memref<6xf32>
%1 = arith.constant 1.0 : f32
func.func @f() {
  %c = arith.constant 2.0 : f32
  return
}
%2 = arith.constant 3.0 : f32

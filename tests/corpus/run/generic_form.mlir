// A program written entirely in the generic op form (quoted op names, properties in <{...}>):
// squares 0..5 into a memref and prints it.
"builtin.module"() ({
  "func.func"() <{function_type = (memref<*xf32>) -> (), sym_name = "printMemrefF32", sym_visibility = "private"}> ({
  }) {llvm.emit_c_interface} : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "main"}> ({
    %0 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<6xf32>
    "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (6)>}> ({
    ^bb0(%i: index):
      %1 = "arith.index_cast"(%i) : (index) -> i32
      %2 = "arith.sitofp"(%1) : (i32) -> f32
      %3 = "arith.mulf"(%2, %2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "affine.store"(%3, %0, %i) <{map = affine_map<(d0) -> (d0)>}> : (f32, memref<6xf32>, index) -> ()
      "affine.yield"() : () -> ()
    }) : () -> ()
    %4 = "memref.cast"(%0) : (memref<6xf32>) -> memref<*xf32>
    "func.call"(%4) <{callee = @printMemrefF32}> : (memref<*xf32>) -> ()
    "memref.dealloc"(%0) : (memref<6xf32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// Generic op form of memref_views_chain.mlir (subview/transpose/reshape ops), produced by mlir-opt --mlir-print-op-generic.
#map = affine_map<(d0, d1) -> (d1, d0)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<8x16xf32>, index) -> (), sym_name = "views"}> ({
  ^bb0(%arg0: memref<8x16xf32>, %arg1: index):
    %0 = "memref.subview"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 2, 4>, static_sizes = array<i64: 4, 8>, static_strides = array<i64: 1, 2>}> : (memref<8x16xf32>) -> memref<4x8xf32, strided<[16, 2], offset: 36>>
    %1 = "memref.transpose"(%0) <{permutation = #map}> : (memref<4x8xf32, strided<[16, 2], offset: 36>>) -> memref<8x4xf32, strided<[2, 16], offset: 36>>
    %2 = "memref.cast"(%1) : (memref<8x4xf32, strided<[2, 16], offset: 36>>) -> memref<?x?xf32, strided<[?, ?], offset: ?>>
    %3 = "memref.collapse_shape"(%arg0) <{reassociation = [[0, 1]]}> : (memref<8x16xf32>) -> memref<128xf32>
    %4 = "memref.expand_shape"(%3) <{reassociation = [[0, 1, 2]], static_output_shape = array<i64: 2, 4, 16>}> : (memref<128xf32>) -> memref<2x4x16xf32>
    %5 = "memref.reinterpret_cast"(%3, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 4, 1>}> : (memref<128xf32>, index) -> memref<4x4xf32, strided<[4, 1], offset: ?>>
    %6 = "memref.alloca"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<1x1xf32>
    %7 = "memref.collapse_shape"(%6) <{reassociation = []}> : (memref<1x1xf32>) -> memref<f32>
    %8 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<64xi8>
    %9 = "arith.constant"() <{value = 0 : index}> : () -> index
    %10 = "memref.view"(%8, %9) : (memref<64xi8>, index) -> memref<4x4xf32>
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()


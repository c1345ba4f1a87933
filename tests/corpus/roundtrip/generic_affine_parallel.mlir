// Generic op form of seed000_affine_parallel_conv_2d.mlir (affine.parallel with reduce), produced by mlir-opt --mlir-print-op-generic.
#map = affine_map<(d0, d1, d2, d3) -> (d0 + d1, d2 + d3)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<() -> (0, 0)>
#map3 = affine_map<() -> (2, 2)>
#map4 = affine_map<() -> (98, 98)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<100x100xf32>, memref<3x3xf32>) -> memref<98x98xf32>, sym_name = "conv_2d"}> ({
  ^bb0(%arg0: memref<100x100xf32>, %arg1: memref<3x3xf32>):
    %0 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<98x98xf32>
    "affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<2xi32>, lowerBoundsMap = #map2, reductions = [], steps = [1, 1], upperBoundsGroups = dense<1> : tensor<2xi32>, upperBoundsMap = #map4}> ({
    ^bb0(%arg2: index, %arg3: index):
      %1 = "affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<2xi32>, lowerBoundsMap = #map2, reductions = [0], steps = [1, 1], upperBoundsGroups = dense<1> : tensor<2xi32>, upperBoundsMap = #map3}> ({
      ^bb0(%arg4: index, %arg5: index):
        %2 = "affine.load"(%arg0, %arg2, %arg4, %arg3, %arg5) <{map = #map}> : (memref<100x100xf32>, index, index, index, index) -> f32
        %3 = "affine.load"(%arg1, %arg4, %arg5) <{map = #map1}> : (memref<3x3xf32>, index, index) -> f32
        %4 = "arith.mulf"(%2, %3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        "affine.yield"(%4) : (f32) -> ()
      }) : () -> f32
      "affine.store"(%1, %0, %arg2, %arg3) <{map = #map1}> : (f32, memref<98x98xf32>, index, index) -> ()
      "affine.yield"() : () -> ()
    }) : () -> ()
    "func.return"(%0) : (memref<98x98xf32>) -> ()
  }) : () -> ()
}) : () -> ()


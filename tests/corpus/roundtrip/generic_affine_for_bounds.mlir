// Generic op form of affine_for_bounds.mlir (min/max bounds), produced by mlir-opt --mlir-print-op-generic.
#map = affine_map<() -> (-8)>
#map1 = affine_map<() -> (8)>
#map2 = affine_map<(d0) -> (d0)>
#map3 = affine_map<(d0)[s0] -> (d0, s0 - 4)>
#map4 = affine_map<(d0)[s0] -> (d0 + 32, s0, 100)>
#map5 = affine_map<(d0) -> (d0 floordiv 2)>
#map6 = affine_map<()[s0] -> (s0 ceildiv 2)>
#map7 = affine_map<() -> (0)>
#map8 = affine_map<()[s0] -> (s0)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<128xf32>, index, index) -> (), sym_name = "bounds"}> ({
  ^bb0(%arg0: memref<128xf32>, %arg1: index, %arg2: index):
    "affine.for"() <{lowerBoundMap = #map, operandSegmentSizes = array<i32: 0, 0, 0>, step = 3 : index, upperBoundMap = #map1}> ({
    ^bb0(%arg6: index):
      "affine.yield"() : () -> ()
    }) : () -> ()
    "affine.for"(%arg1) <{lowerBoundMap = #map7, operandSegmentSizes = array<i32: 0, 1, 0>, step = 4 : index, upperBoundMap = #map8}> ({
    ^bb0(%arg3: index):
      "affine.for"(%arg3, %arg1, %arg3, %arg2) <{lowerBoundMap = #map3, operandSegmentSizes = array<i32: 2, 2, 0>, step = 1 : index, upperBoundMap = #map4}> ({
      ^bb0(%arg5: index):
        %0 = "affine.load"(%arg0, %arg5) <{map = #map2}> : (memref<128xf32>, index) -> f32
        "affine.store"(%0, %arg0, %arg5) <{map = #map2}> : (f32, memref<128xf32>, index) -> ()
        "affine.yield"() : () -> ()
      }) : (index, index, index, index) -> ()
      "affine.for"(%arg3, %arg1) <{lowerBoundMap = #map5, operandSegmentSizes = array<i32: 1, 1, 0>, step = 1 : index, upperBoundMap = #map6}> ({
      ^bb0(%arg4: index):
        "affine.yield"() : () -> ()
      }) : (index, index) -> ()
      "affine.yield"() : () -> ()
    }) : (index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()


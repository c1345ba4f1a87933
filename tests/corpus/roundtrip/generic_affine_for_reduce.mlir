// Generic op form of seed000_affine_for_reduce.mlir (affine.for with iter_args), produced by mlir-opt --mlir-print-op-generic.
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<() -> (0)>
#map2 = affine_map<() -> (10)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<1024xf32>) -> f32, sym_name = "reduce"}> ({
  ^bb0(%arg0: memref<1024xf32>):
    %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %1 = "affine.for"(%0) <{lowerBoundMap = #map1, operandSegmentSizes = array<i32: 0, 0, 1>, step = 2 : index, upperBoundMap = #map2}> ({
    ^bb0(%arg1: index, %arg2: f32):
      %2 = "affine.load"(%arg0, %arg1) <{map = #map}> : (memref<1024xf32>, index) -> f32
      %3 = "arith.addf"(%arg2, %2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "affine.yield"(%3) : (f32) -> ()
    }) : (f32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
}) : () -> ()


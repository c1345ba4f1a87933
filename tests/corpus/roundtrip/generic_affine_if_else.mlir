// Generic op form of affine_if_else_results.mlir (affine.if/else with results), produced by mlir-opt --mlir-print-op-generic.
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<() -> (0)>
#map2 = affine_map<() -> (100)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0)>
#set1 = affine_set<(d0) : (d0 - 1 == 0)>
#set2 = affine_set<(d0) : (d0 mod 4 == 0, d0 - 2 >= 0)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<100xf32>, index) -> f32, sym_name = "ifs"}> ({
  ^bb0(%arg0: memref<100xf32>, %arg1: index):
    %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %1 = "affine.for"(%0) <{lowerBoundMap = #map1, operandSegmentSizes = array<i32: 0, 0, 1>, step = 1 : index, upperBoundMap = #map2}> ({
    ^bb0(%arg2: index, %arg3: f32):
      "affine.if"(%arg2, %arg1) ({
        "affine.store"(%0, %arg0, %arg2) <{map = #map}> : (f32, memref<100xf32>, index) -> ()
        "affine.yield"() : () -> ()
      }, {
      }) {condition = #set} : (index, index) -> ()
      %2 = "affine.if"(%arg2) ({
        %6 = "affine.load"(%arg0, %arg2) <{map = #map}> : (memref<100xf32>, index) -> f32
        "affine.yield"(%6) : (f32) -> ()
      }, {
        %4 = "affine.if"(%arg2) ({
          "affine.yield"(%0) : (f32) -> ()
        }, {
          %5 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
          "affine.yield"(%5) : (f32) -> ()
        }) {condition = #set1} : (index) -> f32
        "affine.yield"(%4) : (f32) -> ()
      }) {condition = #set2} : (index) -> f32
      %3 = "arith.addf"(%arg3, %2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "affine.yield"(%3) : (f32) -> ()
    }) : (f32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
}) : () -> ()


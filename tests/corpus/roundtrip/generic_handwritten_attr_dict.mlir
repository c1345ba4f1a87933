// Hand-written generic form using a plain attribute dictionary (not <{properties}>) for the
// inherent attributes, as older MLIR printed it; no explicit builtin.module.
"func.func"() ({
^bb0(%A: memref<16xf32>, %N: index):
  %c = "arith.constant"() {value = 1.0 : f32} : () -> f32
  "affine.for"(%N) ({
  ^bb0(%i: index):
    %v = "affine.load"(%A, %i) {map = affine_map<(d0) -> (d0)>} : (memref<16xf32>, index) -> f32
    %w = "arith.addf"(%v, %c) : (f32, f32) -> f32
    "affine.store"(%w, %A, %i) {map = affine_map<(d0) -> (d0)>} : (f32, memref<16xf32>, index) -> ()
    "affine.yield"() : () -> ()
  }) {lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = affine_map<()[s0] -> (s0)>, step = 1 : index,
      operandSegmentSizes = array<i32: 0, 1, 0>} : (index) -> ()
  "func.return"() : () -> ()
}) {sym_name = "generic_hand", function_type = (memref<16xf32>, index) -> ()} : () -> ()

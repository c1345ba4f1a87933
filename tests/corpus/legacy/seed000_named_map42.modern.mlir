// MLIR 19 spelling of seed000_named_map42.mlir.
#affine_map42 = affine_map<(d0, d1)[s0] -> (d0, d0 + d1 + s0 floordiv 2)>
func.func @named_map(%N: index) {
  %a = memref.alloc()[%N] : memref<4x4xf32, #affine_map42>
  %b = memref.alloc()[%N] : memref<4x4xf32, affine_map<(d0, d1)[s0] -> (d0, d0 + d1 + s0 floordiv 2)>>
  return
}

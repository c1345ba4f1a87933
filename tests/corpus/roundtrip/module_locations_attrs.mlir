// An explicit named module with attributes, trailing source locations (loc(...)), a location
// alias, discardable attributes on ops and functions, and an empty function body with only return.
#loc_a = loc("kernel.c":10:3)
module @m attributes {affjit.test = "locations", dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index, 64 : i64>>} {
  func.func @with_locs(%a: f32 loc("kernel.c":1:1), %b: f32) -> f32 attributes {passthrough = ["noinline"]} {
    %0 = arith.addf %a, %b {affjit.tag = 7 : i64} : f32 loc(#loc_a)
    %1 = arith.mulf %0, %0 : f32 loc(fused["kernel.c":11:5, "kernel.c":11:9])
    return %1 : f32 loc(unknown)
  } loc("kernel.c":1:1)
  func.func @empty() {
    return
  }
}

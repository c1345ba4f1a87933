// Old standard-dialect ops written with an explicit `std.` prefix (std.constant, std.addf,
// std.mulf, std.alloc, std.load, std.store, std.dealloc, std.call, std.return).
func private @sink(f32)
func @std_prefixed(%x: f32) {
  %c = std.constant 2.0 : f32
  %s = std.addf %x, %c : f32
  %p = std.mulf %s, %s : f32
  %m = std.alloc() : memref<1xf32>
  %c0 = std.constant 0 : index
  std.store %p, %m[%c0] : memref<1xf32>
  %v = std.load %m[%c0] : memref<1xf32>
  std.dealloc %m : memref<1xf32>
  std.call @sink(%v) : (f32) -> ()
  std.return
}

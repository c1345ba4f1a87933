// func.call between private functions: multiple results, memref arguments modified by the callee,
// a chain of calls and a call inside a loop.
func.func private @divmod(%a: i64, %b: i64) -> (i64, i64) {
  %q = arith.divsi %a, %b : i64
  %r = arith.remsi %a, %b : i64
  return %q, %r : i64, i64
}
func.func private @scale(%m: memref<4xf32>, %s: f32) {
  affine.for %i = 0 to 4 {
    %v = affine.load %m[%i] : memref<4xf32>
    %w = arith.mulf %v, %s : f32
    affine.store %w, %m[%i] : memref<4xf32>
  }
  return
}
func.func private @square(%x: f32) -> f32 {
  %y = arith.mulf %x, %x : f32
  return %y : f32
}
func.func private @fourth(%x: f32) -> f32 {
  %y = call @square(%x) : (f32) -> f32
  %z = call @square(%y) : (f32) -> f32
  return %z : f32
}
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %a = arith.constant 47 : i64
  %b = arith.constant 5 : i64
  %q, %r = call @divmod(%a, %b) : (i64, i64) -> (i64, i64)
  vector.print %q : i64
  vector.print %r : i64
  %m = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 4 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %g = func.call @fourth(%f) : (f32) -> f32
    affine.store %g, %m[%i] : memref<4xf32>
  }
  %h = arith.constant 0.5 : f32
  call @scale(%m, %h) : (memref<4xf32>, f32) -> ()
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %m : memref<4xf32>
  return
}

// A 16 KiB memref.alloca inside memref.alloca_scope in a 10^6-iteration loop:
// without a stack save/restore per scope this needs 16 GB of stack.
func.func private @printF32(f32)
func.func private @printNewline()
func.func @main() {
  %z = arith.constant 0.0 : f32
  %sum = affine.for %k = 0 to 1000000 iter_args(%acc = %z) -> (f32) {
    %r = memref.alloca_scope -> (f32) {
      %t = memref.alloca() : memref<4096xf32>
      %m = affine.apply affine_map<(d0) -> (d0 mod 4096)>(%k)
      %ki = arith.index_cast %m : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %t[%m] : memref<4096xf32>
      %v = affine.load %t[%m] : memref<4096xf32>
      memref.alloca_scope.return %v : f32
    }
    %s = arith.addf %acc, %r : f32
    affine.yield %s : f32
  }
  call @printF32(%sum) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}

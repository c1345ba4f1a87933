// Hazard: the producer loop passes the temporary to a call that rewrites an earlier element (t[i-1] += t[i]) in every iteration; fusing the consumer into it would read t[i] too early, so fusion must not fuse.
// MLIR 19's --affine-loop-fusion fuses this and prints different output (a miscompilation).
// FUSE-NESTS-EXACTLY: 2
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func private @fold_into_previous(%t: memref<13xf32>, %i: index) {
  %j = affine.max affine_map<(d0) -> (d0 - 1, 0)>(%i)
  %a = memref.load %t[%j] : memref<13xf32>
  %b = memref.load %t[%i] : memref<13xf32>
  %s = arith.addf %a, %b : f32
  memref.store %s, %t[%j] : memref<13xf32>
  return
}
func.func @main() {
  %t = memref.alloc() : memref<13xf32>
  %out = memref.alloc() : memref<13xf32>
  %half = arith.constant 0.5 : f32
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 13 {
    %k = affine.apply affine_map<(d0) -> ((d0 * 7) mod 11)>(%i)
    %ki = arith.index_cast %k : index to i32
    %f = arith.sitofp %ki : i32 to f32
    %v = arith.mulf %f, %half : f32
    affine.store %v, %t[%i] : memref<13xf32>
    func.call @fold_into_previous(%t, %i) : (memref<13xf32>, index) -> ()
  }
  affine.for %i = 0 to 13 {
    %a = affine.load %t[%i] : memref<13xf32>
    %b = arith.mulf %a, %two : f32
    affine.store %b, %out[%i] : memref<13xf32>
  }
  %p = memref.cast %out : memref<13xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %t : memref<13xf32>
  memref.dealloc %out : memref<13xf32>
  return
}

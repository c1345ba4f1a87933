// Hazard: the consumer reads t[i] and t[i+1], so a fused producer slice computes each element twice; fusion may recompute (the producer is pure) but every value must stay right.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %t = memref.alloc() : memref<25xf32>
  %out = memref.alloc() : memref<24xf32>
  %c15 = arith.constant 1.5 : f32
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 25 {
    %k = affine.apply affine_map<(d0) -> ((d0 * 5) mod 7)>(%i)
    %ki = arith.index_cast %k : index to i32
    %f = arith.sitofp %ki : i32 to f32
    %g = arith.mulf %f, %c15 : f32
    %h = arith.addf %g, %one : f32
    affine.store %h, %t[%i] : memref<25xf32>
  }
  affine.for %i = 0 to 24 {
    %a = affine.load %t[%i] : memref<25xf32>
    %b = affine.load %t[%i + 1] : memref<25xf32>
    %c = arith.mulf %a, %b : f32
    affine.store %c, %out[%i] : memref<24xf32>
  }
  %p = memref.cast %out : memref<24xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %t : memref<25xf32>
  memref.dealloc %out : memref<24xf32>
  return
}

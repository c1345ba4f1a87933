// Hazard: dynamic sizes (memref<?xf32> allocated with %n and %n - 1, loop bounds %n, %n - 1 and memref.dim) in a chain of three nests with a shifted read; fusion may fuse, slices must respect the symbolic bounds.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %n = arith.constant 23 : index
  %c0 = arith.constant 0 : index
  %three = arith.constant 3.0 : f32
  %t1 = memref.alloc(%n) : memref<?xf32>
  %n1 = affine.apply affine_map<()[s0] -> (s0 - 1)>()[%n]
  %t2 = memref.alloc(%n1) : memref<?xf32>
  %out = memref.alloc(%n1) : memref<?xf32>
  affine.for %i = 0 to %n {
    %k = affine.apply affine_map<(d0) -> ((d0 * 4) mod 9 - 2)>(%i)
    %ki = arith.index_cast %k : index to i32
    %f = arith.sitofp %ki : i32 to f32
    affine.store %f, %t1[%i] : memref<?xf32>
  }
  affine.for %i = 0 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
    %a = affine.load %t1[%i] : memref<?xf32>
    %b = affine.load %t1[%i + 1] : memref<?xf32>
    %c = arith.addf %a, %b : f32
    affine.store %c, %t2[%i] : memref<?xf32>
  }
  %m = memref.dim %t2, %c0 : memref<?xf32>
  affine.for %i = 0 to %m {
    %a = affine.load %t2[%i] : memref<?xf32>
    %b = arith.mulf %a, %three : f32
    affine.store %b, %out[%i] : memref<?xf32>
  }
  %p = memref.cast %out : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %t1 : memref<?xf32>
  memref.dealloc %t2 : memref<?xf32>
  memref.dealloc %out : memref<?xf32>
  return
}

// Hazard: reductions through iter_args (a per-row sum stored to r[i], a total returned as an SSA value) consumed by a later nest; the consumer may fuse per row with the row sums but never run before the total is complete.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<6x9xf32>
  %r = memref.alloc() : memref<6xf32>
  %out = memref.alloc() : memref<6x9xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 9 {
      %k = affine.apply affine_map<(d0, d1) -> ((d0 * 5 + d1 * 4) mod 9 - 4)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %A[%i, %j] : memref<6x9xf32>
    }
  }
  affine.for %i = 0 to 6 {
    %s = affine.for %j = 0 to 9 iter_args(%acc = %zero) -> (f32) {
      %a = affine.load %A[%i, %j] : memref<6x9xf32>
      %n = arith.addf %acc, %a : f32
      affine.yield %n : f32
    }
    affine.store %s, %r[%i] : memref<6xf32>
  }
  %total = affine.for %i = 0 to 6 iter_args(%acc = %zero) -> (f32) {
    %a = affine.load %A[%i, 0] : memref<6x9xf32>
    %n = arith.addf %acc, %a : f32
    affine.yield %n : f32
  }
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 9 {
      %a = affine.load %A[%i, %j] : memref<6x9xf32>
      %b = affine.load %r[%i] : memref<6xf32>
      %c = arith.subf %a, %b : f32
      %d = arith.mulf %c, %total : f32
      affine.store %d, %out[%i, %j] : memref<6x9xf32>
    }
  }
  %p = memref.cast %out : memref<6x9xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<6x9xf32>
  memref.dealloc %r : memref<6xf32>
  memref.dealloc %out : memref<6x9xf32>
  return
}

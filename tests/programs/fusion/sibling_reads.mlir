// Hazard: sibling nests reading one input (A filled by the first nest), one elementwise and one a row sum in memory; sibling fusion may share the loads but each result must stay whole.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<5x11xf32>
  %s1 = memref.alloc() : memref<5x11xf32>
  %s2 = memref.alloc() : memref<5xf32>
  %two = arith.constant 2.0 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 11 {
      %k = affine.apply affine_map<(d0, d1) -> ((d0 * 7 + d1 * 3) mod 10 - 4)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %A[%i, %j] : memref<5x11xf32>
    }
  }
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 11 {
      %a = affine.load %A[%i, %j] : memref<5x11xf32>
      %b = arith.mulf %a, %two : f32
      affine.store %b, %s1[%i, %j] : memref<5x11xf32>
    }
  }
  affine.for %i = 0 to 5 {
    affine.store %zero, %s2[%i] : memref<5xf32>
    affine.for %j = 0 to 11 {
      %a = affine.load %A[%i, %j] : memref<5x11xf32>
      %s = affine.load %s2[%i] : memref<5xf32>
      %n = arith.addf %s, %a : f32
      affine.store %n, %s2[%i] : memref<5xf32>
    }
  }
  %p1 = memref.cast %s1 : memref<5x11xf32> to memref<*xf32>
  call @printMemrefF32(%p1) : (memref<*xf32>) -> ()
  %p2 = memref.cast %s2 : memref<5xf32> to memref<*xf32>
  call @printMemrefF32(%p2) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<5x11xf32>
  memref.dealloc %s1 : memref<5x11xf32>
  memref.dealloc %s2 : memref<5xf32>
  return
}

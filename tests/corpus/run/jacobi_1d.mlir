// Jacobi 1-d 3-point stencil with two buffers and a time loop (PolyBench jacobi-1d shape).
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<12xf32>
  %B = memref.alloc() : memref<12xf32>
  affine.for %i = 0 to 12 {
    %k = affine.apply affine_map<(d0) -> ((d0 * 3) mod 5)>(%i)
    %ki = arith.index_cast %k : index to i32
    %f = arith.sitofp %ki : i32 to f32
    affine.store %f, %A[%i] : memref<12xf32>
    affine.store %f, %B[%i] : memref<12xf32>
  }
  %third = arith.constant 0.25 : f32
  affine.for %t = 0 to 4 {
    affine.for %i = 1 to 11 {
      %a = affine.load %A[%i - 1] : memref<12xf32>
      %b = affine.load %A[%i] : memref<12xf32>
      %c = affine.load %A[%i + 1] : memref<12xf32>
      %s = arith.addf %a, %b : f32
      %s2 = arith.addf %s, %b : f32
      %s3 = arith.addf %s2, %c : f32
      %r = arith.mulf %s3, %third : f32
      affine.store %r, %B[%i] : memref<12xf32>
    }
    affine.for %i = 1 to 11 {
      %a = affine.load %B[%i - 1] : memref<12xf32>
      %b = affine.load %B[%i] : memref<12xf32>
      %c = affine.load %B[%i + 1] : memref<12xf32>
      %s = arith.addf %a, %b : f32
      %s2 = arith.addf %s, %b : f32
      %s3 = arith.addf %s2, %c : f32
      %r = arith.mulf %s3, %third : f32
      affine.store %r, %A[%i] : memref<12xf32>
    }
  }
  %u = memref.cast %A : memref<12xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<12xf32>
  memref.dealloc %B : memref<12xf32>
  return
}

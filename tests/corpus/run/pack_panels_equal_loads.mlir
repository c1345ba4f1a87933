// A matmul whose statement reads B[k][j] twice: after vectorization the
// inner loop holds two equal vector loads of the B panel, and unroll-jam's
// leftover row loop reads the panels after the main one. pack-panels must
// replace each load once (it replaced one of the leftover loop's loads
// twice and crashed).
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }

func.func @f(%A: memref<68x32xf32>, %B: memref<32x16xf32>, %C: memref<68x16xf32>) {
  affine.for %i = 0 to 68 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 32 {
        %a = affine.load %A[%i, %k] : memref<68x32xf32>
        %b = affine.load %B[%k, %j] : memref<32x16xf32>
        %b2 = affine.load %B[%k, %j] : memref<32x16xf32>
        %c = affine.load %C[%i, %j] : memref<68x16xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %p, %b2 : f32
        %s = arith.addf %c, %q : f32
        affine.store %s, %C[%i, %j] : memref<68x16xf32>
      }
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<68x32xf32>
  %B = memref.alloc() : memref<32x16xf32>
  %C = memref.alloc() : memref<68x16xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 68 {
    affine.for %k = 0 to 32 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 + d1) mod 3)>(%i, %k)
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f32
      affine.store %vf, %A[%i, %k] : memref<68x32xf32>
    }
    affine.for %j = 0 to 16 {
      affine.store %zero, %C[%i, %j] : memref<68x16xf32>
    }
  }
  affine.for %k = 0 to 32 {
    affine.for %j = 0 to 16 {
      %v = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1) mod 5)>(%k, %j)
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f32
      affine.store %vf, %B[%k, %j] : memref<32x16xf32>
    }
  }
  call @f(%A, %B, %C) : (memref<68x32xf32>, memref<32x16xf32>, memref<68x16xf32>) -> ()
  %u = memref.cast %C : memref<68x16xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<68x32xf32>
  memref.dealloc %B : memref<32x16xf32>
  memref.dealloc %C : memref<68x16xf32>
  return
}

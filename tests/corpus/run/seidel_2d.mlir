// Gauss-Seidel 2-d 9-point stencil (PolyBench seidel-2d shape), 3 time steps on a 10x10 f64 grid,
// updated in place so iterations depend on each other.
func.func private @printMemrefF64(memref<*xf64>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<10x10xf64>
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %k = affine.apply affine_map<(d0, d1) -> ((d0 * 7 + d1 * 3) mod 11)>(%i, %j)
      %ki = arith.index_cast %k : index to i64
      %f = arith.sitofp %ki : i64 to f64
      affine.store %f, %A[%i, %j] : memref<10x10xf64>
    }
  }
  %nine = arith.constant 9.0 : f64
  affine.for %t = 0 to 3 {
    affine.for %i = 1 to 9 {
      affine.for %j = 1 to 9 {
        %a0 = affine.load %A[%i - 1, %j - 1] : memref<10x10xf64>
        %a1 = affine.load %A[%i - 1, %j] : memref<10x10xf64>
        %a2 = affine.load %A[%i - 1, %j + 1] : memref<10x10xf64>
        %a3 = affine.load %A[%i, %j - 1] : memref<10x10xf64>
        %a4 = affine.load %A[%i, %j] : memref<10x10xf64>
        %a5 = affine.load %A[%i, %j + 1] : memref<10x10xf64>
        %a6 = affine.load %A[%i + 1, %j - 1] : memref<10x10xf64>
        %a7 = affine.load %A[%i + 1, %j] : memref<10x10xf64>
        %a8 = affine.load %A[%i + 1, %j + 1] : memref<10x10xf64>
        %s0 = arith.addf %a0, %a1 : f64
        %s1 = arith.addf %s0, %a2 : f64
        %s2 = arith.addf %s1, %a3 : f64
        %s3 = arith.addf %s2, %a4 : f64
        %s4 = arith.addf %s3, %a5 : f64
        %s5 = arith.addf %s4, %a6 : f64
        %s6 = arith.addf %s5, %a7 : f64
        %s7 = arith.addf %s6, %a8 : f64
        %r = arith.divf %s7, %nine : f64
        affine.store %r, %A[%i, %j] : memref<10x10xf64>
      }
    }
  }
  %u = memref.cast %A : memref<10x10xf64> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  memref.dealloc %A : memref<10x10xf64>
  return
}

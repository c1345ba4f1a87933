// affine.vector_load / affine.vector_store (1-d, 8 and 4 lanes) computing B = A * 2 + 1.
// (2-d vector_load/store do not lower with run-mlir's pipeline; they are in roundtrip/ only.)
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<4x16xf32>
  %B = memref.alloc() : memref<4x16xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 16 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 16 + d1)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %A[%i, %j] : memref<4x16xf32>
    }
  }
  %two = arith.constant dense<2.0> : vector<8xf32>
  %one = arith.constant dense<1.0> : vector<8xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 16 step 8 {
      %v = affine.vector_load %A[%i, %j] : memref<4x16xf32>, vector<8xf32>
      %w = vector.fma %v, %two, %one : vector<8xf32>
      affine.vector_store %w, %B[%i, %j] : memref<4x16xf32>, vector<8xf32>
    }
  }
  %u = memref.cast %B : memref<4x16xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %t = affine.vector_load %A[1, 2] : memref<4x16xf32>, vector<4xf32>
  vector.print %t : vector<4xf32>
  %z = arith.constant dense<0.0> : vector<4xf32>
  affine.vector_store %z, %B[2, 12] : memref<4x16xf32>, vector<4xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<4x16xf32>
  memref.dealloc %B : memref<4x16xf32>
  return
}

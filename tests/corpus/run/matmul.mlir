// 8x8x8 f32 matmul C += A * B with affine loops (A[i][k] = i + k, B[k][j] = k - j).
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @matmul(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 8 {
        %a = affine.load %A[%i, %k] : memref<8x8xf32>
        %b = affine.load %B[%k, %j] : memref<8x8xf32>
        %c = affine.load %C[%i, %j] : memref<8x8xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<8x8xf32>
      }
    }
  }
  return
}
func.func @main() {
  %A = memref.alloc() : memref<8x8xf32>
  %B = memref.alloc() : memref<8x8xf32>
  %C = memref.alloc() : memref<8x8xf32>
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %s = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i, %j)
      %d = affine.apply affine_map<(d0, d1) -> (d0 - d1)>(%i, %j)
      %si = arith.index_cast %s : index to i32
      %di = arith.index_cast %d : index to i32
      %sf = arith.sitofp %si : i32 to f32
      %df = arith.sitofp %di : i32 to f32
      affine.store %sf, %A[%i, %j] : memref<8x8xf32>
      affine.store %df, %B[%i, %j] : memref<8x8xf32>
      affine.store %z, %C[%i, %j] : memref<8x8xf32>
    }
  }
  call @matmul(%A, %B, %C) : (memref<8x8xf32>, memref<8x8xf32>, memref<8x8xf32>) -> ()
  %u = memref.cast %C : memref<8x8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<8x8xf32>
  memref.dealloc %B : memref<8x8xf32>
  memref.dealloc %C : memref<8x8xf32>
  return
}

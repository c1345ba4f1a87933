// PIPELINE: split-triangle,scalrep,vectorize,unroll-jam
// The blocks split-triangle makes are what unroll-jam blocks: sums over
// 13 rows of a triangle 150 columns wide, in blocks of 6 rows (512-bit
// vectors: 4 registers of sums per row, 24 of 32 for the block), become
// one jammed loop of 6 rows per block with no row left over in the block;
// the triangles and the last row are not jammed.
func.func private @printMemrefF32(memref<*xf32>)
func.func @upper(%data: memref<3x150xf32>, %C: memref<13x150xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 13 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 150 {
      affine.store %zero, %C[%i, %j] : memref<13x150xf32>
      affine.for %k = 0 to 3 {
        %a = affine.load %data[%k, %i] : memref<3x150xf32>
        %b = affine.load %data[%k, %j] : memref<3x150xf32>
        %p = arith.mulf %a, %b : f32
        %c = affine.load %C[%i, %j] : memref<13x150xf32>
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<13x150xf32>
      }
    }
  }
  return
}
func.func @main() {
  %data = memref.alloc() : memref<3x150xf32>
  %C = memref.alloc() : memref<13x150xf32>
  %cp = memref.cast %C : memref<13x150xf32> to memref<*xf32>
  affine.for %k = 0 to 3 {
    affine.for %j = 0 to 150 {
      %kj = affine.apply affine_map<(d0, d1) -> ((d0 * 5 + d1 * 3) mod 11)>(%k, %j)
      %i = arith.index_cast %kj : index to i32
      %f = arith.sitofp %i : i32 to f32
      %q = arith.constant 0.125 : f32
      %v = arith.subf %f, %q : f32
      affine.store %v, %data[%k, %j] : memref<3x150xf32>
    }
  }
  %one = arith.constant 1.5 : f32
  affine.for %i = 0 to 13 {
    affine.for %j = 0 to 150 {
      affine.store %one, %C[%i, %j] : memref<13x150xf32>
    }
  }
  func.call @upper(%data, %C) : (memref<3x150xf32>, memref<13x150xf32>) -> ()
  func.call @printMemrefF32(%cp) : (memref<*xf32>) -> ()
  return
}

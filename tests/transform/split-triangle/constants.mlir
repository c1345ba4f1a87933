// PIPELINE: split-triangle
// Constants made inside the row loop: @scaled's sums use one, and
// @symbol's columns loop takes one as a symbol of its lower bound. The
// copies of the columns loop run outside the row loop, so the constants go
// before it. @scaled's 12 rows make whole blocks of 6 (the row loop is
// then gone), @symbol's 10 leave rows over; with 256-bit vectors (blocks
// of 5) the other way round.
func.func private @printMemrefF32(memref<*xf32>)
func.func @scaled(%data: memref<3x12xf32>, %C: memref<12x12xf32>) {
  affine.for %i = 0 to 12 {
    %two = arith.constant 2.0 : f32
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 12 {
      affine.for %k = 0 to 3 {
        %a = affine.load %data[%k, %i] : memref<3x12xf32>
        %b = affine.load %data[%k, %j] : memref<3x12xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.mulf %p, %two : f32
        %c = affine.load %C[%i, %j] : memref<12x12xf32>
        %s = arith.addf %c, %q : f32
        affine.store %s, %C[%i, %j] : memref<12x12xf32>
      }
    }
  }
  return
}
func.func @symbol(%data: memref<3x12xf32>, %C: memref<12x12xf32>) {
  affine.for %i = 0 to 10 {
    %c1 = arith.constant 1 : index
    affine.for %j = affine_map<(d0)[s0] -> (d0)>(%i)[%c1] to 12 {
      affine.for %k = 0 to 3 {
        %b = affine.load %data[%k, %j] : memref<3x12xf32>
        %c = affine.load %C[%i, %j] : memref<12x12xf32>
        %s = arith.subf %c, %b : f32
        affine.store %s, %C[%i, %j] : memref<12x12xf32>
      }
    }
  }
  return
}
func.func @main() {
  %data = memref.alloc() : memref<3x12xf32>
  %C = memref.alloc() : memref<12x12xf32>
  %cp = memref.cast %C : memref<12x12xf32> to memref<*xf32>
  affine.for %k = 0 to 3 {
    affine.for %j = 0 to 12 {
      %kj = affine.apply affine_map<(d0, d1) -> ((d0 * 5 + d1 * 3) mod 11)>(%k, %j)
      %i = arith.index_cast %kj : index to i32
      %f = arith.sitofp %i : i32 to f32
      affine.store %f, %data[%k, %j] : memref<3x12xf32>
    }
  }
  %one = arith.constant 1.5 : f32
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 12 {
      affine.store %one, %C[%i, %j] : memref<12x12xf32>
    }
  }
  func.call @scaled(%data, %C) : (memref<3x12xf32>, memref<12x12xf32>) -> ()
  func.call @printMemrefF32(%cp) : (memref<*xf32>) -> ()
  func.call @symbol(%data, %C) : (memref<3x12xf32>, memref<12x12xf32>) -> ()
  func.call @printMemrefF32(%cp) : (memref<*xf32>) -> ()
  return
}

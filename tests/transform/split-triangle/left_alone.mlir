// PIPELINE: split-triangle
// Triangular nests split-triangle must leave as they are. In @dependent
// each row reads the last column of the row before, which that row
// computes in the rectangle part of its block: with the triangles of a
// block first, row i + 1's triangle would read it before it is written.
// @stepped steps its columns by 2. @below runs j up to i (its upper bound
// moves with the row), @doubled from 2i: not the shapes the split knows,
// so nothing is said of them.
func.func private @printMemrefF32(memref<*xf32>)
func.func @dependent(%data: memref<3x13xf32>, %C: memref<13x13xf32>) {
  affine.for %i = 1 to 13 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 13 {
      affine.for %k = 0 to 3 {
        %a = affine.load %C[%i - 1, 12] : memref<13x13xf32>
        %b = affine.load %data[%k, %j] : memref<3x13xf32>
        %p = arith.mulf %a, %b : f32
        %c = affine.load %C[%i, %j] : memref<13x13xf32>
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<13x13xf32>
      }
    }
  }
  return
}
func.func @stepped(%data: memref<3x13xf32>, %C: memref<13x13xf32>) {
  affine.for %i = 0 to 13 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 13 step 2 {
      affine.for %k = 0 to 3 {
        %b = affine.load %data[%k, %j] : memref<3x13xf32>
        %c = affine.load %C[%i, %j] : memref<13x13xf32>
        %s = arith.addf %c, %b : f32
        affine.store %s, %C[%i, %j] : memref<13x13xf32>
      }
    }
  }
  return
}
func.func @below(%data: memref<3x13xf32>, %C: memref<13x13xf32>) {
  affine.for %i = 0 to 13 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      affine.for %k = 0 to 3 {
        %b = affine.load %data[%k, %j] : memref<3x13xf32>
        %c = affine.load %C[%i, %j] : memref<13x13xf32>
        %s = arith.addf %c, %b : f32
        affine.store %s, %C[%i, %j] : memref<13x13xf32>
      }
    }
  }
  return
}
func.func @doubled(%data: memref<3x13xf32>, %C: memref<13x13xf32>) {
  affine.for %i = 0 to 6 {
    affine.for %j = affine_map<(d0) -> (d0 * 2)>(%i) to 13 {
      affine.for %k = 0 to 3 {
        %b = affine.load %data[%k, %j] : memref<3x13xf32>
        %c = affine.load %C[%i, %j] : memref<13x13xf32>
        %s = arith.addf %c, %b : f32
        affine.store %s, %C[%i, %j] : memref<13x13xf32>
      }
    }
  }
  return
}
func.func @main() {
  %data = memref.alloc() : memref<3x13xf32>
  %C = memref.alloc() : memref<13x13xf32>
  %cp = memref.cast %C : memref<13x13xf32> to memref<*xf32>
  affine.for %k = 0 to 3 {
    affine.for %j = 0 to 13 {
      %kj = affine.apply affine_map<(d0, d1) -> ((d0 * 5 + d1 * 3) mod 11)>(%k, %j)
      %i = arith.index_cast %kj : index to i32
      %f = arith.sitofp %i : i32 to f32
      %q = arith.constant 0.125 : f32
      %v = arith.mulf %f, %q : f32
      affine.store %v, %data[%k, %j] : memref<3x13xf32>
    }
  }
  affine.for %i = 0 to 13 {
    affine.for %j = 0 to 13 {
      %ij = affine.apply affine_map<(d0, d1) -> ((d0 + d1 * 7) mod 5)>(%i, %j)
      %n = arith.index_cast %ij : index to i32
      %f = arith.sitofp %n : i32 to f32
      affine.store %f, %C[%i, %j] : memref<13x13xf32>
    }
  }
  func.call @dependent(%data, %C) : (memref<3x13xf32>, memref<13x13xf32>) -> ()
  func.call @printMemrefF32(%cp) : (memref<*xf32>) -> ()
  func.call @stepped(%data, %C) : (memref<3x13xf32>, memref<13x13xf32>) -> ()
  func.call @below(%data, %C) : (memref<3x13xf32>, memref<13x13xf32>) -> ()
  func.call @doubled(%data, %C) : (memref<3x13xf32>, memref<13x13xf32>) -> ()
  func.call @printMemrefF32(%cp) : (memref<*xf32>) -> ()
  return
}

// PIPELINE: pack-panels
// A vector load that every iteration of a row loop repeats, strided along
// the innermost loop (B[k, j:j+8] steps a whole row of B per k), is copied
// once before the row loop into panels laid out in the order the j and k
// loops read them (memref<4x12x8xf32>: 4 blocks of columns, 12 k steps, 8
// lanes), and the nest reads the panels instead; the output is bit for bit
// the same. @tiled has the column loop's start fixed outside the row loop
// (a tile of columns, as after `tile`): the panels are indexed from it.
// In @panels a loop over two rows right after the blocked one (as
// unroll-jam leaves the last rows) reads the same panels, freed after it.
// Left alone: a row loop that writes B, one of 4 iterations, and a load
// whose subscript moves with the row loop.
func.func private @printMemrefF32(memref<*xf32>)

func.func @panels(%A: memref<16x12xf32>, %B: memref<12x32xf32>, %C: memref<16x32xf32>) {
  affine.for %i = 0 to 16 step 2 {
    affine.for %j = 0 to 32 step 8 {
      %c0 = affine.vector_load %C[%i, %j] : memref<16x32xf32>, vector<8xf32>
      %c1 = affine.vector_load %C[%i + 1, %j] : memref<16x32xf32>, vector<8xf32>
      %r:2 = affine.for %k = 0 to 12 iter_args(%s0 = %c0, %s1 = %c1) -> (vector<8xf32>, vector<8xf32>) {
        %a0 = affine.load %A[%i, %k] : memref<16x12xf32>
        %a1 = affine.load %A[%i + 1, %k] : memref<16x12xf32>
        %b = affine.vector_load %B[%k, %j] : memref<12x32xf32>, vector<8xf32>
        %v0 = vector.broadcast %a0 : f32 to vector<8xf32>
        %v1 = vector.broadcast %a1 : f32 to vector<8xf32>
        %p0 = arith.mulf %v0, %b : vector<8xf32>
        %p1 = arith.mulf %v1, %b : vector<8xf32>
        %n0 = arith.addf %s0, %p0 : vector<8xf32>
        %n1 = arith.addf %s1, %p1 : vector<8xf32>
        affine.yield %n0, %n1 : vector<8xf32>, vector<8xf32>
      }
      affine.vector_store %r#0, %C[%i, %j] : memref<16x32xf32>, vector<8xf32>
      affine.vector_store %r#1, %C[%i + 1, %j] : memref<16x32xf32>, vector<8xf32>
    }
  }
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 32 step 8 {
      %c = affine.vector_load %C[%i, %j] : memref<16x32xf32>, vector<8xf32>
      %r = affine.for %k = 0 to 12 iter_args(%s = %c) -> (vector<8xf32>) {
        %a = affine.load %A[%i, %k] : memref<16x12xf32>
        %b = affine.vector_load %B[%k, %j] : memref<12x32xf32>, vector<8xf32>
        %v = vector.broadcast %a : f32 to vector<8xf32>
        %p = arith.mulf %v, %b : vector<8xf32>
        %n = arith.addf %s, %p : vector<8xf32>
        affine.yield %n : vector<8xf32>
      }
      affine.vector_store %r, %C[%i, %j] : memref<16x32xf32>, vector<8xf32>
    }
  }
  return
}

func.func @tiled(%A: memref<16x12xf32>, %B: memref<12x32xf32>, %C: memref<16x32xf32>) {
  affine.for %jj = 0 to 32 step 16 {
    affine.for %kk = 0 to 12 step 6 {
      affine.for %i = 0 to 16 {
        affine.for %j = affine_map<(d0) -> (d0)>(%jj) to affine_map<(d0) -> (d0 + 16)>(%jj) step 8 {
          %c = affine.vector_load %C[%i, %j] : memref<16x32xf32>, vector<8xf32>
          %r = affine.for %k = affine_map<(d0) -> (d0)>(%kk) to affine_map<(d0) -> (d0 + 6)>(%kk) iter_args(%s = %c) -> (vector<8xf32>) {
            %a = affine.load %A[%i, %k] : memref<16x12xf32>
            %b = affine.vector_load %B[%k, %j] : memref<12x32xf32>, vector<8xf32>
            %v = vector.broadcast %a : f32 to vector<8xf32>
            %p = arith.mulf %v, %b : vector<8xf32>
            %n = arith.addf %s, %p : vector<8xf32>
            affine.yield %n : vector<8xf32>
          }
          affine.vector_store %r, %C[%i, %j] : memref<16x32xf32>, vector<8xf32>
        }
      }
    }
  }
  return
}

func.func @left_alone(%A: memref<16x12xf32>, %B: memref<12x32xf32>, %C: memref<16x32xf32>) {
  // The row loop writes B.
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 32 step 8 {
      %c = affine.vector_load %C[%i, %j] : memref<16x32xf32>, vector<8xf32>
      %r = affine.for %k = 0 to 12 iter_args(%s = %c) -> (vector<8xf32>) {
        %b = affine.vector_load %B[%k, %j] : memref<12x32xf32>, vector<8xf32>
        %n = arith.addf %s, %b : vector<8xf32>
        affine.yield %n : vector<8xf32>
      }
      affine.vector_store %r, %C[%i, %j] : memref<16x32xf32>, vector<8xf32>
    }
    %row = affine.vector_load %C[%i, 0] : memref<16x32xf32>, vector<8xf32>
    affine.vector_store %row, %B[%i, 0] : memref<12x32xf32>, vector<8xf32>
  }
  // Four rows: the copy would not pay for itself.
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 32 step 8 {
      %c = affine.vector_load %C[%i, %j] : memref<16x32xf32>, vector<8xf32>
      %r = affine.for %k = 0 to 12 iter_args(%s = %c) -> (vector<8xf32>) {
        %b = affine.vector_load %B[%k, %j] : memref<12x32xf32>, vector<8xf32>
        %n = arith.addf %s, %b : vector<8xf32>
        affine.yield %n : vector<8xf32>
      }
      affine.vector_store %r, %C[%i, %j] : memref<16x32xf32>, vector<8xf32>
    }
  }
  // B's row depends on the row loop too.
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 24 step 8 {
      %c = affine.vector_load %C[%i, %j] : memref<16x32xf32>, vector<8xf32>
      %r = affine.for %k = 0 to 4 iter_args(%s = %c) -> (vector<8xf32>) {
        %b = affine.vector_load %B[%k + %i, %j] : memref<12x32xf32>, vector<8xf32>
        %n = arith.addf %s, %b : vector<8xf32>
        affine.yield %n : vector<8xf32>
      }
      affine.vector_store %r, %C[%i, %j] : memref<16x32xf32>, vector<8xf32>
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<16x12xf32>
  %B = memref.alloc() : memref<12x32xf32>
  %C = memref.alloc() : memref<16x32xf32>
  %third = arith.constant 0.333333 : f32
  affine.for %i = 0 to 16 {
    affine.for %k = 0 to 12 {
      %x = affine.apply affine_map<(d0, d1) -> ((d0 * 7 + d1 * 3) mod 11)>(%i, %k)
      %c = arith.index_cast %x : index to i32
      %f = arith.sitofp %c : i32 to f32
      %g = arith.mulf %f, %third : f32
      affine.store %g, %A[%i, %k] : memref<16x12xf32>
    }
  }
  affine.for %k = 0 to 12 {
    affine.for %j = 0 to 32 {
      %x = affine.apply affine_map<(d0, d1) -> ((d0 * 5 + d1) mod 7)>(%k, %j)
      %c = arith.index_cast %x : index to i32
      %f = arith.sitofp %c : i32 to f32
      %g = arith.mulf %f, %third : f32
      affine.store %g, %B[%k, %j] : memref<12x32xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 32 {
      affine.store %third, %C[%i, %j] : memref<16x32xf32>
    }
  }
  call @panels(%A, %B, %C) : (memref<16x12xf32>, memref<12x32xf32>, memref<16x32xf32>) -> ()
  call @tiled(%A, %B, %C) : (memref<16x12xf32>, memref<12x32xf32>, memref<16x32xf32>) -> ()
  call @left_alone(%A, %B, %C) : (memref<16x12xf32>, memref<12x32xf32>, memref<16x32xf32>) -> ()
  %pc = memref.cast %C : memref<16x32xf32> to memref<*xf32>
  call @printMemrefF32(%pc) : (memref<*xf32>) -> ()
  %pb = memref.cast %B : memref<12x32xf32> to memref<*xf32>
  call @printMemrefF32(%pb) : (memref<*xf32>) -> ()
  return
}

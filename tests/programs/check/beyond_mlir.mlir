// Where `affjit check` knows more than `mlir-opt -test-memref-bound-check`
// (expected diagnostics at the end, EXPECT for affjit, MLIR-EXPECT for
// mlir-opt: tests/unit/BoundsCheckTest.cpp checks both).
// EXPECT-EXIT: 1

// (i * 3) mod 5 is 0 or 3 for i in {0, 1}: in bounds of 4 elements. The
// rational check has a point at index 4 (MLIR: a false alarm).
func.func @integer_exactness(%A: memref<4xf32>) {
  affine.for %i = 0 to 2 {
    %v = affine.load %A[(%i * 3) mod 5] : memref<4xf32>
  }
  return
}

// The guards keep the index below 8, in the then-region of the first and
// the else-region of the second (MLIR ignores guards: two false alarms).
func.func @guards(%A: memref<8xf32>) {
  affine.for %i = 0 to 16 {
    affine.if affine_set<(d0) : (7 - d0 >= 0)>(%i) {
      %v = affine.load %A[%i] : memref<8xf32>
    }
    affine.if affine_set<(d0) : (d0 - 7 >= 0)>(%i) {
    } else {
      %w = affine.load %A[%i] : memref<8xf32>
    }
  }
  return
}

// Steps: %j is even (its lower bound %i is 0, 4 or 8, its step 2), so at
// most 10, in bounds of 11 elements. MLIR models the step of a loop with
// a constant lower bound only: a false alarm.
func.func @steps(%B: memref<11xf32>) {
  affine.for %i = 0 to 9 step 4 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 12 step 2 {
      %w = affine.load %B[%j] : memref<11xf32>
    }
  }
  return
}

// A vector access touches its whole vector: the last four elements of the
// first vector_load are past the end (MLIR checks the first element only
// and misses it).
func.func @vectors(%A: memref<4x30xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %v = affine.vector_load %A[%i, %j * 8] : memref<4x30xf32>, vector<8xf32>
      %w = affine.vector_load %A[%i, %j * 7] : memref<4x30xf32>, vector<2x8xf32>
      affine.vector_store %v, %A[%i, %j * 5 + 2] : memref<4x30xf32>, vector<8xf32>
    }
  }
  return
}

// DMA transfers are checked over every element they move, and their tags
// (MLIR does not check DMAs).
func.func @dma() {
  %slow = memref.alloc() : memref<4x5xf32>
  %fast = memref.alloc() : memref<2x5xf32, 1>
  %tag = memref.alloc() : memref<2xi32>
  %c10 = arith.constant 10 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  affine.dma_start %slow[2, 0], %fast[0, 0], %tag[0], %c10 : memref<4x5xf32>, memref<2x5xf32, 1>, memref<2xi32>
  affine.dma_wait %tag[0], %c10 : memref<2xi32>
  affine.dma_start %slow[3, 0], %fast[0, 0], %tag[1], %c10 : memref<4x5xf32>, memref<2x5xf32, 1>, memref<2xi32>
  affine.dma_wait %tag[1], %c10 : memref<2xi32>
  affine.dma_start %slow[0, 3], %fast[0, 0], %tag[2], %c8, %c5, %c2 : memref<4x5xf32>, memref<2x5xf32, 1>, memref<2xi32>
  affine.dma_wait %tag[2], %c8 : memref<2xi32>
  affine.dma_start %slow[0, 4], %fast[0, 0], %tag[0], %c8, %c5, %c2 : memref<4x5xf32>, memref<2x5xf32, 1>, memref<2xi32>
  affine.dma_wait %tag[0], %c8 : memref<2xi32>
  return
}
// EXPECT: 48:12: error: 'affine.vector_load' op memref out of upper bound access along dimension #2
// EXPECT: 49:12: error: 'affine.vector_load' op memref out of upper bound access along dimension #1
// EXPECT: 68:3: error: 'affine.dma_start' op memref out of upper bound access along dimension #1 (source)
// EXPECT: 70:3: error: 'affine.dma_start' op memref out of upper bound access along dimension #1 (tag)
// EXPECT: 71:3: error: 'affine.dma_wait' op memref out of upper bound access along dimension #1 (tag)
// EXPECT: 72:3: error: 'affine.dma_start' op memref out of upper bound access along dimension #1 (source)
// MLIR-EXPECT: 10:10: error: 'affine.load' op memref out of upper bound access along dimension #1
// MLIR-EXPECT: 20:12: error: 'affine.load' op memref out of upper bound access along dimension #1
// MLIR-EXPECT: 24:12: error: 'affine.load' op memref out of upper bound access along dimension #1
// MLIR-EXPECT: 36:12: error: 'affine.load' op memref out of upper bound access along dimension #1

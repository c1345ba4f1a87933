// Static shapes: `affjit check` reports exactly what
// `mlir-opt -test-memref-bound-check` reports (expected diagnostics at the
// end; tests/unit/BoundsCheckTest.cpp checks both), here in loops with
// steps, min/max bounds, tiles, affine.apply chains, floordiv/ceildiv/mod
// subscripts, affine.parallel, constant and symbolic subscripts and 0-d
// memrefs.
// EXPECT-EXIT: 1
// MLIR: same
func.func @borders(%n: index) {
  %A = memref.alloc() : memref<9x9xi32>
  %B = memref.alloc() : memref<100xi32>
  %c3 = arith.constant 3 : index
  %c100 = arith.constant 100 : index
  %m1 = arith.constant -1 : index
  affine.for %i = -1 to 10 {
    affine.for %j = 0 to 9 {
      %x = affine.load %A[%i, %j] : memref<9x9xi32>
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 9 + d1)>(%i, %j)
      %y = affine.load %B[%k] : memref<100xi32>
      affine.store %y, %A[%j, %i + 1] : memref<9x9xi32>
    }
  }
  affine.for %i = 0 to 4 {
    %u = affine.load %B[%c3] : memref<100xi32>
    %v = affine.load %B[%c100] : memref<100xi32>
    affine.store %u, %B[%m1] : memref<100xi32>
  }
  affine.for %i = 0 to %n {
    %w = affine.load %B[%i] : memref<100xi32>
  }
  return
}

func.func @divisions() {
  %A = memref.alloc() : memref<64x16x16xf32>
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 64 {
      %x = affine.load %A[%i mod 64, %j floordiv 4, %j ceildiv 4] : memref<64x16x16xf32>
      affine.store %x, %A[%i floordiv 2, %j mod 16, %j ceildiv 4 - 1] : memref<64x16x16xf32>
      %y = affine.load %A[(%i + %j) mod 64, (%j mod 32) floordiv 2, ((%i mod 8) ceildiv 2) * 4] : memref<64x16x16xf32>
    }
  }
  return
}

func.func @tiles(%A: memref<1000xf32>, %B: memref<256x256xf32>) {
  affine.for %t = 0 to 1000 step 32 {
    affine.for %i = affine_map<(d0) -> (d0)>(%t) to min affine_map<(d0) -> (d0 + 32, 1000)>(%t) {
      %v = affine.load %A[%i] : memref<1000xf32>
    }
    affine.for %i = affine_map<(d0) -> (d0)>(%t) to affine_map<(d0) -> (d0 + 32)>(%t) {
      %w = affine.load %A[%i] : memref<1000xf32>
    }
  }
  affine.for %i = 0 to 256 step 4 {
    affine.for %j = max affine_map<(d0) -> (0, d0 - 8)>(%i) to min affine_map<(d0) -> (256, d0 + 8)>(%i) {
      %x = affine.load %B[%i + 3, %j] : memref<256x256xf32>
      %y = affine.load %B[%i + 4, %j] : memref<256x256xf32>
    }
  }
  return
}

func.func @parallel_and_scalars(%M: memref<64x64xf64>, %S: memref<f64>) {
  affine.parallel (%i, %j) = (0, 0) to (64, 65) {
    %x = affine.load %M[%i, %j] : memref<64x64xf64>
    affine.store %x, %S[] : memref<f64>
  }
  affine.for %i = 0 to 16 {
    %v = affine.vector_load %M[%i * 4, 0] : memref<64x64xf64>, vector<8xf64>
    affine.vector_store %v, %M[%i, 56] : memref<64x64xf64>, vector<8xf64>
  }
  return
}
// EXPECT: 17:12: error: 'affine.load' op memref out of upper bound access along dimension #1
// EXPECT: 17:12: error: 'affine.load' op memref out of lower bound access along dimension #1
// EXPECT: 19:12: error: 'affine.load' op memref out of lower bound access along dimension #1
// EXPECT: 20:7: error: 'affine.store' op memref out of upper bound access along dimension #2
// EXPECT: 25:10: error: 'affine.load' op memref out of upper bound access along dimension #1
// EXPECT: 26:5: error: 'affine.store' op memref out of lower bound access along dimension #1
// EXPECT: 29:10: error: 'affine.load' op memref out of upper bound access along dimension #1
// EXPECT: 38:12: error: 'affine.load' op memref out of upper bound access along dimension #3
// EXPECT: 39:7: error: 'affine.store' op memref out of lower bound access along dimension #3
// EXPECT: 40:12: error: 'affine.load' op memref out of upper bound access along dimension #3
// EXPECT: 52:12: error: 'affine.load' op memref out of upper bound access along dimension #1
// EXPECT: 58:12: error: 'affine.load' op memref out of upper bound access along dimension #1
// EXPECT: 66:10: error: 'affine.load' op memref out of upper bound access along dimension #2

// Triangular loops whose first (or last) rows run zero times, vectorizable
// along j (no dependence between columns), alone and with a producer nest
// fused into them: every generated bound must stay within [lb, ub) of each
// row, including rows where ub < lb (checked with --checked in the tests).
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  // a: rows j in [1, affine_map<(d0) -> (d0 - 2)>(%i)) of a 24x24 buffer.
  %aA = memref.alloc() : memref<24x24xf32>
  %aB = memref.alloc() : memref<24x24xf32>
  %aT = memref.alloc() : memref<24x24xf32>
  affine.for %i = 0 to 24 {
    affine.for %j = 0 to 24 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 24 + d1)>(%i, %j)
      %kk = arith.index_cast %k : index to i32
      %f = arith.sitofp %kk : i32 to f32
      affine.store %zero, %aA[%i, %j] : memref<24x24xf32>
      affine.store %f, %aB[%i, %j] : memref<24x24xf32>
    }
  }
  %aU0 = memref.cast %aB : memref<24x24xf32> to memref<*xf32>
  call @printMemrefF32(%aU0) : (memref<*xf32>) -> ()
  affine.for %i = 0 to 24 {
    affine.for %j = 1 to affine_map<(d0) -> (d0 - 2)>(%i) {
      %x = affine.load %aB[%i, %j] : memref<24x24xf32>
      %y = arith.addf %x, %one : f32
      affine.store %y, %aA[%i, %j] : memref<24x24xf32>
    }
  }
  %aU = memref.cast %aA : memref<24x24xf32> to memref<*xf32>
  call @printMemrefF32(%aU) : (memref<*xf32>) -> ()
  // b: rows j in [1, affine_map<(d0) -> (d0 - 2)>(%i)) of a 24x24 buffer, reading what a producer nest fused into it writes.
  %bA = memref.alloc() : memref<24x24xf32>
  %bB = memref.alloc() : memref<24x24xf32>
  %bT = memref.alloc() : memref<24x24xf32>
  affine.for %i = 0 to 24 {
    affine.for %j = 0 to 24 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 24 + d1)>(%i, %j)
      %kk = arith.index_cast %k : index to i32
      %f = arith.sitofp %kk : i32 to f32
      affine.store %zero, %bA[%i, %j] : memref<24x24xf32>
      affine.store %f, %bB[%i, %j] : memref<24x24xf32>
    }
  }
  %bU0 = memref.cast %bB : memref<24x24xf32> to memref<*xf32>
  call @printMemrefF32(%bU0) : (memref<*xf32>) -> ()
  affine.for %i = 0 to 24 {
    affine.for %j = 0 to 24 {
      %x = affine.load %bB[%i, %j] : memref<24x24xf32>
      %y = arith.mulf %x, %two : f32
      affine.store %y, %bT[%i, %j] : memref<24x24xf32>
    }
  }
  affine.for %i = 0 to 24 {
    affine.for %j = 1 to affine_map<(d0) -> (d0 - 2)>(%i) {
      %x = affine.load %bT[%i, %j] : memref<24x24xf32>
      %y = arith.addf %x, %one : f32
      affine.store %y, %bA[%i, %j] : memref<24x24xf32>
    }
  }
  %bU = memref.cast %bA : memref<24x24xf32> to memref<*xf32>
  call @printMemrefF32(%bU) : (memref<*xf32>) -> ()
  // c: rows j in [affine_map<(d0) -> (d0 + 1)>(%i), 20) of a 20x20 buffer, reading what a producer nest fused into it writes.
  %cA = memref.alloc() : memref<20x20xf32>
  %cB = memref.alloc() : memref<20x20xf32>
  %cT = memref.alloc() : memref<20x20xf32>
  affine.for %i = 0 to 20 {
    affine.for %j = 0 to 20 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 20 + d1)>(%i, %j)
      %kk = arith.index_cast %k : index to i32
      %f = arith.sitofp %kk : i32 to f32
      affine.store %zero, %cA[%i, %j] : memref<20x20xf32>
      affine.store %f, %cB[%i, %j] : memref<20x20xf32>
    }
  }
  %cU0 = memref.cast %cB : memref<20x20xf32> to memref<*xf32>
  call @printMemrefF32(%cU0) : (memref<*xf32>) -> ()
  affine.for %i = 0 to 20 {
    affine.for %j = 0 to 20 {
      %x = affine.load %cB[%i, %j] : memref<20x20xf32>
      %y = arith.mulf %x, %two : f32
      affine.store %y, %cT[%i, %j] : memref<20x20xf32>
    }
  }
  affine.for %i = 0 to 20 {
    affine.for %j = affine_map<(d0) -> (d0 + 1)>(%i) to 20 {
      %x = affine.load %cT[%i, %j] : memref<20x20xf32>
      %y = arith.addf %x, %one : f32
      affine.store %y, %cA[%i, %j] : memref<20x20xf32>
    }
  }
  %cU = memref.cast %cA : memref<20x20xf32> to memref<*xf32>
  call @printMemrefF32(%cU) : (memref<*xf32>) -> ()
  // d: rows j in [affine_map<(d0) -> (d0 floordiv 3 + 2)>(%i), affine_map<(d0) -> (d0 floordiv 2 + d0 floordiv 3)>(%i)) of a 40x40 buffer.
  %dA = memref.alloc() : memref<40x40xf32>
  %dB = memref.alloc() : memref<40x40xf32>
  %dT = memref.alloc() : memref<40x40xf32>
  affine.for %i = 0 to 40 {
    affine.for %j = 0 to 40 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 40 + d1)>(%i, %j)
      %kk = arith.index_cast %k : index to i32
      %f = arith.sitofp %kk : i32 to f32
      affine.store %zero, %dA[%i, %j] : memref<40x40xf32>
      affine.store %f, %dB[%i, %j] : memref<40x40xf32>
    }
  }
  %dU0 = memref.cast %dB : memref<40x40xf32> to memref<*xf32>
  call @printMemrefF32(%dU0) : (memref<*xf32>) -> ()
  affine.for %i = 0 to 40 {
    affine.for %j = affine_map<(d0) -> (d0 floordiv 3 + 2)>(%i) to affine_map<(d0) -> (d0 floordiv 2 + d0 floordiv 3)>(%i) {
      %x = affine.load %dB[%i, %j] : memref<40x40xf32>
      %y = arith.addf %x, %one : f32
      affine.store %y, %dA[%i, %j] : memref<40x40xf32>
    }
  }
  %dU = memref.cast %dA : memref<40x40xf32> to memref<*xf32>
  call @printMemrefF32(%dU) : (memref<*xf32>) -> ()
  return
}

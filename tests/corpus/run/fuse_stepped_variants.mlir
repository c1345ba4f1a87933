// Fusion of producers and consumers whose loops have steps (2, 3, 4, from 0 or
// 1, on either side or both; 1-d and 2-d) and of siblings with steps: a slice
// of a stepped source loop runs only the iterations that loop runs (its
// bounds rounded up onto the loop's step lattice), so the elements a stepped
// producer skips keep the zeros written before it. Each consumer does enough
// work per element that fusion pays (checked with --opt-report=fuse).
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %m1 = arith.constant -1.0 : f32
  %z = arith.constant 0.0 : f32
  %c = arith.constant 1.5 : f32
  // a: T[i + 0] = A[i] + c for i = 0 to 16 step 4; O[j] = f(T[j + 0]) for j = 0 to 16 step 1.
  %aA = memref.alloc() : memref<17xf32>
  %aT = memref.alloc() : memref<17xf32>
  %aO = memref.alloc() : memref<17xf32>
  affine.for %k = 0 to 17 {
    affine.store %m1, %aO[%k] : memref<17xf32>
  }
  affine.for %k = 0 to 17 {
    %kk = arith.index_cast %k : index to i32
    %f = arith.sitofp %kk : i32 to f32
    affine.store %f, %aA[%k] : memref<17xf32>
  }
  affine.for %k = 0 to 17 {
    affine.store %z, %aT[%k] : memref<17xf32>
  }
  affine.for %i = 0 to 16 step 4 {
    %a = affine.load %aA[%i] : memref<17xf32>
    %b = arith.addf %a, %c : f32
    affine.store %b, %aT[%i + 0] : memref<17xf32>
  }
  affine.for %j = 0 to 16 step 1 {
    %ax = affine.load %aT[%j + 0] : memref<17xf32>
    %ah1 = arith.mulf %ax, %c : f32
    %ah2 = arith.addf %ah1, %c : f32
    %ah3 = arith.mulf %ah2, %c : f32
    %ah4 = arith.subf %ah3, %c : f32
    %ah5 = arith.mulf %ah4, %c : f32
    %ah6 = arith.addf %ah5, %ax : f32
    %ag1 = arith.mulf %ah6, %c : f32
    %ag2 = arith.addf %ag1, %c : f32
    %ag3 = arith.mulf %ag2, %c : f32
    %ag4 = arith.subf %ag3, %c : f32
    %ag5 = arith.mulf %ag4, %c : f32
    %ag6 = arith.addf %ag5, %c : f32
    %ag7 = arith.mulf %ag6, %c : f32
    %ag8 = arith.subf %ag7, %c : f32
    %ag9 = arith.mulf %ag8, %c : f32
    %ah7 = arith.addf %ag9, %ax : f32
    affine.store %ah7, %aO[%j] : memref<17xf32>
  }
  %aU = memref.cast %aO : memref<17xf32> to memref<*xf32>
  call @printMemrefF32(%aU) : (memref<*xf32>) -> ()
  // b: T[i + 0] = A[i] + c for i = 1 to 16 step 3; O[j] = f(T[j + 0]) for j = 0 to 16 step 2.
  %bA = memref.alloc() : memref<17xf32>
  %bT = memref.alloc() : memref<17xf32>
  %bO = memref.alloc() : memref<17xf32>
  affine.for %k = 0 to 17 {
    affine.store %m1, %bO[%k] : memref<17xf32>
  }
  affine.for %k = 0 to 17 {
    %kk = arith.index_cast %k : index to i32
    %f = arith.sitofp %kk : i32 to f32
    affine.store %f, %bA[%k] : memref<17xf32>
  }
  affine.for %k = 0 to 17 {
    affine.store %z, %bT[%k] : memref<17xf32>
  }
  affine.for %i = 1 to 16 step 3 {
    %a = affine.load %bA[%i] : memref<17xf32>
    %b = arith.addf %a, %c : f32
    affine.store %b, %bT[%i + 0] : memref<17xf32>
  }
  affine.for %j = 0 to 16 step 2 {
    %bx = affine.load %bT[%j + 0] : memref<17xf32>
    %bh1 = arith.mulf %bx, %c : f32
    %bh2 = arith.addf %bh1, %c : f32
    %bh3 = arith.mulf %bh2, %c : f32
    %bh4 = arith.subf %bh3, %c : f32
    %bh5 = arith.mulf %bh4, %c : f32
    %bh6 = arith.addf %bh5, %bx : f32
    affine.store %bh6, %bO[%j] : memref<17xf32>
  }
  %bU = memref.cast %bO : memref<17xf32> to memref<*xf32>
  call @printMemrefF32(%bU) : (memref<*xf32>) -> ()
  // d: T[i + 1] = A[i] + c for i = 0 to 16 step 2; O[j] = f(T[j + 0]) for j = 1 to 16 step 3.
  %dA = memref.alloc() : memref<17xf32>
  %dT = memref.alloc() : memref<17xf32>
  %dO = memref.alloc() : memref<17xf32>
  affine.for %k = 0 to 17 {
    affine.store %m1, %dO[%k] : memref<17xf32>
  }
  affine.for %k = 0 to 17 {
    %kk = arith.index_cast %k : index to i32
    %f = arith.sitofp %kk : i32 to f32
    affine.store %f, %dA[%k] : memref<17xf32>
  }
  affine.for %k = 0 to 17 {
    affine.store %z, %dT[%k] : memref<17xf32>
  }
  affine.for %i = 0 to 16 step 2 {
    %a = affine.load %dA[%i] : memref<17xf32>
    %b = arith.addf %a, %c : f32
    affine.store %b, %dT[%i + 1] : memref<17xf32>
  }
  affine.for %j = 1 to 16 step 3 {
    %dx = affine.load %dT[%j + 0] : memref<17xf32>
    %dh1 = arith.mulf %dx, %c : f32
    %dh2 = arith.addf %dh1, %c : f32
    %dh3 = arith.mulf %dh2, %c : f32
    %dh4 = arith.subf %dh3, %c : f32
    %dh5 = arith.mulf %dh4, %c : f32
    %dh6 = arith.addf %dh5, %dx : f32
    affine.store %dh6, %dO[%j] : memref<17xf32>
  }
  %dU = memref.cast %dO : memref<17xf32> to memref<*xf32>
  call @printMemrefF32(%dU) : (memref<*xf32>) -> ()
  // e: T[i + 0] = A[i] + c for i = 0 to 16 step 2; O[j] = f(T[j + 0]) for j = 0 to 16 step 4.
  %eA = memref.alloc() : memref<17xf32>
  %eT = memref.alloc() : memref<17xf32>
  %eO = memref.alloc() : memref<17xf32>
  affine.for %k = 0 to 17 {
    affine.store %m1, %eO[%k] : memref<17xf32>
  }
  affine.for %k = 0 to 17 {
    %kk = arith.index_cast %k : index to i32
    %f = arith.sitofp %kk : i32 to f32
    affine.store %f, %eA[%k] : memref<17xf32>
  }
  affine.for %k = 0 to 17 {
    affine.store %z, %eT[%k] : memref<17xf32>
  }
  affine.for %i = 0 to 16 step 2 {
    %a = affine.load %eA[%i] : memref<17xf32>
    %b = arith.addf %a, %c : f32
    affine.store %b, %eT[%i + 0] : memref<17xf32>
  }
  affine.for %j = 0 to 16 step 4 {
    %ex = affine.load %eT[%j + 0] : memref<17xf32>
    %eh1 = arith.mulf %ex, %c : f32
    %eh2 = arith.addf %eh1, %c : f32
    %eh3 = arith.mulf %eh2, %c : f32
    %eh4 = arith.subf %eh3, %c : f32
    %eh5 = arith.mulf %eh4, %c : f32
    %eh6 = arith.addf %eh5, %ex : f32
    affine.store %eh6, %eO[%j] : memref<17xf32>
  }
  %eU = memref.cast %eO : memref<17xf32> to memref<*xf32>
  call @printMemrefF32(%eU) : (memref<*xf32>) -> ()
  // f: T[i + 0] = A[i] + c for i = 1 to 8 step 4; O[j] = f(T[j + 1]) for j = 1 to 8 step 2.
  %fA = memref.alloc() : memref<9xf32>
  %fT = memref.alloc() : memref<9xf32>
  %fO = memref.alloc() : memref<9xf32>
  affine.for %k = 0 to 9 {
    affine.store %m1, %fO[%k] : memref<9xf32>
  }
  affine.for %k = 0 to 9 {
    %kk = arith.index_cast %k : index to i32
    %f = arith.sitofp %kk : i32 to f32
    affine.store %f, %fA[%k] : memref<9xf32>
  }
  affine.for %k = 0 to 9 {
    affine.store %z, %fT[%k] : memref<9xf32>
  }
  affine.for %i = 1 to 8 step 4 {
    %a = affine.load %fA[%i] : memref<9xf32>
    %b = arith.addf %a, %c : f32
    affine.store %b, %fT[%i + 0] : memref<9xf32>
  }
  affine.for %j = 1 to 8 step 2 {
    %fx = affine.load %fT[%j + 1] : memref<9xf32>
    %fh1 = arith.mulf %fx, %c : f32
    %fh2 = arith.addf %fh1, %c : f32
    %fh3 = arith.mulf %fh2, %c : f32
    %fh4 = arith.subf %fh3, %c : f32
    %fh5 = arith.mulf %fh4, %c : f32
    %fh6 = arith.addf %fh5, %fx : f32
    affine.store %fh6, %fO[%j] : memref<9xf32>
  }
  %fU = memref.cast %fO : memref<9xf32> to memref<*xf32>
  call @printMemrefF32(%fU) : (memref<*xf32>) -> ()
  // g: a 2-d producer with steps 3 x 2 (from 1, 0) and a consumer with steps 1 x 1.
  %gA = memref.alloc() : memref<9x9xf32>
  %gT = memref.alloc() : memref<9x9xf32>
  %gO = memref.alloc() : memref<9x9xf32>
  affine.for %k = 0 to 9 {
    affine.for %l = 0 to 9 {
      affine.store %m1, %gO[%k, %l] : memref<9x9xf32>
    }
  }
  affine.for %k = 0 to 9 {
    affine.for %l = 0 to 9 {
      %kl = affine.apply affine_map<(d0, d1) -> (d0 * 9 + d1)>(%k, %l)
      %kk = arith.index_cast %kl : index to i32
      %f = arith.sitofp %kk : i32 to f32
      affine.store %f, %gA[%k, %l] : memref<9x9xf32>
    }
  }
  affine.for %k = 0 to 9 {
    affine.for %l = 0 to 9 {
      affine.store %z, %gT[%k, %l] : memref<9x9xf32>
    }
  }
  affine.for %i = 1 to 9 step 3 {
    affine.for %i2 = 0 to 9 step 2 {
      %a = affine.load %gA[%i, %i2] : memref<9x9xf32>
      %b = arith.addf %a, %c : f32
      affine.store %b, %gT[%i, %i2] : memref<9x9xf32>
    }
  }
  affine.for %j = 0 to 9 step 1 {
    affine.for %j2 = 0 to 9 step 1 {
      %gx = affine.load %gT[%j, %j2] : memref<9x9xf32>
    %gh1 = arith.mulf %gx, %c : f32
    %gh2 = arith.addf %gh1, %c : f32
    %gh3 = arith.mulf %gh2, %c : f32
    %gh4 = arith.subf %gh3, %c : f32
    %gh5 = arith.mulf %gh4, %c : f32
    %gh6 = arith.addf %gh5, %gx : f32
      affine.store %gh6, %gO[%j, %j2] : memref<9x9xf32>
    }
  }
  %gU = memref.cast %gO : memref<9x9xf32> to memref<*xf32>
  call @printMemrefF32(%gU) : (memref<*xf32>) -> ()
  // h: a 2-d producer with steps 1 x 3 (from 0, 1) and a consumer with steps 2 x 1.
  %hA = memref.alloc() : memref<7x7xf32>
  %hT = memref.alloc() : memref<7x7xf32>
  %hO = memref.alloc() : memref<7x7xf32>
  affine.for %k = 0 to 7 {
    affine.for %l = 0 to 7 {
      affine.store %m1, %hO[%k, %l] : memref<7x7xf32>
    }
  }
  affine.for %k = 0 to 7 {
    affine.for %l = 0 to 7 {
      %kl = affine.apply affine_map<(d0, d1) -> (d0 * 7 + d1)>(%k, %l)
      %kk = arith.index_cast %kl : index to i32
      %f = arith.sitofp %kk : i32 to f32
      affine.store %f, %hA[%k, %l] : memref<7x7xf32>
    }
  }
  affine.for %k = 0 to 7 {
    affine.for %l = 0 to 7 {
      affine.store %z, %hT[%k, %l] : memref<7x7xf32>
    }
  }
  affine.for %i = 0 to 7 step 1 {
    affine.for %i2 = 1 to 7 step 3 {
      %a = affine.load %hA[%i, %i2] : memref<7x7xf32>
      %b = arith.addf %a, %c : f32
      affine.store %b, %hT[%i, %i2] : memref<7x7xf32>
    }
  }
  affine.for %j = 0 to 7 step 2 {
    affine.for %j2 = 0 to 7 step 1 {
      %hx = affine.load %hT[%j, %j2] : memref<7x7xf32>
    %hh1 = arith.mulf %hx, %c : f32
    %hh2 = arith.addf %hh1, %c : f32
    %hh3 = arith.mulf %hh2, %c : f32
    %hh4 = arith.subf %hh3, %c : f32
    %hh5 = arith.mulf %hh4, %c : f32
    %hh6 = arith.addf %hh5, %hx : f32
      affine.store %hh6, %hO[%j, %j2] : memref<7x7xf32>
    }
  }
  %hU = memref.cast %hO : memref<7x7xf32> to memref<*xf32>
  call @printMemrefF32(%hU) : (memref<*xf32>) -> ()
  // s: siblings reading A with steps 1 x 2 and 1 x 2.
  %sA = memref.alloc() : memref<7x7xf32>
  %sO1 = memref.alloc() : memref<7x7xf32>
  %sO2 = memref.alloc() : memref<7x7xf32>
  affine.for %k = 0 to 7 {
    affine.for %l = 0 to 7 {
      %kl = affine.apply affine_map<(d0, d1) -> (d0 * 7 + d1)>(%k, %l)
      %kk = arith.index_cast %kl : index to i32
      %f = arith.sitofp %kk : i32 to f32
      affine.store %f, %sA[%k, %l] : memref<7x7xf32>
      affine.store %m1, %sO1[%k, %l] : memref<7x7xf32>
      affine.store %m1, %sO2[%k, %l] : memref<7x7xf32>
    }
  }
  %sU0 = memref.cast %sA : memref<7x7xf32> to memref<*xf32>
  call @printMemrefF32(%sU0) : (memref<*xf32>) -> ()
  affine.for %i = 0 to 7 step 1 {
    affine.for %i2 = 0 to 7 step 2 {
      %a = affine.load %sA[%i, %i2] : memref<7x7xf32>
      %b = arith.addf %a, %c : f32
      affine.store %b, %sO1[%i, %i2] : memref<7x7xf32>
    }
  }
  affine.for %j = 0 to 7 step 1 {
    affine.for %j2 = 0 to 7 step 2 {
      %x = affine.load %sA[%j, %j2] : memref<7x7xf32>
      %s = arith.mulf %x, %c : f32
      affine.store %s, %sO2[%j, %j2] : memref<7x7xf32>
    }
  }
  %sU1 = memref.cast %sO1 : memref<7x7xf32> to memref<*xf32>
  call @printMemrefF32(%sU1) : (memref<*xf32>) -> ()
  %sU2 = memref.cast %sO2 : memref<7x7xf32> to memref<*xf32>
  call @printMemrefF32(%sU2) : (memref<*xf32>) -> ()
  // t: siblings reading A with steps 2 x 1 and 1 x 3.
  %tA = memref.alloc() : memref<7x7xf32>
  %tO1 = memref.alloc() : memref<7x7xf32>
  %tO2 = memref.alloc() : memref<7x7xf32>
  affine.for %k = 0 to 7 {
    affine.for %l = 0 to 7 {
      %kl = affine.apply affine_map<(d0, d1) -> (d0 * 7 + d1)>(%k, %l)
      %kk = arith.index_cast %kl : index to i32
      %f = arith.sitofp %kk : i32 to f32
      affine.store %f, %tA[%k, %l] : memref<7x7xf32>
      affine.store %m1, %tO1[%k, %l] : memref<7x7xf32>
      affine.store %m1, %tO2[%k, %l] : memref<7x7xf32>
    }
  }
  %tU0 = memref.cast %tA : memref<7x7xf32> to memref<*xf32>
  call @printMemrefF32(%tU0) : (memref<*xf32>) -> ()
  affine.for %i = 0 to 7 step 2 {
    affine.for %i2 = 0 to 7 step 1 {
      %a = affine.load %tA[%i, %i2] : memref<7x7xf32>
      %b = arith.addf %a, %c : f32
      affine.store %b, %tO1[%i, %i2] : memref<7x7xf32>
    }
  }
  affine.for %j = 0 to 7 step 1 {
    affine.for %j2 = 0 to 7 step 3 {
      %x = affine.load %tA[%j, %j2] : memref<7x7xf32>
      %s = arith.mulf %x, %c : f32
      affine.store %s, %tO2[%j, %j2] : memref<7x7xf32>
    }
  }
  %tU1 = memref.cast %tO1 : memref<7x7xf32> to memref<*xf32>
  call @printMemrefF32(%tU1) : (memref<*xf32>) -> ()
  %tU2 = memref.cast %tO2 : memref<7x7xf32> to memref<*xf32>
  call @printMemrefF32(%tU2) : (memref<*xf32>) -> ()
  return
}

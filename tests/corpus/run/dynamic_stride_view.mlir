// Views whose strides are known only at run time (reinterpret_cast to
// strided<[?], offset: ?> and strided<[?, ?], offset: ?>): the kernel cannot
// assume its innermost stride is 1, so its loops stay scalar. Called with
// run-time strides 1, 2 and 3 and sizes 0, 1, 9, 17 and 64.
func.func private @printMemrefF32(memref<*xf32>)

func.func @kernel(%V: memref<?xf32, strided<[?], offset: ?>>,
                  %W: memref<?x?xf32, strided<[?, ?], offset: ?>>,
                  %B: memref<?xf32>, %n: index) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to %n {
    %x = affine.load %V[%i] : memref<?xf32, strided<[?], offset: ?>>
    %y = arith.addf %x, %one : f32
    affine.store %y, %B[%i] : memref<?xf32>
  }
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to %n {
      %x = affine.load %W[%i, %j] : memref<?x?xf32, strided<[?, ?], offset: ?>>
      %y = arith.addf %x, %one : f32
      affine.store %y, %W[%i, %j] : memref<?x?xf32, strided<[?, ?], offset: ?>>
    }
  }
  return
}

func.func @run(%stride: index, %offset: index, %n: index) {
  %A = memref.alloc() : memref<400xf32>
  %B = memref.alloc() : memref<400xf32>
  affine.for %i = 0 to 400 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %A[%i] : memref<400xf32>
    %g = arith.negf %f : f32
    affine.store %g, %B[%i] : memref<400xf32>
  }
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %V = memref.reinterpret_cast %A to offset: [%offset], sizes: [%n], strides: [%stride] : memref<400xf32> to memref<?xf32, strided<[?], offset: ?>>
  %s2 = arith.muli %stride, %c2 : index
  // Two interleaved rows: element (i, j) at offset + i + j * 2 * stride.
  %W = memref.reinterpret_cast %A to offset: [%offset], sizes: [%c2, %n], strides: [%c1, %s2] : memref<400xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %Bd = memref.cast %B : memref<400xf32> to memref<?xf32>
  call @kernel(%V, %W, %Bd, %n) : (memref<?xf32, strided<[?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?xf32>, index) -> ()
  %UA = memref.cast %A : memref<400xf32> to memref<*xf32>
  call @printMemrefF32(%UA) : (memref<*xf32>) -> ()
  %UB = memref.cast %B : memref<400xf32> to memref<*xf32>
  call @printMemrefF32(%UB) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<400xf32>
  memref.dealloc %B : memref<400xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c9 = arith.constant 9 : index
  %c17 = arith.constant 17 : index
  %c64 = arith.constant 64 : index
  call @run(%c1, %c0, %c64) : (index, index, index) -> ()
  call @run(%c2, %c1, %c64) : (index, index, index) -> ()
  call @run(%c3, %c5, %c17) : (index, index, index) -> ()
  call @run(%c2, %c0, %c9) : (index, index, index) -> ()
  call @run(%c3, %c2, %c1) : (index, index, index) -> ()
  call @run(%c2, %c3, %c0) : (index, index, index) -> ()
  return
}

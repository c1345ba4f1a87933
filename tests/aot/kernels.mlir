// Kernels an outside C program calls through `affjit compile`: dynamic and
// static shapes, a strided view, scalar and several results, a rank-0
// memref, integers, and a parallel loop.
func.func @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : memref<?xf32>
    %w = affine.load %y[%i] : memref<?xf32>
    %p = arith.mulf %a, %v : f32
    %s = arith.addf %p, %w : f32
    affine.store %s, %y[%i] : memref<?xf32>
  }
  return
}

func.func @matmul(%A: memref<64x48xf64>, %B: memref<48x32xf64>,
                  %C: memref<64x32xf64>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 32 {
      affine.for %k = 0 to 48 {
        %a = affine.load %A[%i, %k] : memref<64x48xf64>
        %b = affine.load %B[%k, %j] : memref<48x32xf64>
        %c = affine.load %C[%i, %j] : memref<64x32xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<64x32xf64>
      }
    }
  }
  return
}

// The sum and the index of the largest element of a strided column.
func.func @sum_argmax(%x: memref<?xi32, strided<[?], offset: ?>>) -> (i64, index) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi32, strided<[?], offset: ?>>
  %zero = arith.constant 0 : i64
  %first = affine.load %x[0] : memref<?xi32, strided<[?], offset: ?>>
  %r:3 = affine.for %i = 0 to %n iter_args(%s = %zero, %best = %first, %at = %c0) -> (i64, i32, index) {
    %v = affine.load %x[%i] : memref<?xi32, strided<[?], offset: ?>>
    %w = arith.extsi %v : i32 to i64
    %s2 = arith.addi %s, %w : i64
    %gt = arith.cmpi sgt, %v, %best : i32
    %b2 = arith.select %gt, %v, %best : i32
    %a2 = arith.select %gt, %i, %at : index
    affine.yield %s2, %b2, %a2 : i64, i32, index
  }
  return %r#0, %r#2 : i64, index
}

// out[] = in[] * scale[] (rank 0), rows in parallel.
func.func @scale_rows(%in: memref<256x256xf32>, %scale: memref<f32>,
                      %out: memref<256x256xf32>) {
  %s = affine.load %scale[] : memref<f32>
  affine.parallel (%i, %j) = (0, 0) to (256, 256) {
    %v = affine.load %in[%i, %j] : memref<256x256xf32>
    %p = arith.mulf %v, %s : f32
    affine.store %p, %out[%i, %j] : memref<256x256xf32>
  }
  return
}

func.func @main() {
  %x = memref.alloc() : memref<3xf32>
  %c1 = arith.constant 1.0 : f32
  affine.for %i = 0 to 3 {
    affine.store %c1, %x[%i] : memref<3xf32>
  }
  %xd = memref.cast %x : memref<3xf32> to memref<?xf32>
  %two = arith.constant 2.0 : f32
  call @saxpy(%two, %xd, %xd) : (f32, memref<?xf32>, memref<?xf32>) -> ()
  %u = memref.cast %x : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %x : memref<3xf32>
  return
}
func.func private @printMemrefF32(memref<*xf32>)

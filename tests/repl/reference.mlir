// What tests/repl/session.repl does, as one program for mlir-cpu-runner:
// reference.out is its output recorded with MLIR 19
// (shared/tools/run-mlir reference.mlir), which the REPL's :print output
// must equal.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI64(memref<*xi64>) attributes {llvm.emit_c_interface}

func.func @saxpy(%x: memref<16xf32>, %y: memref<16xf32>, %a: f32) {
  affine.for %i = 0 to 16 {
    %xv = affine.load %x[%i] : memref<16xf32>
    %yv = affine.load %y[%i] : memref<16xf32>
    %p = arith.mulf %a, %xv : f32
    %s = arith.addf %p, %yv : f32
    affine.store %s, %y[%i] : memref<16xf32>
  }
  return
}

func.func @matmul(%A: memref<4x6xf32>, %B: memref<6x5xf32>, %C: memref<4x5xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 6 {
        %a = affine.load %A[%i, %k] : memref<4x6xf32>
        %b = affine.load %B[%k, %j] : memref<6x5xf32>
        %c = affine.load %C[%i, %j] : memref<4x5xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<4x5xf32>
      }
    }
  }
  return
}

func.func @scale_i64(%m: memref<3x3xi64>, %k: i64) {
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 3 {
      %v = affine.load %m[%i, %j] : memref<3x3xi64>
      %p = arith.muli %v, %k : i64
      affine.store %p, %m[%i, %j] : memref<3x3xi64>
    }
  }
  return
}

// Fills like the REPL's `iota`: element n (row-major) holds n.
func.func @iota1(%m: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    %c = arith.index_cast %i : index to i64
    %f = arith.sitofp %c : i64 to f32
    affine.store %f, %m[%i] : memref<16xf32>
  }
  return
}

func.func @iota2(%m: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xf32>
  %cols = memref.dim %m, %c1 : memref<?x?xf32>
  affine.for %i = 0 to %rows {
    affine.for %j = 0 to %cols {
      %n = affine.apply affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>(%i, %j)[%cols]
      %c = arith.index_cast %n : index to i64
      %f = arith.sitofp %c : i64 to f32
      affine.store %f, %m[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

func.func @ones1(%m: memref<16xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 16 {
    affine.store %one, %m[%i] : memref<16xf32>
  }
  return
}

func.func @iota_i64(%m: memref<3x3xi64>) {
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 3 {
      %n = affine.apply affine_map<(d0, d1) -> (d0 * 3 + d1)>(%i, %j)
      %c = arith.index_cast %n : index to i64
      affine.store %c, %m[%i, %j] : memref<3x3xi64>
    }
  }
  return
}

func.func @main() {
  %two = arith.constant 2.0 : f32
  %k = arith.constant -7 : i64
  %x = memref.alloc() : memref<16xf32>
  %y = memref.alloc() : memref<16xf32>
  call @iota1(%x) : (memref<16xf32>) -> ()
  call @ones1(%y) : (memref<16xf32>) -> ()
  call @saxpy(%x, %y, %two) : (memref<16xf32>, memref<16xf32>, f32) -> ()
  %yu = memref.cast %y : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%yu) : (memref<*xf32>) -> ()

  %a = memref.alloc() : memref<4x6xf32>
  %b = memref.alloc() : memref<6x5xf32>
  %c = memref.alloc() : memref<4x5xf32>
  %ad = memref.cast %a : memref<4x6xf32> to memref<?x?xf32>
  %bd = memref.cast %b : memref<6x5xf32> to memref<?x?xf32>
  %cd = memref.cast %c : memref<4x5xf32> to memref<?x?xf32>
  call @iota2(%ad) : (memref<?x?xf32>) -> ()
  call @iota2(%bd) : (memref<?x?xf32>) -> ()
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      affine.store %zero, %c[%i, %j] : memref<4x5xf32>
    }
  }
  call @matmul(%a, %b, %c) : (memref<4x6xf32>, memref<6x5xf32>, memref<4x5xf32>) -> ()
  %cu = memref.cast %c : memref<4x5xf32> to memref<*xf32>
  call @printMemrefF32(%cu) : (memref<*xf32>) -> ()
  call @matmul(%a, %b, %c) : (memref<4x6xf32>, memref<6x5xf32>, memref<4x5xf32>) -> ()
  call @printMemrefF32(%cu) : (memref<*xf32>) -> ()

  %m = memref.alloc() : memref<3x3xi64>
  call @iota_i64(%m) : (memref<3x3xi64>) -> ()
  call @scale_i64(%m, %k) : (memref<3x3xi64>, i64) -> ()
  %mu = memref.cast %m : memref<3x3xi64> to memref<*xi64>
  call @printMemrefI64(%mu) : (memref<*xi64>) -> ()
  memref.dealloc %x : memref<16xf32>
  memref.dealloc %y : memref<16xf32>
  memref.dealloc %a : memref<4x6xf32>
  memref.dealloc %b : memref<6x5xf32>
  memref.dealloc %c : memref<4x5xf32>
  memref.dealloc %m : memref<3x3xi64>
  return
}

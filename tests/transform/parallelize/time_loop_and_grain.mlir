// PIPELINE: parallelize
// A time loop carries a dependence through %a and %b, so it stays a loop
// and its two sweeps inside are each parallel and may become
// affine.parallel ops (a region per sweep and time step) where they have
// the work: the averaging sweep does (1.3M op instances), the copy of 1000
// columns (512K, under 2^19) does not. A float sum is not parallelized
// without fast math (its order would change), and an 8-iteration loop is
// too little work for a parallel region (MLIR's -affine-parallelize has no
// such threshold and converts both), and neither is the copy of a row.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %a = memref.alloc() : memref<258x1024xf32>
  %b = memref.alloc() : memref<258x1024xf32>
  %s = memref.alloc() : memref<8xf32>
  affine.for %i = 0 to 258 {
    affine.for %j = 0 to 1024 {
      %k = affine.apply affine_map<(d0, d1) -> ((d0 * 13 + d1 * 7) mod 17)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %a[%i, %j] : memref<258x1024xf32>
      affine.store %f, %b[%i, %j] : memref<258x1024xf32>
    }
  }
  %half = arith.constant 0.5 : f32
  affine.for %t = 0 to 3 {
    affine.for %i = 1 to 257 {
      affine.for %j = 0 to 1024 {
        %u = affine.load %a[%i - 1, %j] : memref<258x1024xf32>
        %d = affine.load %a[%i + 1, %j] : memref<258x1024xf32>
        %p = arith.addf %u, %d : f32
        %q = arith.mulf %p, %half : f32
        affine.store %q, %b[%i, %j] : memref<258x1024xf32>
      }
    }
    affine.for %i = 1 to 257 {
      affine.for %j = 0 to 1000 {
        %v = affine.load %b[%i, %j] : memref<258x1024xf32>
        affine.store %v, %a[%i, %j] : memref<258x1024xf32>
      }
    }
  }
  %zero = arith.constant 0.0 : f32
  %sum = affine.for %i = 0 to 258 iter_args(%acc = %zero) -> (f32) {
    %v = affine.load %a[%i, 5] : memref<258x1024xf32>
    %n = arith.addf %acc, %v : f32
    affine.yield %n : f32
  }
  affine.for %i = 0 to 8 {
    affine.store %sum, %s[%i] : memref<8xf32>
  }
  %c = memref.cast %s : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%c) : (memref<*xf32>) -> ()
  %row = memref.alloc() : memref<1024xf32>
  affine.for %j = 0 to 1024 {
    %v = affine.load %a[30, %j] : memref<258x1024xf32>
    affine.store %v, %row[%j] : memref<1024xf32>
  }
  %rc = memref.cast %row : memref<1024xf32> to memref<*xf32>
  call @printMemrefF32(%rc) : (memref<*xf32>) -> ()
  memref.dealloc %row : memref<1024xf32>
  memref.dealloc %a : memref<258x1024xf32>
  memref.dealloc %b : memref<258x1024xf32>
  memref.dealloc %s : memref<8xf32>
  return
}

// PIPELINE: raise-scf
// A 1-D three-point stencil and a 2-D five-point stencil in scf with
// shifted subscripts (i - 1, i + 1), a loop with negative bounds reading
// at i + 4, a step of 2, and an scf.if on an affine comparison: all of it
// raisable to affine.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %cm4 = arith.constant -4 : index
  %third = arith.constant 0.25 : f32
  %in = memref.alloc() : memref<10xf32>
  %out = memref.alloc() : memref<10xf32>
  scf.for %i = %cm4 to %c6 step %c1 {
    %x = arith.addi %i, %c4 : index
    %t = arith.index_cast %x : index to i32
    %sq = arith.muli %t, %t : i32
    %f = arith.sitofp %sq : i32 to f32
    memref.store %f, %in[%x] : memref<10xf32>
    memref.store %f, %out[%x] : memref<10xf32>
  }
  scf.for %i = %c1 to %c9 step %c2 {
    %im1 = arith.subi %i, %c1 : index
    %ip1 = arith.addi %i, %c1 : index
    %a = memref.load %in[%im1] : memref<10xf32>
    %b = memref.load %in[%i] : memref<10xf32>
    %c = memref.load %in[%ip1] : memref<10xf32>
    %s1 = arith.addf %a, %c : f32
    %s2 = arith.addf %s1, %b : f32
    %s3 = arith.addf %s2, %b : f32
    %r = arith.mulf %s3, %third : f32
    memref.store %r, %out[%i] : memref<10xf32>
  }
  %u = memref.cast %out : memref<10xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %g = memref.alloc() : memref<5x5xf32>
  %h = memref.alloc() : memref<5x5xf32>
  scf.for %i = %c0 to %c5 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %m = arith.muli %i, %c5 : index
      %x = arith.addi %m, %j : index
      %t = arith.index_cast %x : index to i32
      %f = arith.sitofp %t : i32 to f32
      memref.store %f, %g[%i, %j] : memref<5x5xf32>
      %z = arith.constant 0.0 : f32
      memref.store %z, %h[%i, %j] : memref<5x5xf32>
    }
  }
  %c4u = arith.subi %c5, %c1 : index
  scf.for %i = %c1 to %c4u step %c1 {
    scf.for %j = %c1 to %c4 step %c1 {
      %im1 = arith.subi %i, %c1 : index
      %ip1 = arith.addi %i, %c1 : index
      %jm1 = arith.subi %j, %c1 : index
      %jp1 = arith.addi %j, %c1 : index
      %n = memref.load %g[%im1, %j] : memref<5x5xf32>
      %s = memref.load %g[%ip1, %j] : memref<5x5xf32>
      %w = memref.load %g[%i, %jm1] : memref<5x5xf32>
      %e = memref.load %g[%i, %jp1] : memref<5x5xf32>
      %ctr = memref.load %g[%i, %j] : memref<5x5xf32>
      %s1 = arith.addf %n, %s : f32
      %s2 = arith.addf %w, %e : f32
      %s3 = arith.addf %s1, %s2 : f32
      %diag = arith.cmpi sle, %i, %j : index
      %v = scf.if %diag -> (f32) {
        %d = arith.subf %s3, %ctr : f32
        scf.yield %d : f32
      } else {
        scf.yield %ctr : f32
      }
      memref.store %v, %h[%i, %j] : memref<5x5xf32>
    }
  }
  %uh = memref.cast %h : memref<5x5xf32> to memref<*xf32>
  call @printMemrefF32(%uh) : (memref<*xf32>) -> ()
  memref.dealloc %in : memref<10xf32>
  memref.dealloc %out : memref<10xf32>
  memref.dealloc %g : memref<5x5xf32>
  memref.dealloc %h : memref<5x5xf32>
  return
}

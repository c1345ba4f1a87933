// Reductions in scf: a row-sum nest with iter_args, a whole-array sum in
// an scf.parallel with an addf reduction and a non-zero init, an integer
// max that affine.parallel has no kind for (stays scf.parallel), and a
// product over a strided loop.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %f0 = arith.constant 0.0 : f32
  %f2 = arith.constant 2.0 : f32
  %m = memref.alloc() : memref<8x16xf32>
  %rows = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %a = arith.muli %i, %c3 : index
      %b = arith.subi %a, %j : index
      %t = arith.index_cast %b : index to i32
      %f = arith.sitofp %t : i32 to f32
      memref.store %f, %m[%i, %j] : memref<8x16xf32>
    }
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %s = scf.for %j = %c0 to %c16 step %c1 iter_args(%acc = %f0) -> (f32) {
      %v = memref.load %m[%i, %j] : memref<8x16xf32>
      %n = arith.addf %acc, %v : f32
      scf.yield %n : f32
    }
    memref.store %s, %rows[%i] : memref<8xf32>
  }
  %u = memref.cast %rows : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %total = scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c16) step (%c1, %c1) init (%f2) -> f32 {
    %v = memref.load %m[%i, %j] : memref<8x16xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  vector.print %total : f32
  %imin = arith.constant -1000 : i32
  %mx = scf.parallel (%i) = (%c0) to (%c8) step (%c1) init (%imin) -> i32 {
    %v = memref.load %m[%i, %c3] : memref<8x16xf32>
    %t = arith.fptosi %v : f32 to i32
    scf.reduce(%t : i32) {
    ^bb0(%a: i32, %b: i32):
      %s = arith.maxsi %a, %b : i32
      scf.reduce.return %s : i32
    }
  }
  vector.print %mx : i32
  %one = arith.constant 1.0 : f32
  %prod = scf.for %i = %c1 to %c8 step %c3 iter_args(%p = %one) -> (f32) {
    %v = memref.load %rows[%i] : memref<8xf32>
    %s = arith.mulf %p, %v : f32
    scf.yield %s : f32
  }
  vector.print %prod : f32
  memref.dealloc %m : memref<8x16xf32>
  memref.dealloc %rows : memref<8xf32>
  return
}

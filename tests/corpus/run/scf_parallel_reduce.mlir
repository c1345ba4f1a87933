// scf.parallel: 2-D with an addf reduction, several reductions at once
// (a max, an integer product), a zero-trip dimension, and a parallel loop
// without results writing a buffer.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %f0 = arith.constant 0.0 : f32
  %fneg = arith.constant -100.0 : f32
  %i1 = arith.constant 1 : i32
  %m = memref.alloc() : memref<4x6xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c6) step (%c1, %c1) {
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %c10 = arith.constant 10 : i32
    %t = arith.muli %ii, %c10 : i32
    %v = arith.subi %t, %jj : i32
    %f = arith.sitofp %v : i32 to f32
    memref.store %f, %m[%i, %j] : memref<4x6xf32>
  }
  %u = memref.cast %m : memref<4x6xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %sum = scf.parallel (%i, %j) = (%c0, %c1) to (%c4, %c6) step (%c1, %c2) init (%f0) -> f32 {
    %v = memref.load %m[%i, %j] : memref<4x6xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  vector.print %sum : f32
  %r:2 = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%fneg, %i1) -> (f32, i32) {
    %v = memref.load %m[%i, %c3] : memref<4x6xf32>
    %ii = arith.index_cast %i : index to i32
    %k = arith.addi %ii, %i1 : i32
    scf.reduce(%v, %k : f32, i32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.maximumf %a, %b : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%a: i32, %b: i32):
      %p = arith.muli %a, %b : i32
      scf.reduce.return %p : i32
    }
  }
  vector.print %r#0 : f32
  vector.print %r#1 : i32
  %e = scf.parallel (%i, %j) = (%c0, %c4) to (%c4, %c2) step (%c1, %c1) init (%fneg) -> f32 {
    %v = memref.load %m[%i, %j] : memref<4x6xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  vector.print %e : f32
  memref.dealloc %m : memref<4x6xf32>
  return
}

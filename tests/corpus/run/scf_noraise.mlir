// What raise-scf must leave alone, and which must still run right: a
// subscript loaded from memory (a gather), a product of two IVs, an
// integer-typed IV, a step computed at run time, a loop whose bound is
// defined inside an scf.while body, an scf.if on a float comparison and on
// `ne`, and a division (not affine's floordiv for negative values).
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %cm3 = arith.constant -3 : index
  %f0 = arith.constant 0.0 : f32
  %v = memref.alloc() : memref<8xf32>
  %idx = memref.alloc() : memref<8xindex>
  scf.for %i = %c0 to %c8 step %c1 {
    %t = arith.index_cast %i : index to i32
    %f = arith.sitofp %t : i32 to f32
    memref.store %f, %v[%i] : memref<8xf32>
    %r = arith.subi %c8, %i : index
    %r1 = arith.subi %r, %c1 : index
    memref.store %r1, %idx[%i] : memref<8xindex>
  }
  // Gather through a loaded index.
  %g = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %f0) -> (f32) {
    %k = memref.load %idx[%i] : memref<8xindex>
    %x = memref.load %v[%k] : memref<8xf32>
    %w = arith.index_cast %i : index to i32
    %wf = arith.sitofp %w : i32 to f32
    %p = arith.mulf %x, %wf : f32
    %n = arith.addf %a, %p : f32
    scf.yield %n : f32
  }
  vector.print %g : f32
  // i * j is not affine.
  %out = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %ij = arith.muli %i, %j : index
      %t = arith.index_cast %ij : index to i32
      %f = arith.sitofp %t : i32 to f32
      %m = arith.muli %i, %c4 : index
      %x = arith.addi %m, %j : index
      memref.store %f, %out[%x] : memref<16xf32>
    }
  }
  %uo = memref.cast %out : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%uo) : (memref<*xf32>) -> ()
  // Integer IV and a run-time step.
  %lo = arith.constant 2 : i32
  %hi = arith.constant 20 : i32
  %st = arith.constant 5 : i32
  %s = scf.for %k = %lo to %hi step %st iter_args(%a = %lo) -> (i32) : i32 {
    %n = arith.addi %a, %k : i32
    scf.yield %n : i32
  }
  vector.print %s : i32
  %step = memref.load %idx[%c4] : memref<8xindex>
  %d = scf.for %i = %cm3 to %c8 step %step iter_args(%a = %c0) -> (index) {
    %n = arith.addi %a, %i : index
    scf.yield %n : index
  }
  vector.print %d : index
  // A bound defined inside a while body; a division by a constant.
  %w:2 = scf.while (%n = %c1, %acc = %c0) : (index, index) -> (index, index) {
    %go = arith.cmpi slt, %n, %c8 : index
    scf.condition(%go) %n, %acc : index, index
  } do {
  ^bb0(%n2: index, %acc2: index):
    %ub = arith.addi %n2, %c1 : index
    %inner = scf.for %i = %cm3 to %ub step %c2 iter_args(%b = %acc2) -> (index) {
      %q = arith.divsi %i, %c2 : index
      %b1 = arith.addi %b, %q : index
      scf.yield %b1 : index
    }
    %n3 = arith.muli %n2, %c2 : index
    scf.yield %n3, %inner : index, index
  }
  vector.print %w#0 : index
  %wi = arith.index_cast %w#1 : index to i64
  vector.print %wi : i64
  // Conditions raise-scf cannot express as one integer set.
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %v[%i] : memref<8xf32>
    %half = arith.constant 1.5 : f32
    %big = arith.cmpf ogt, %x, %half : f32
    scf.if %big {
      vector.print %x : f32
    }
    %ne = arith.cmpi ne, %i, %c2 : index
    %y = scf.if %ne -> (index) {
      scf.yield %i : index
    } else {
      scf.yield %c8 : index
    }
    vector.print %y : index
  }
  memref.dealloc %v : memref<8xf32>
  memref.dealloc %idx : memref<8xindex>
  memref.dealloc %out : memref<16xf32>
  return
}

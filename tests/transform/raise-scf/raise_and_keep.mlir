// PIPELINE: raise-scf
// What raise-scf raises (affine bounds with symbols and outer IVs, a
// shifted subscript, an scf.if on sge) and what it keeps (an integer IV, a
// gather subscript, an scf.if on ne, a float sum from 1.0, which would
// round differently reduced from 0.0, an integer max reduction, a loop
// inside an scf.while body).
func.func @k(%A: memref<?x?xf32>, %idx: memref<?xindex>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f1 = arith.constant 1.0 : f32
  %nm1 = arith.subi %n, %c1 : index
  scf.for %i = %c1 to %nm1 step %c2 {
    %ub = arith.addi %i, %c2 : index
    scf.for %j = %i to %ub step %c1 {
      %jm1 = arith.subi %j, %c1 : index
      %v = memref.load %A[%i, %jm1] : memref<?x?xf32>
      %k = memref.load %idx[%j] : memref<?xindex>
      %g = memref.load %A[%k, %j] : memref<?x?xf32>
      %s = arith.addf %v, %g : f32
      %ge = arith.cmpi sge, %j, %c2 : index
      scf.if %ge {
        memref.store %s, %A[%i, %j] : memref<?x?xf32>
      }
      %ne = arith.cmpi ne, %j, %c2 : index
      scf.if %ne {
        memref.store %s, %A[%j, %i] : memref<?x?xf32>
      }
    }
  }
  %lo = arith.constant 0 : i32
  %hi = arith.constant 4 : i32
  %one = arith.constant 1 : i32
  scf.for %t = %lo to %hi step %one : i32 {
    %ti = arith.index_cast %t : i32 to index
    memref.store %f1, %A[%ti, %ti] : memref<?x?xf32>
  }
  %sum = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) init (%f1) -> f32 {
    %v = memref.load %A[%i, %j] : memref<?x?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      scf.reduce.return %r : f32
    }
  }
  %mx = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%lo) -> i32 {
    scf.reduce(%one : i32) {
    ^bb0(%a: i32, %b: i32):
      %r = arith.maxsi %a, %b : i32
      scf.reduce.return %r : i32
    }
  }
  %w = scf.while (%x = %c0) : (index) -> index {
    %go = arith.cmpi slt, %x, %n : index
    scf.condition(%go) %x : index
  } do {
  ^bb0(%y: index):
    %y1 = arith.addi %y, %c1 : index
    scf.for %i = %c0 to %y1 step %c1 {
      memref.store %f1, %A[%i, %c0] : memref<?x?xf32>
    }
    scf.yield %y1 : index
  }
  return %sum : f32
}

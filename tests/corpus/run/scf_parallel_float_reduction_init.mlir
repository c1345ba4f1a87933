// scf.parallel float reductions whose init is not the identity: in order
// from 1.0e8 every + 1.0 rounds away (the ulp there is 8), while summing
// the ones first would give 1.0e8 + 64; a -0.0 init over no iteration
// stays -0.0. raise-scf must keep these as written.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %big = arith.constant 1.0e8 : f32
  %negzero = arith.constant -0.0 : f32
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    memref.store %one, %m[%i] : memref<64xf32>
  }
  %s = scf.parallel (%i) = (%c0) to (%c64) step (%c1) init (%big) -> f32 {
    %v = memref.load %m[%i] : memref<64xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      scf.reduce.return %r : f32
    }
  }
  vector.print %s : f32
  %z = scf.parallel (%i) = (%c0) to (%c0) step (%c1) init (%negzero) -> f32 {
    %v = memref.load %m[%i] : memref<64xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      scf.reduce.return %r : f32
    }
  }
  %zi = arith.bitcast %z : f32 to i32
  vector.print %zi : i32
  %p = scf.parallel (%i) = (%c0) to (%c64) step (%c1) init (%two) -> f32 {
    %v = memref.load %m[%i] : memref<64xf32>
    %w = arith.addf %v, %v : f32
    scf.reduce(%w : f32) {
    ^bb0(%a: f32, %b: f32):
      %r = arith.maximumf %a, %b : f32
      scf.reduce.return %r : f32
    }
  }
  vector.print %p : f32
  return
}

// scf ops that raise-scf cannot raise, inside affine loops the affine
// passes work on: a while loop and a loop with a run-time step writing a
// buffer another nest reads (fusion and parallelization must see the
// writes), a carried dependence through an scf.for the analyses cannot
// read, and an scf.if on a float in an innermost loop (vectorization
// must leave it alone or get it right).
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %f0 = arith.constant 0.0 : f32
  %f1 = arith.constant 1.0 : f32
  %A = memref.alloc() : memref<16xf32>
  %B = memref.alloc() : memref<16xf32>
  %S = memref.alloc() : memref<1xindex>
  memref.store %c2, %S[%c0] : memref<1xindex>
  affine.for %i = 0 to 16 {
    affine.store %f0, %A[%i] : memref<16xf32>
  }
  // Producer: writes A[15 - i] through a while loop's counter.
  affine.for %i = 0 to 16 {
    %r = scf.while (%k = %c0) : (index) -> index {
      %go = arith.cmpi slt, %k, %i : index
      scf.condition(%go) %k : index
    } do {
    ^bb0(%k2: index):
      %k3 = arith.addi %k2, %c1 : index
      scf.yield %k3 : index
    }
    %j = arith.subi %c16, %r : index
    %j1 = arith.subi %j, %c1 : index
    %t = arith.index_cast %r : index to i32
    %f = arith.sitofp %t : i32 to f32
    memref.store %f, %A[%j1] : memref<16xf32>
  }
  // Consumer.
  affine.for %i = 0 to 16 {
    %v = affine.load %A[%i] : memref<16xf32>
    %w = arith.mulf %v, %v : f32
    affine.store %w, %B[%i] : memref<16xf32>
  }
  // A carried dependence: B[j] += B[j - 1] through a run-time step.
  %st = memref.load %S[%c0] : memref<1xindex>
  affine.for %i = 1 to 16 {
    scf.for %j = %i to %c16 step %st {
      %jm1 = arith.subi %j, %c1 : index
      %p = memref.load %B[%jm1] : memref<16xf32>
      %q = memref.load %B[%j] : memref<16xf32>
      %s = arith.addf %p, %q : f32
      memref.store %s, %B[%j] : memref<16xf32>
    }
  }
  %u = memref.cast %B : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  // Clamp in an innermost loop on a float condition.
  affine.for %i = 0 to 16 {
    %v = affine.load %B[%i] : memref<16xf32>
    %big = arith.cmpf ogt, %v, %f1 : f32
    %c = scf.if %big -> (f32) {
      %h = arith.constant 1000.0 : f32
      %m = arith.minimumf %v, %h : f32
      scf.yield %m : f32
    } else {
      scf.yield %f1 : f32
    }
    affine.store %c, %A[%i] : memref<16xf32>
  }
  %ua = memref.cast %A : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<16xf32>
  memref.dealloc %B : memref<16xf32>
  memref.dealloc %S : memref<1xindex>
  return
}

// affine.load/store inside scf loops raise-scf cannot raise (a run-time
// step, a while loop) inside affine loops: the affine passes must see
// the repeated updates and the carried B[i - 1] dependence.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %A = memref.alloc() : memref<64xf32>
  %B = memref.alloc() : memref<64xf32>
  %S = memref.alloc() : memref<1xindex>
  memref.store %c1, %S[%c0] : memref<1xindex>
  %st = memref.load %S[%c0] : memref<1xindex>
  affine.for %i = 0 to 64 {
    %x = arith.index_cast %i : index to i32
    %f = arith.sitofp %x : i32 to f32
    affine.store %f, %A[%i] : memref<64xf32>
    affine.store %f1, %B[%i] : memref<64xf32>
  }
  affine.for %i = 0 to 64 {
    scf.for %j = %c0 to %c3 step %st {
      %v = affine.load %A[%i] : memref<64xf32>
      %w = affine.load %B[%i] : memref<64xf32>
      %n = arith.mulf %v, %w : f32
      %m = arith.addf %n, %f1 : f32
      affine.store %m, %B[%i] : memref<64xf32>
    }
  }
  affine.for %i = 1 to 64 {
    %r = scf.while (%k = %c0) : (index) -> index {
      %go = arith.cmpi slt, %k, %c3 : index
      scf.condition(%go) %k : index
    } do {
    ^bb0(%k2: index):
      %p = affine.load %B[%i - 1] : memref<64xf32>
      %q = affine.load %B[%i] : memref<64xf32>
      %s = arith.addf %p, %q : f32
      %h = arith.constant 0.5 : f32
      %t = arith.mulf %s, %h : f32
      affine.store %t, %B[%i] : memref<64xf32>
      %k3 = arith.addi %k2, %c1 : index
      scf.yield %k3 : index
    }
  }
  affine.for %i = 0 to 64 {
    %v = affine.load %B[%i] : memref<64xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %A[%i] : memref<64xf32>
  }
  %u = memref.cast %A : memref<64xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

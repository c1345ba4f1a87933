// C += A * B written with scf.for and memref.load/store (as
// --convert-affine-to-scf style pipelines emit it): raise-scf turns the
// whole nest into affine loads, stores and loops.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @matmul(%A: memref<6x5xf32>, %B: memref<5x7xf32>, %C: memref<6x7xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c7 step %c1 {
      %init = memref.load %C[%i, %j] : memref<6x7xf32>
      %acc = scf.for %k = %c0 to %c5 step %c1 iter_args(%s = %init) -> (f32) {
        %a = memref.load %A[%i, %k] : memref<6x5xf32>
        %b = memref.load %B[%k, %j] : memref<5x7xf32>
        %p = arith.mulf %a, %b : f32
        %n = arith.addf %s, %p : f32
        scf.yield %n : f32
      }
      memref.store %acc, %C[%i, %j] : memref<6x7xf32>
    }
  }
  return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %A = memref.alloc() : memref<6x5xf32>
  %B = memref.alloc() : memref<5x7xf32>
  %C = memref.alloc() : memref<6x7xf32>
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %k = %c0 to %c5 step %c1 {
      %s = arith.addi %i, %k : index
      %t = arith.index_cast %s : index to i32
      %f = arith.sitofp %t : i32 to f32
      memref.store %f, %A[%i, %k] : memref<6x5xf32>
    }
  }
  scf.for %k = %c0 to %c5 step %c1 {
    scf.for %j = %c0 to %c7 step %c1 {
      %d = arith.subi %k, %j : index
      %t = arith.index_cast %d : index to i32
      %f = arith.sitofp %t : i32 to f32
      memref.store %f, %B[%k, %j] : memref<5x7xf32>
    }
  }
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c7 step %c1 {
      memref.store %one, %C[%i, %j] : memref<6x7xf32>
    }
  }
  call @matmul(%A, %B, %C) : (memref<6x5xf32>, memref<5x7xf32>, memref<6x7xf32>) -> ()
  %u = memref.cast %C : memref<6x7xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<6x5xf32>
  memref.dealloc %B : memref<5x7xf32>
  memref.dealloc %C : memref<6x7xf32>
  return
}

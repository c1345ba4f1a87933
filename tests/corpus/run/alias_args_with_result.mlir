// A kernel that writes one argument and returns a sum, called with the same
// buffer twice and with two buffers: the guard passes the result through.
func.func private @printMemrefI32(memref<*xi32>) attributes { llvm.emit_c_interface }
func.func @prefix(%A: memref<48xi32>, %B: memref<48xi32>) -> i32 {
  %zero = arith.constant 0 : i32
  %s = affine.for %i = 1 to 48 iter_args(%acc = %zero) -> (i32) {
    %a = affine.load %A[%i - 1] : memref<48xi32>
    %b = affine.load %A[%i] : memref<48xi32>
    %c = arith.addi %a, %b : i32
    affine.store %c, %B[%i] : memref<48xi32>
    %n = arith.addi %acc, %c : i32
    affine.yield %n : i32
  }
  return %s : i32
}
func.func @main() {
  %A = memref.alloc() : memref<48xi32>
  %B = memref.alloc() : memref<48xi32>
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 48 {
    affine.store %one, %A[%i] : memref<48xi32>
    affine.store %one, %B[%i] : memref<48xi32>
  }
  %s1 = call @prefix(%A, %B) : (memref<48xi32>, memref<48xi32>) -> i32
  vector.print %s1 : i32
  %s2 = call @prefix(%A, %A) : (memref<48xi32>, memref<48xi32>) -> i32
  vector.print %s2 : i32
  %U = memref.cast %A : memref<48xi32> to memref<*xi32>
  call @printMemrefI32(%U) : (memref<*xi32>) -> ()
  return
}

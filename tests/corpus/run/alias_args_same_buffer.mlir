// One buffer passed as both memref arguments of a kernel that reads one and
// writes the other one element further.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @shift_add(%A: memref<40xf32>, %V: memref<40xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 32 {
    %x = affine.load %A[%i] : memref<40xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %V[%i + 1] : memref<40xf32>
  }
  return
}
func.func @main() {
  %A = memref.alloc() : memref<40xf32>
  %B = memref.alloc() : memref<40xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 40 {
    affine.store %zero, %A[%i] : memref<40xf32>
    affine.store %zero, %B[%i] : memref<40xf32>
  }
  call @shift_add(%A, %A) : (memref<40xf32>, memref<40xf32>) -> ()
  call @shift_add(%A, %B) : (memref<40xf32>, memref<40xf32>) -> ()
  %UA = memref.cast %A : memref<40xf32> to memref<*xf32>
  call @printMemrefF32(%UA) : (memref<*xf32>) -> ()
  %UB = memref.cast %B : memref<40xf32> to memref<*xf32>
  call @printMemrefF32(%UB) : (memref<*xf32>) -> ()
  return
}

// A loop reads %A and writes a memref.cast of it one element further: each
// iteration reads what the previous one wrote (a running count).
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<40xf32>
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 40 {
    affine.store %zero, %A[%i] : memref<40xf32>
  }
  %V = memref.cast %A : memref<40xf32> to memref<?xf32>
  affine.for %i = 0 to 32 {
    %x = affine.load %A[%i] : memref<40xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %V[%i + 1] : memref<?xf32>
  }
  %U = memref.cast %A : memref<40xf32> to memref<*xf32>
  call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<40xf32>
  return
}

// Hazard: the consumer overwrites in place what it reads (out[i] = out[i] * out[i] - 3) after a producer of out (i32); fusion may fuse but must keep the producer's value before the update.
func.func private @printMemrefI32(memref<*xi32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %out = memref.alloc() : memref<21xi32>
  %three = arith.constant 3 : i32
  affine.for %i = 0 to 21 {
    %k = affine.apply affine_map<(d0) -> ((d0 * 7) mod 10 - 5)>(%i)
    %ki = arith.index_cast %k : index to i32
    affine.store %ki, %out[%i] : memref<21xi32>
  }
  affine.for %i = 0 to 21 {
    %a = affine.load %out[%i] : memref<21xi32>
    %b = arith.muli %a, %a : i32
    %c = arith.subi %b, %three : i32
    affine.store %c, %out[%i] : memref<21xi32>
  }
  %p = memref.cast %out : memref<21xi32> to memref<*xi32>
  call @printMemrefI32(%p) : (memref<*xi32>) -> ()
  memref.dealloc %out : memref<21xi32>
  return
}

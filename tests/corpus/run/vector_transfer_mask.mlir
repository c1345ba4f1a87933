// Masked vector.transfer_read/transfer_write: masked-off lanes read the padding and are not written.
func.func private @printMemrefI32(memref<*xi32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<8xi32>
  affine.for %i = 0 to 8 {
    %ii = arith.index_cast %i : index to i32
    affine.store %ii, %A[%i] : memref<8xi32>
  }
  %pad = arith.constant 77 : i32
  %c2 = arith.constant 2 : index
  %mask = arith.constant dense<[true, false, true, false, true]> : vector<5xi1>
  %v = vector.transfer_read %A[%c2], %pad, %mask : memref<8xi32>, vector<5xi32>
  vector.print %v : vector<5xi32>
  %w = arith.constant dense<[-1, -2, -3, -4, -5]> : vector<5xi32>
  vector.transfer_write %w, %A[%c2], %mask : vector<5xi32>, memref<8xi32>
  %u = memref.cast %A : memref<8xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %A : memref<8xi32>
  return
}

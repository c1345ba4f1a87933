// Indirect (non-affine) accesses: a histogram whose bin index comes from data via index_cast
// and memref.load/memref.store inside an affine.for.
func.func private @printMemrefI32(memref<*xi32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %D = memref.alloc() : memref<20xi32>
  %H = memref.alloc() : memref<5xi32>
  affine.for %i = 0 to 20 {
    %k = affine.apply affine_map<(d0) -> ((d0 * 7 + 3) mod 5)>(%i)
    %ki = arith.index_cast %k : index to i32
    affine.store %ki, %D[%i] : memref<20xi32>
  }
  %z = arith.constant 0 : i32
  affine.for %b = 0 to 5 {
    affine.store %z, %H[%b] : memref<5xi32>
  }
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 17 {
    %v = affine.load %D[%i] : memref<20xi32>
    %bin = arith.index_cast %v : i32 to index
    %h = memref.load %H[%bin] : memref<5xi32>
    %h2 = arith.addi %h, %one : i32
    memref.store %h2, %H[%bin] : memref<5xi32>
  }
  %u = memref.cast %H : memref<5xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %D : memref<20xi32>
  memref.dealloc %H : memref<5xi32>
  return
}

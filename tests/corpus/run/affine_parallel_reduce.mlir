// affine.parallel with reductions (addi, ori, muli, addf, maximumf) over a 2-d band and a 1-d band,
// plus a parallel band writing rows.
func.func private @printMemrefI32(memref<*xi32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<4x5xi32>
  affine.parallel (%i, %j) = (0, 0) to (4, 5) {
    %k = affine.apply affine_map<(d0, d1) -> (d0 * 5 + d1 - 7)>(%i, %j)
    %ki = arith.index_cast %k : index to i32
    affine.store %ki, %A[%i, %j] : memref<4x5xi32>
  }
  %u = memref.cast %A : memref<4x5xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  %sum, %mx = affine.parallel (%i, %j) = (0, 0) to (4, 5) reduce ("addi", "ori") -> (i32, i32) {
    %v = affine.load %A[%i, %j] : memref<4x5xi32>
    affine.yield %v, %v : i32, i32
  }
  vector.print %sum : i32
  vector.print %mx : i32
  %prod = affine.parallel (%j) = (1) to (5) reduce ("muli") -> i32 {
    %v = affine.load %A[3, %j] : memref<4x5xi32>
    affine.yield %v : i32
  }
  vector.print %prod : i32
  %fs, %fm = affine.parallel (%i) = (0) to (4) step (2) reduce ("addf", "maximumf") -> (f32, f32) {
    %v = affine.load %A[%i, 4] : memref<4x5xi32>
    %f = arith.sitofp %v : i32 to f32
    affine.yield %f, %f : f32, f32
  }
  vector.print %fs : f32
  vector.print %fm : f32
  memref.dealloc %A : memref<4x5xi32>
  return
}

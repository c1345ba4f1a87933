// memref.view: two typed views (f32 and i32) into one i8 buffer at different byte shifts,
// one with a dynamic size; writes through one view are visible through memref.load on the other.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func private @printMemrefI32(memref<*xi32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %buf = memref.alloc() : memref<64xi8>
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 3 : index
  %F = memref.view %buf[%c0][] : memref<64xi8> to memref<2x2xf32>
  %I = memref.view %buf[%c16][%n] : memref<64xi8> to memref<?x4xi32>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 2 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 2 + d1)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %F[%i, %j] : memref<2x2xf32>
    }
  }
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 4 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 100 + d1)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      affine.store %ki, %I[%i, %j] : memref<?x4xi32>
    }
  }
  %uf = memref.cast %F : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
  %ui = memref.cast %I : memref<?x4xi32> to memref<*xi32>
  call @printMemrefI32(%ui) : (memref<*xi32>) -> ()
  // The float 1.0 at F[0][1] has bit pattern 0x3F800000 = 1065353216.
  %FI = memref.view %buf[%c0][] : memref<64xi8> to memref<4xi32>
  %c1 = arith.constant 1 : index
  %bits = memref.load %FI[%c1] : memref<4xi32>
  vector.print %bits : i32
  memref.dealloc %buf : memref<64xi8>
  return
}

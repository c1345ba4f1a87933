// Seed 000 @pad_edges: affine.if/else with yielded results inside affine.parallel pads a 3x3
// input with a border of zeros into a 5x5 output.
#interior = affine_set<(i, j) : (i - 1 >= 0, j - 1 >= 0, 3 - i >= 0, 3 - j >= 0)>
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @pad_edges(%I : memref<3x3xf32>) -> (memref<5x5xf32>) {
  %O = memref.alloc() : memref<5x5xf32>
  affine.parallel (%i, %j) = (0, 0) to (5, 5) {
    %1 = affine.if #interior (%i, %j) -> f32 {
      %2 = affine.load %I[%i - 1, %j - 1] : memref<3x3xf32>
      affine.yield %2 : f32
    } else {
      %2 = arith.constant 0.0 : f32
      affine.yield %2 : f32
    }
    affine.store %1, %O[%i, %j] : memref<5x5xf32>
  }
  return %O : memref<5x5xf32>
}
func.func @main() {
  %I = memref.alloc() : memref<3x3xf32>
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 3 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 3 + d1 + 1)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %I[%i, %j] : memref<3x3xf32>
    }
  }
  %O = call @pad_edges(%I) : (memref<3x3xf32>) -> memref<5x5xf32>
  %u = memref.cast %O : memref<5x5xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %I : memref<3x3xf32>
  memref.dealloc %O : memref<5x5xf32>
  return
}

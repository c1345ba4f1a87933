// Odd-even transposition sort of 8 f32 values using compare-and-swap with arith.cmpf/select
// (data-dependent choices without control flow), loop bounds from affine maps of the phase.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<8xf32>
  affine.for %i = 0 to 8 {
    %k = affine.apply affine_map<(d0) -> ((d0 * 5 + 2) mod 8)>(%i)
    %ki = arith.index_cast %k : index to i32
    %f = arith.sitofp %ki : i32 to f32
    %g = arith.constant 0.5 : f32
    %h = arith.subf %f, %g : f32
    affine.store %h, %A[%i] : memref<8xf32>
  }
  affine.for %p = 0 to 8 {
    // even phase compares (0,1),(2,3)...; odd phase (1,2),(3,4)...
    affine.for %j = affine_map<(d0) -> (d0 mod 2)>(%p) to 7 step 2 {
      %a = affine.load %A[%j] : memref<8xf32>
      %b = affine.load %A[%j + 1] : memref<8xf32>
      %lt = arith.cmpf olt, %b, %a : f32
      %lo = arith.select %lt, %b, %a : f32
      %hi = arith.select %lt, %a, %b : f32
      affine.store %lo, %A[%j] : memref<8xf32>
      affine.store %hi, %A[%j + 1] : memref<8xf32>
    }
  }
  %u = memref.cast %A : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<8xf32>
  return
}

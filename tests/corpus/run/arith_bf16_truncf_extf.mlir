// bf16 and f16 through arith.truncf / arith.extf, scalar and vector (the
// conversions LLVM implements with compiler-rt helpers on some targets).
func.func @main() {
  %m = memref.alloc() : memref<4xf32>
  %c = arith.constant dense<[1.0, 3.14159, -2.5e10, 1.0e-3]> : vector<4xf32>
  %c0 = arith.constant 0 : index
  vector.store %c, %m[%c0] : memref<4xf32>, vector<4xf32>
  %v = vector.load %m[%c0] : memref<4xf32>, vector<4xf32>
  %t = arith.truncf %v : vector<4xf32> to vector<4xbf16>
  %e = arith.extf %t : vector<4xbf16> to vector<4xf32>
  vector.print %e : vector<4xf32>
  %s = affine.load %m[1] : memref<4xf32>
  %ts = arith.truncf %s : f32 to bf16
  %es = arith.extf %ts : bf16 to f32
  vector.print %es : f32
  %h = arith.truncf %s : f32 to f16
  %eh = arith.extf %h : f16 to f32
  vector.print %eh : f32
  return
}

// Truncation to bf16 at run time (the values go through memory, so nothing
// folds them): to nearest, ties to even, from f32 and from f64, scalar and
// vector. f64 rounds once: 1.0039062500000009 would be a tie, and round
// down, if it went through f32 first. Also signed zero, infinities, a
// subnormal and values past bf16's range.
func.func @main() {
  %c0 = arith.constant 0 : index
  %mf = memref.alloc() : memref<8xf32>
  %f = arith.constant dense<[1.00390625, 1.01171875, -1.01171875, 0.0, -0.0, 3.5e38, 1.0e-40, 0x7F800000]> : vector<8xf32>
  vector.store %f, %mf[%c0] : memref<8xf32>, vector<8xf32>
  %lf = vector.load %mf[%c0] : memref<8xf32>, vector<8xf32>
  %tf = arith.truncf %lf : vector<8xf32> to vector<8xbf16>
  %ef = arith.extf %tf : vector<8xbf16> to vector<8xf32>
  vector.print %ef : vector<8xf32>
  %md = memref.alloc() : memref<5xf64>
  %d = arith.constant dense<[1.00390625, 1.01171875, -7.0e40, 2.71875, 1.0039062500000009]> : vector<5xf64>
  vector.store %d, %md[%c0] : memref<5xf64>, vector<5xf64>
  %ld = vector.load %md[%c0] : memref<5xf64>, vector<5xf64>
  %td = arith.truncf %ld : vector<5xf64> to vector<5xbf16>
  %ed = arith.extf %td : vector<5xbf16> to vector<5xf32>
  vector.print %ed : vector<5xf32>
  affine.for %i = 0 to 5 {
    %s = affine.load %md[%i] : memref<5xf64>
    %ts = arith.truncf %s : f64 to bf16
    %es = arith.extf %ts : bf16 to f64
    vector.print %es : f64
  }
  affine.for %i = 0 to 8 {
    %s = affine.load %mf[%i] : memref<8xf32>
    %ts = arith.truncf %s : f32 to bf16
    %es = arith.extf %ts : bf16 to f32
    vector.print %es : f32
  }
  memref.dealloc %mf : memref<8xf32>
  memref.dealloc %md : memref<5xf64>
  return
}

// affine.load/store on 0-d, 1-d and 3-d memrefs, i8/i16/i64/f16/bf16/index element types.
func.func @ls(%a: memref<f32>, %b: memref<8xi8>, %c: memref<2x3x4xf16>, %d: memref<4xbf16>,
              %e: memref<4xi16>, %f: memref<4xi64>, %g: memref<4xindex>) {
  %v = affine.load %a[] : memref<f32>
  affine.store %v, %a[] : memref<f32>
  affine.for %i = 0 to 2 {
    %x = affine.load %b[%i * 4 + 3] : memref<8xi8>
    affine.store %x, %b[%i] : memref<8xi8>
    %h = affine.load %c[%i, %i + 1, 3 - %i] : memref<2x3x4xf16>
    affine.store %h, %c[1, 2, %i] : memref<2x3x4xf16>
    %y = affine.load %d[%i] : memref<4xbf16>
    %z = affine.load %e[%i] : memref<4xi16>
    %w = affine.load %f[%i] : memref<4xi64>
    %q = affine.load %g[%i] : memref<4xindex>
    affine.store %q, %g[%i + 2] : memref<4xindex>
  }
  return
}

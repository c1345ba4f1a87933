// memref layouts: strided with dynamic offset/stride, affine_map layouts, tiled affine layout,
// integer memory spaces, unranked with memory space.
#tiled = affine_map<(d0, d1) -> (d0 floordiv 4, d1 floordiv 4, d0 mod 4, d1 mod 4)>
#colmajor = affine_map<(d0, d1) -> (d1, d0)>
func.func @layouts(%a: memref<?x?xf32, strided<[?, 1], offset: ?>>,
                   %b: memref<16x16xf32, #tiled>,
                   %c: memref<8x8xf64, #colmajor, 3>,
                   %d: memref<4x?xi32, strided<[?, 1]>, 1>,
                   %e: memref<*xf32, 2>,
                   %f: memref<10xf32, strided<[2], offset: 1>>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0, %c0] : memref<?x?xf32, strided<[?, 1], offset: ?>>
  %y = affine.load %b[3, 5] : memref<16x16xf32, #tiled>
  %z = affine.load %c[1, 2] : memref<8x8xf64, #colmajor, 3>
  %w = memref.load %d[%c0, %c0] : memref<4x?xi32, strided<[?, 1]>, 1>
  %v = affine.load %f[9] : memref<10xf32, strided<[2], offset: 1>>
  return
}

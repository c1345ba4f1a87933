// Named #map/#set aliases used in bounds, apply, if and layouts; a !type alias; an alias
// referring to another attribute kind (strided layout) and one declared but unused.
#map0 = affine_map<(d0) -> (d0 * 2)>
#map1 = affine_map<(d0)[s0] -> (d0 + s0, 64)>
#set0 = affine_set<(d0)[s0] : (d0 - s0 >= 0, 63 - d0 >= 0)>
#strided = strided<[?, 1], offset: ?>
#unused = affine_map<(d0, d1) -> (d1, d0)>
!buf = memref<64x64xf32, #strided>
func.func @aliases(%A: !buf, %N: index) {
  affine.for %i = 0 to min #map1(%N)[%N] {
    %j = affine.apply #map0(%i)
    affine.if #set0(%i)[%N] {
      %v = affine.load %A[%i, %i] : !buf
      affine.store %v, %A[%i, %i] : memref<64x64xf32, strided<[?, 1], offset: ?>>
    }
  }
  return
}

// arith.select and min/max variants; minimumf/maximumf propagate NaN, minnumf/maxnumf ignore it;
// signed vs unsigned integer min/max on -1 and 3. Float operands are loaded from memory so that
// MLIR's folders (which fold maxnumf(NaN, x) to NaN in MLIR 19) do not decide the result.
func.func @main() {
  %buf = memref.alloca() : memref<4xf32>
  %a = arith.constant -1 : i32
  %b = arith.constant 3 : i32
  %0 = arith.minsi %a, %b : i32
  vector.print %0 : i32
  %1 = arith.maxsi %a, %b : i32
  vector.print %1 : i32
  %2 = arith.minui %a, %b : i32
  vector.print %2 : i32
  %3 = arith.maxui %a, %b : i32
  vector.print %3 : i32
  %x0 = arith.constant 1.5 : f32
  %nan0 = arith.constant 0x7FC00000 : f32
  %pz0 = arith.constant 0.0 : f32
  %nz0 = arith.constant -0.0 : f32
  affine.store %x0, %buf[0] : memref<4xf32>
  affine.store %nan0, %buf[1] : memref<4xf32>
  affine.store %pz0, %buf[2] : memref<4xf32>
  affine.store %nz0, %buf[3] : memref<4xf32>
  %x = affine.load %buf[0] : memref<4xf32>
  %nan = affine.load %buf[1] : memref<4xf32>
  %pz = affine.load %buf[2] : memref<4xf32>
  %nz = affine.load %buf[3] : memref<4xf32>
  %4 = arith.minimumf %x, %nan : f32
  vector.print %4 : f32
  %5 = arith.maximumf %x, %nan : f32
  vector.print %5 : f32
  %6 = arith.minnumf %x, %nan : f32
  vector.print %6 : f32
  %7 = arith.maxnumf %nan, %x : f32
  vector.print %7 : f32
  %8 = arith.minimumf %pz, %nz : f32
  vector.print %8 : f32
  %t = arith.cmpi slt, %a, %b : i32
  %9 = arith.select %t, %x, %pz : f32
  vector.print %9 : f32
  %c = arith.constant dense<[true, false, true, false]> : vector<4xi1>
  %va = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %vb = arith.constant dense<[10, 20, 30, 40]> : vector<4xi32>
  %10 = arith.select %c, %va, %vb : vector<4xi1>, vector<4xi32>
  vector.print %10 : vector<4xi32>
  %11 = arith.select %t, %va, %vb : vector<4xi32>
  vector.print %11 : vector<4xi32>
  return
}

// vector.reduction kinds, broadcast, splat, fma, extract, insert and vector arithmetic.
func.func @main() {
  %v = arith.constant dense<[1.0, -2.0, 3.5, 4.0]> : vector<4xf32>
  %add = vector.reduction <add>, %v : vector<4xf32> into f32
  vector.print %add : f32
  %mul = vector.reduction <mul>, %v : vector<4xf32> into f32
  vector.print %mul : f32
  %mx = vector.reduction <maximumf>, %v : vector<4xf32> into f32
  vector.print %mx : f32
  %mn = vector.reduction <minimumf>, %v : vector<4xf32> into f32
  vector.print %mn : f32
  %acc = arith.constant 10.0 : f32
  %adda = vector.reduction <add>, %v, %acc : vector<4xf32> into f32
  vector.print %adda : f32
  %iv = arith.constant dense<[5, -3, 12, 6]> : vector<4xi32>
  %imx = vector.reduction <maxsi>, %iv : vector<4xi32> into i32
  vector.print %imx : i32
  %imn = vector.reduction <minui>, %iv : vector<4xi32> into i32
  vector.print %imn : i32
  %ixor = vector.reduction <xor>, %iv : vector<4xi32> into i32
  vector.print %ixor : i32
  %s = arith.constant 0.5 : f32
  %b = vector.broadcast %s : f32 to vector<2x4xf32>
  %b2 = vector.broadcast %v : vector<4xf32> to vector<2x4xf32>
  %sp = vector.splat %acc : vector<2x4xf32>
  %f = vector.fma %b, %b2, %sp : vector<2x4xf32>
  vector.print %f : vector<2x4xf32>
  %e = vector.extract %f[1, 2] : f32 from vector<2x4xf32>
  vector.print %e : f32
  %row = vector.extract %f[0] : vector<4xf32> from vector<2x4xf32>
  %ins = vector.insert %s, %row[3] : f32 into vector<4xf32>
  %f2 = vector.insert %ins, %f[1] : vector<4xf32> into vector<2x4xf32>
  vector.print %f2 : vector<2x4xf32>
  %neg = arith.negf %v : vector<4xf32>
  %dv = arith.divf %v, %neg : vector<4xf32>
  vector.print %dv : vector<4xf32>
  vector.print str "done\n"
  return
}

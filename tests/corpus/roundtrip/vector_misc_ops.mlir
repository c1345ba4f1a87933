// vector.reduction (all kinds affjit supports), broadcast, splat, fma, extract, insert, print.
func.func @vmisc(%v: vector<8xf32>, %iv: vector<8xi32>, %s: f32, %m: vector<4x8xf32>) -> f32 {
  %add = vector.reduction <add>, %v : vector<8xf32> into f32
  %mul = vector.reduction <mul>, %v : vector<8xf32> into f32
  %mx = vector.reduction <maximumf>, %v : vector<8xf32> into f32
  %mn = vector.reduction <minimumf>, %v : vector<8xf32> into f32
  %acc = vector.reduction <add>, %v, %s : vector<8xf32> into f32
  %ia = vector.reduction <add>, %iv : vector<8xi32> into i32
  %ix = vector.reduction <maxsi>, %iv : vector<8xi32> into i32
  %io = vector.reduction <or>, %iv : vector<8xi32> into i32
  %b = vector.broadcast %s : f32 to vector<4x8xf32>
  %b2 = vector.broadcast %v : vector<8xf32> to vector<4x8xf32>
  %sp = vector.splat %s : vector<8xf32>
  %f = vector.fma %b, %b2, %m : vector<4x8xf32>
  %e0 = vector.extract %v[3] : f32 from vector<8xf32>
  %row = vector.extract %m[1] : vector<8xf32> from vector<4x8xf32>
  %e1 = vector.extract %m[1, 2] : f32 from vector<4x8xf32>
  %ins = vector.insert %s, %v[0] : f32 into vector<8xf32>
  %ins2 = vector.insert %ins, %f[3] : vector<8xf32> into vector<4x8xf32>
  vector.print %ins2 : vector<4x8xf32>
  vector.print %add : f32
  vector.print str "hello\n"
  return %e1 : f32
}

// affine.min / affine.max / affine.apply with multi-result maps, symbols and negative values;
// results printed as index (vector.print prints index as unsigned 64-bit).
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()
func.func @main() {
  %s = arith.constant 5 : index
  affine.for %i = 0 to 8 step 2 {
    %a = affine.min affine_map<(d0)[s0] -> (d0 * 2, s0 + 1, 9 - d0)>(%i)[%s]
    %b = affine.max affine_map<(d0)[s0] -> (d0 - 4, -d0, s0 - 7)>(%i)[%s]
    %c = affine.apply affine_map<(d0)[s0] -> ((d0 - s0) * 3 floordiv 2)>(%i)[%s]
    %ai = arith.index_cast %a : index to i64
    %bi = arith.index_cast %b : index to i64
    %ci = arith.index_cast %c : index to i64
    func.call @printI64(%ai) : (i64) -> ()
    func.call @printComma() : () -> ()
    func.call @printI64(%bi) : (i64) -> ()
    func.call @printComma() : () -> ()
    func.call @printI64(%ci) : (i64) -> ()
    func.call @printNewline() : () -> ()
  }
  return
}

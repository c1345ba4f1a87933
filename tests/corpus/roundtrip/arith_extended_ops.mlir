// Two-result integer arithmetic on scalars, index and vectors.
func.func @extended(%a: i32, %b: i32, %i: index, %v: vector<4xi16>) {
  %s, %o = arith.addui_extended %a, %b : i32, i1
  %l, %h = arith.mulsi_extended %a, %b : i32
  %ul, %uh = arith.mului_extended %a, %b : i32
  %is, %io = arith.addui_extended %i, %i : index, i1
  %il, %ih = arith.mului_extended %i, %i : index
  %vs, %vo = arith.addui_extended %v, %v : vector<4xi16>, vector<4xi1>
  %vl, %vh = arith.mulsi_extended %v, %v : vector<4xi16>
  return
}

// EXPECT-ERROR: 4:19: expected string or keyword containing one of the following enum values for attribute 'predicate'
// arith.cmpi with a predicate that does not exist
func.func @f(%a: i32) {
  %0 = arith.cmpi less, %a, %a : i32
  return
}

// EXPECT-ERROR: 3:31: missing right operand of binary operator
// file ends in the middle of an affine map
#map = affine_map<(d0) -> (d0 +
// EXPECT-ERROR: 3:22: expected ')' in dimensional identifier list
// unbalanced brackets: missing ) in an affine map dim list
#map = affine_map<(d0 -> (d0)>

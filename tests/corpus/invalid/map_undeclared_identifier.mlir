// EXPECT-ERROR: 3:28: use of undeclared identifier
// affine map mentioning an identifier not in its dim/symbol lists
#map = affine_map<(d0) -> (d1)>

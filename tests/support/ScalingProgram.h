// Functions whose size grows with N, to measure how compile time scales
// with the size of one function (tests/tools/gen_scaling_program.cpp prints
// them). Shapes:
//   chain        N top-level nests through N-1 temporaries, as a model
//                lowered from linalg gives: elementwise nests, nests reading
//                their producer shifted by one column, and a 256x256 matmul
//                every 8th nest. The column a shifted nest cannot compute
//                (its producer has no column 256) keeps what the buffer
//                held: the program is for compiling, not for comparing
//                printed results.
//   independent  N nests, each writing its own buffer from its indices.
//   deep         one 2-deep nest with N statements, each reading the
//                previous statement's buffer and writing its own.
#pragma once

#include <string>

namespace affjit::test {

/// The function @main of `shape` (chain, independent, deep) with `n` nests
/// or statements; "" for an unknown shape.
std::string generateScalingProgram(const std::string &shape, int n);

} // namespace affjit::test

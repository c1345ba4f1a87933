// affjit_gen_fusion_program: prints the runnable fusion-heavy program of a
// seed (tests/support/RandomFusionProgram) to stdout, so a failing seed of
// FusionProgramTest reproduces as
//
//   affjit_gen_fusion_program SEED > p.mlir
//   affjit run p.mlir --pipeline=default; run-mlir p.mlir
#include "support/RandomFusionProgram.h"
#include "support/SeededRng.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {} // namespace

int main(int argc, char **argv) {
  uint64_t seed = 0;
  if (argc != 2 || !affjit::test::parseSeed(argv[1], seed)) {
    std::fprintf(stderr, "usage: affjit_gen_fusion_program SEED\n");
    return 2;
  }
  std::string text = affjit::test::generateFusionProgram(seed);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}

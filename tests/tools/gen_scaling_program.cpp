// affjit_gen_scaling_program: prints a function whose size grows with N
// (tests/support/ScalingProgram.h: chain, independent, deep), to measure how
// compile time scales with the size of one function:
//
//   affjit_gen_scaling_program chain 256 > p.mlir
//   affjit opt --pipeline=default p.mlir
#include "support/ScalingProgram.h"

#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char **argv) {
  char *end = nullptr;
  long n = argc == 3 ? std::strtol(argv[2], &end, 10) : 0;
  if (argc != 3 || *end || n < 1 || n > 1 << 20) {
    std::fprintf(
        stderr, "usage: affjit_gen_scaling_program chain|independent|deep N\n");
    return 2;
  }
  std::string text = affjit::test::generateScalingProgram(argv[1], (int)n);
  if (text.empty()) {
    std::fprintf(stderr, "affjit_gen_scaling_program: unknown shape '%s'\n",
                 argv[1]);
    return 2;
  }
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}

// affjit_gen_soundness_program: prints the soundness fuzzer's program of a
// seed (tests/support/RandomSoundnessProgram), so a failing seed of
// SoundnessFuzzTest or scripts/fuzz-soundness.sh reproduces as
//
//   affjit_gen_soundness_program SEED > p.mlir
//   affjit run p.mlir --pipeline=none; affjit run p.mlir --pipeline=vectorize
//
// `--family NAME` forces a family (`--list` prints them); `--info` prints
// the family and what the comparison must know instead of the program.
#include "support/RandomSoundnessProgram.h"
#include "support/SeededRng.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

namespace {

int usage() {
  std::fprintf(stderr, "usage: affjit_gen_soundness_program [--family NAME] "
                       "[--info] SEED\n"
                       "       affjit_gen_soundness_program --list\n");
  return 2;
}

void printInfo(const affjit::test::SoundnessProgram &p) {
  std::printf("family %s\nfast-math-comparable %d\nzero-sign-unspecified "
              "%d\nbit-dumps",
              p.family.c_str(), p.fastMathComparable, p.zeroSignUnspecified);
  for (bool b : p.bitDumps)
    std::printf(" %d", b);
  std::printf("\n");
}

} // namespace

int main(int argc, char **argv) {
  affjit::test::SoundnessOptions opts;
  bool haveSeed = false, info = false;
  uint64_t seed = 0;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--list")) {
      for (const std::string &f : affjit::test::soundnessFamilies())
        std::printf("%s\n", f.c_str());
      return 0;
    }
    if (!std::strcmp(argv[i], "--info")) {
      info = true;
    } else if (!std::strcmp(argv[i], "--family") && i + 1 < argc) {
      opts.family = argv[++i];
    } else if (!haveSeed && affjit::test::parseSeed(argv[i], seed)) {
      haveSeed = true;
    } else {
      return usage();
    }
  }
  if (!haveSeed)
    return usage();
  try {
    affjit::test::SoundnessProgram p =
        affjit::test::generateSoundness(seed, opts);
    if (info)
      printInfo(p);
    else
      std::fwrite(p.text.data(), 1, p.text.size(), stdout);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "affjit_gen_soundness_program: %s\n", e.what());
    return 1;
  }
  return 0;
}

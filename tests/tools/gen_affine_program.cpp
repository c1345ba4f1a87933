// affjit_gen_program: prints random affine program #N of seed S to stdout.
//
//   affjit_gen_program SEED [N]
//   affjit_gen_program --seed S [--index N] [--max-depth D] [--accesses A]
//   affjit_gen_program --seed S --benchmark ACCESSES [--per-nest K]
//                      [--memrefs M]
//
// Program #N of seed S is generateAffineProgram(S + N), so a failing seed of
// RandomProgramTest reproduces as `affjit_gen_program SEED`.
#include "support/RandomAffineProgram.h"
#include "support/SeededRng.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace affjit::test;

namespace {

struct Args {
  uint64_t seed = 1, index = 0;
  int maxDepth = -1, accesses = -1;
  int benchmark = -1, perNest = 10, memrefs = 20;
};

int usage() {
  std::fprintf(stderr,
               "usage: affjit_gen_program SEED [N]\n"
               "       affjit_gen_program --seed S [--index N] [--max-depth D]"
               " [--accesses A]\n"
               "       affjit_gen_program --seed S --benchmark ACCESSES"
               " [--per-nest K] [--memrefs M]\n");
  return 2;
}

bool parseInt(const char *text, int &out) {
  uint64_t v;
  if (!parseSeed(text, v) || v > 1000000000)
    return false;
  out = (int)v;
  return true;
}

/// Fills `args` from argv; false on a malformed command line.
bool parseArgs(int argc, char **argv, Args &args) {
  int positional = 0;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    bool hasValue = i + 1 < argc;
    const char *value = hasValue ? argv[i + 1] : "";
    bool ok = true;
    if (a == "--seed" && hasValue)
      ok = parseSeed(value, args.seed);
    else if (a == "--index" && hasValue)
      ok = parseSeed(value, args.index);
    else if (a == "--max-depth" && hasValue)
      ok = parseInt(value, args.maxDepth);
    else if (a == "--accesses" && hasValue)
      ok = parseInt(value, args.accesses);
    else if (a == "--benchmark" && hasValue)
      ok = parseInt(value, args.benchmark);
    else if (a == "--per-nest" && hasValue)
      ok = parseInt(value, args.perNest);
    else if (a == "--memrefs" && hasValue)
      ok = parseInt(value, args.memrefs);
    else if (a.rfind("--", 0) != 0 && positional < 2) {
      ok = parseSeed(argv[i], positional == 0 ? args.seed : args.index);
      ++positional;
      continue;
    } else
      return false;
    if (!ok)
      return false;
    ++i;
  }
  return true;
}

GeneratorOptions optionsFor(const Args &args) {
  if (args.benchmark >= 0)
    return GeneratorOptions::forBenchmark(args.benchmark, args.perNest,
                                          args.memrefs);
  GeneratorOptions opts;
  if (args.maxDepth > 0)
    opts.maxDepth = args.maxDepth;
  if (args.accesses >= 0)
    opts.minAccesses = opts.maxAccesses = args.accesses;
  return opts;
}

} // namespace

int main(int argc, char **argv) {
  Args args;
  if (!parseArgs(argc, argv, args))
    return usage();
  std::string text = generateAffineProgram(programSeed(args.seed, args.index),
                                           optionsFor(args));
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}

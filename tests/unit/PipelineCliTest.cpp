// `--pipeline=LIST` on `affjit opt`, `run` and `llvm`: `none` and `default`
// (no passes yet) give the same output as no flag, and a bad list is a clear
// error with exit status 1 before anything is printed or run.
#include "frontend/transform/PassPipeline.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <string>

using namespace affjit::test;

namespace {

// Prints 42 when it runs; `opt` prints it back in MLIR 19 syntax.
const char *kProgram = R"(func.func @main() {
  %c = arith.constant 42 : i32
  vector.print %c : i32
  return
}
)";

const char *kPrinted = R"(module {
  func.func @main() {
    %0 = arith.constant 42 : i32
    vector.print %0 : i32
    return
  }
}
)";

/// "none, default" and the registered passes, as errors list them.
std::string knownNames() {
  std::string names = "none, default";
  for (const affjit::PassInfo &pass : affjit::passRegistry().passes)
    names += ", " + std::string(pass.name);
  return names;
}

CommandResult affjit(const std::string &subcommand, const std::string &flags) {
  static const std::string path = writeTempFile(kProgram);
  return runCommand(shellQuote(affjitBinary()) + " " + subcommand + " " +
                    shellQuote(path) + " " + flags);
}

TEST(PipelineCli, OptPrintsTheModuleAfterThePipeline) {
  for (const char *flags :
       {"", "--pipeline=none", "--pipeline=default", "--pipeline default",
        "--pipeline=none --generic"}) {
    CommandResult r = affjit("opt", flags);
    EXPECT_EQ(r.exitCode, 0) << flags << "\n" << r.err;
    if (std::string(flags).find("--generic") == std::string::npos)
      EXPECT_EQ(r.out, kPrinted) << flags;
    else
      EXPECT_NE(r.out.find("\"func.return\"() : () -> ()"), std::string::npos)
          << r.out;
  }
}

TEST(PipelineCli, OptWithoutVerifierNeedsAPipelineWithoutPasses) {
  CommandResult r = affjit("opt", "--no-verify --pipeline=none");
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, kPrinted);
}

TEST(PipelineCli, RunRunsTheProgramWithAnyPipelineWithoutPasses) {
  for (const char *flags :
       {"--pipeline=none", "--pipeline=default", "-O0 --pipeline=none",
        "--checked --pipeline=default"}) {
    CommandResult r = affjit("run", flags);
    EXPECT_EQ(r.exitCode, 0) << flags << "\n" << r.err;
    EXPECT_EQ(r.out, "42\n") << flags;
  }
}

TEST(PipelineCli, LlvmPrintsTheSameIrForNoneAndDefault) {
  CommandResult plain = affjit("llvm", "");
  CommandResult none = affjit("llvm", "--pipeline=none");
  CommandResult optimized = affjit("llvm", "--pipeline=none --optimized -O2");
  ASSERT_EQ(plain.exitCode, 0) << plain.err;
  EXPECT_NE(plain.out.find("define void @main()"), std::string::npos);
  EXPECT_EQ(none.exitCode, 0) << none.err;
  EXPECT_EQ(none.out, plain.out);
  EXPECT_EQ(affjit("llvm", "--pipeline=default").out, plain.out);
  EXPECT_EQ(optimized.exitCode, 0) << optimized.err;
  EXPECT_NE(optimized.out.find("define void @main()"), std::string::npos);
}

TEST(PipelineCli, UnknownPassesAreErrorsOnEverySubcommand) {
  for (const char *subcommand : {"opt", "run", "llvm"}) {
    CommandResult r = affjit(subcommand, "--pipeline=default,nope");
    EXPECT_EQ(r.exitCode, 1) << subcommand;
    // 'nope' is one letter from 'none': the error suggests it.
    EXPECT_EQ(r.err, "affjit: error: unknown pass 'nope' in --pipeline "
                     "(known: " +
                         knownNames() + "); did you mean 'none'?\n")
        << subcommand;
    EXPECT_EQ(r.out, "") << subcommand << ": nothing printed or run";
  }
}

TEST(PipelineCli, EmptyAndMalformedListsAreErrors) {
  CommandResult empty = affjit("run", "--pipeline ''");
  EXPECT_EQ(empty.exitCode, 1);
  EXPECT_EQ(empty.err, "affjit: error: empty --pipeline (expected none, "
                       "default or pass names separated by commas)\n");
  EXPECT_EQ(empty.out, "");
  CommandResult comma = affjit("opt", "--pipeline=default,");
  EXPECT_EQ(comma.exitCode, 1);
  EXPECT_EQ(comma.out, "");
  EXPECT_EQ(comma.err,
            "affjit: error: empty pass name in --pipeline 'default,'\n");
}

TEST(PipelineCli, InputErrorsStillComeWithTheirLocation) {
  std::string path = writeTempFile("func.func @main() {\n  %x = arith.addf "
                                   "%y, %y : f32\n  return\n}\n");
  for (const char *subcommand : {"opt", "run", "llvm"}) {
    CommandResult r = runCommand(shellQuote(affjitBinary()) + " " + subcommand +
                                 " " + shellQuote(path) + " --pipeline=none");
    EXPECT_EQ(r.exitCode, 1) << subcommand;
    EXPECT_NE(r.err.find(".mlir:2:19: error: use of undeclared SSA value name"),
              std::string::npos)
        << subcommand << ": " << r.err;
  }
}

TEST(PipelineCli, HelpListsTheKnownNames) {
  for (const char *subcommand : {"opt", "run", "llvm"}) {
    CommandResult r =
        runCommand(shellQuote(affjitBinary()) + " " + subcommand + " --help");
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_NE(r.out.find("--pipeline"), std::string::npos) << subcommand;
    EXPECT_NE(r.out.find("(known: " + knownNames() + ")"), std::string::npos)
        << r.out;
  }
}

TEST(PipelineCli, HelpPassesListsTheRegistry) {
  for (const char *subcommand : {"opt", "run", "llvm", "asm"}) {
    CommandResult r = runCommand(shellQuote(affjitBinary()) + " " + subcommand +
                                 " --help-passes");
    ASSERT_EQ(r.exitCode, 0) << subcommand << "\n" << r.err;
    const affjit::PassRegistry &registry = affjit::passRegistry();
    for (const affjit::PassInfo &pass : registry.passes) {
      // One line per pass: its name, then its summary.
      std::string line = "  " + std::string(pass.name);
      size_t at = r.out.find(line + " ");
      ASSERT_NE(at, std::string::npos) << pass.name << "\n" << r.out;
      size_t end = r.out.find('\n', at);
      EXPECT_NE(r.out.substr(at, end - at).find(std::string(pass.summary)),
                std::string::npos)
          << r.out;
    }
    // default's steps in order, each with its reason.
    size_t at = r.out.find("default runs, in order:\n");
    ASSERT_NE(at, std::string::npos) << r.out;
    for (const affjit::PipelineStep &step : registry.defaultPipeline) {
      size_t next = r.out.find("  " + std::string(step.pass) + " ", at);
      ASSERT_NE(next, std::string::npos) << step.pass << "\n" << r.out;
      EXPECT_EQ(r.out.substr(next, r.out.find('\n', next) - next)
                        .find(std::string(step.reason)) == std::string::npos,
                false)
          << step.pass;
      at = next;
    }
    EXPECT_NE(r.out.find("runs after unroll-jam (without it: "),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("alias-guard"), std::string::npos) << r.out;
    for (const affjit::PassInfo &pass : registry.passes)
      for (const affjit::PassOptionInfo &option : pass.options)
        EXPECT_NE(r.out.find(std::string(option.name) + "="), std::string::npos)
            << option.name;
  }
}

/// Two nests reading one input: siblings `fuse` makes one nest of.
const char *kSiblings =
    R"(func.func @main(%in: memref<64xf32>, %a: memref<64xf32>, %b: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %v = affine.load %in[%i] : memref<64xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %a[%i] : memref<64xf32>
  }
  affine.for %i = 0 to 64 {
    %v = affine.load %in[%i] : memref<64xf32>
    %w = arith.mulf %v, %v : f32
    affine.store %w, %b[%i] : memref<64xf32>
  }
  return
}
)";

TEST(PipelineCli, PassOptionsInTheSpecReachThePass) {
  static const std::string path = writeTempFile(kSiblings);
  auto opt = [&](const std::string &spec) {
    return runCommand(shellQuote(affjitBinary()) + " opt " + shellQuote(path) +
                      " --assume-distinct-args --pipeline=" + shellQuote(spec));
  };
  CommandResult fused = opt("fuse");
  ASSERT_EQ(fused.exitCode, 0) << fused.err;
  EXPECT_EQ(countOccurrences(fused.out, "affine.for"), 1u) << fused.out;
  CommandResult kept = opt("fuse{siblings=false}");
  ASSERT_EQ(kept.exitCode, 0) << kept.err;
  EXPECT_EQ(countOccurrences(kept.out, "affine.for"), 2u) << kept.out;
  CommandResult bad = opt("fuse{sibling=false}");
  EXPECT_EQ(bad.exitCode, 1);
  EXPECT_EQ(bad.out, "");
  EXPECT_NE(bad.err.find("affjit: error: unknown option 'sibling' for pass "
                         "'fuse' in --pipeline (known: producer-consumer, "
                         "siblings, compute-tolerance, max-fused-accesses)"),
            std::string::npos)
      << bad.err;
}

TEST(PipelineCli, PrintTargetShowsTheModelWithItsOverrides) {
  CommandResult host =
      runCommand(shellQuote(affjitBinary()) + " --print-target");
  ASSERT_EQ(host.exitCode, 0) << host.err;
  EXPECT_EQ(host.out.rfind("cpu: ", 0), 0u) << host.out;
  EXPECT_NE(host.out.find("\nparallel loops from: "), std::string::npos)
      << host.out;
  CommandResult pinned =
      runCommand("AFFJIT_VECTOR_BITS=512 AFFJIT_L2_BYTES=262144 "
                 "AFFJIT_PARALLEL_MIN_WORK=1000 " +
                 shellQuote(affjitBinary()) + " --print-target");
  ASSERT_EQ(pinned.exitCode, 0) << pinned.err;
  EXPECT_NE(pinned.out.find("vectors: 512 bits, 32 registers"),
            std::string::npos)
      << pinned.out;
  EXPECT_NE(pinned.out.find("L2 256 KiB"), std::string::npos) << pinned.out;
  EXPECT_NE(pinned.out.find("parallel loops from: 1000 op instances"),
            std::string::npos)
      << pinned.out;
  // The REPL shows the same model.
  CommandResult repl =
      runCommand("printf ':target\\n:quit\\n' | AFFJIT_VECTOR_BITS=512 " +
                 shellQuote(affjitBinary()) + " repl");
  ASSERT_EQ(repl.exitCode, 0) << repl.err;
  EXPECT_NE(repl.out.find("vectors: 512 bits, 32 registers"), std::string::npos)
      << repl.out;
}

TEST(PipelineCli, TargetFlagsChooseTheMachineTheCodeIsFor) {
  TempProgram program(R"(func.func @scale(%x: memref<256xf32>) {
  affine.for %i = 0 to 256 {
    %v = affine.load %x[%i] : memref<256xf32>
    %w = arith.mulf %v, %v : f32
    affine.store %w, %x[%i] : memref<256xf32>
  }
  return
}
)");
  std::string affjit = shellQuote(affjitBinary());
  CommandResult v4 = runCommand(affjit + " asm --target=x86-64-v4 " +
                                shellQuote(program.path));
  ASSERT_EQ(v4.exitCode, 0) << v4.err;
  EXPECT_NE(v4.out.find("%zmm"), std::string::npos);
  CommandResult narrowed =
      runCommand(affjit + " asm --target=x86-64-v4 --mattr=-avx512f " +
                 shellQuote(program.path));
  ASSERT_EQ(narrowed.exitCode, 0) << narrowed.err;
  EXPECT_EQ(narrowed.out.find("%zmm"), std::string::npos);
  EXPECT_NE(narrowed.out.find("%ymm"), std::string::npos);
  // The passes plan for the target: 4 registers of 16 lanes per op.
  CommandResult opt = runCommand(affjit + " opt --target=x86-64-v4 " +
                                 shellQuote(program.path));
  ASSERT_EQ(opt.exitCode, 0) << opt.err;
  EXPECT_NE(opt.out.find("vector<64xf32>"), std::string::npos) << opt.out;

  CommandResult unknown =
      runCommand(affjit + " opt --target=pentium9 " + shellQuote(program.path));
  EXPECT_EQ(unknown.exitCode, 1);
  EXPECT_EQ(unknown.err.rfind("affjit: error: unknown target 'pentium9' "
                              "(known: host, ",
                              0),
            0u)
      << unknown.err;
  CommandResult badCache =
      runCommand(affjit + " llvm --cache=l3=1M " + shellQuote(program.path));
  EXPECT_EQ(badCache.exitCode, 1);
  EXPECT_NE(badCache.err.find("affjit: error: unknown cache field 'l3'"),
            std::string::npos)
      << badCache.err;

  CommandResult shown =
      runCommand(affjit + " opt --print-target --target=znver4 --cache=l2=2M");
  ASSERT_EQ(shown.exitCode, 0) << shown.err;
  EXPECT_EQ(shown.out.rfind("cpu: znver4\n", 0), 0u) << shown.out;
  EXPECT_NE(shown.out.find("vectors: 512 bits, 32 registers"),
            std::string::npos);
  EXPECT_NE(shown.out.find("L2 2 MiB"), std::string::npos) << shown.out;
  CommandResult repl = runCommand("printf ':target\\n:quit\\n' | " + affjit +
                                  " repl --target=x86-64-v2");
  ASSERT_EQ(repl.exitCode, 0) << repl.err;
  EXPECT_NE(repl.out.find("cpu: x86-64-v2"), std::string::npos) << repl.out;
}

TEST(PipelineCli, RunRefusesATargetTheHostCannotExecute) {
  // The first of these the host lacks a feature of (none on a machine
  // with every one of them: then there is nothing to refuse).
  std::string affjit = shellQuote(affjitBinary());
  for (const char *cpu : {"x86-64-v4", "sapphirerapids", "graniterapids"}) {
    CommandResult r = runCommand(affjit + " run --target=" + cpu +
                                 " /nonexistent-input.mlir");
    if (r.err.find("cannot run on this host") == std::string::npos)
      continue;
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err.rfind(std::string("affjit: error: code for target '") +
                              cpu + "' cannot run on this host",
                          0),
              0u)
        << r.err;
    EXPECT_EQ(r.err.find("nonexistent"), std::string::npos)
        << "refused before reading the input";
    return;
  }
  GTEST_SKIP() << "this host runs every candidate target";
}

} // namespace

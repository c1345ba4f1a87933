// Ahead-of-time compilation (engine/aot, `affjit compile`): the C header
// spells every supported type and refuses the rest with the function's
// name; the object exports exactly the entries (their C interface under
// their own names, @main as C's main) and makes everything else internal;
// the command's errors name what went wrong. tests/aot/run.sh links the
// object into C programs.
#include "engine/Pipeline.h"
#include "engine/aot/CHeader.h"
#include "engine/aot/ExportEntries.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace affjit;
using namespace affjit::test;

namespace {

Type memref1d(Type element) { return Type::memref({kDynamic}, element); }

/// The header for `entries`, or the error prefixed with "error: ".
std::string header(const std::vector<EntryFunction> &entries) {
  std::string error;
  std::optional<std::string> text =
      writeCHeader(entries, {"AFFJIT_T_H", {"a test"}}, error);
  return text ? *text : "error: " + error;
}

TEST(CHeader, SpellsScalarsDescriptorsAndResults) {
  Type f = Type::function(
      {Type::f16(), Type::integer(1), Type::integer(8, Signedness::Unsigned),
       Type::index(), memref1d(Type::f32()), Type::unrankedMemref(Type::f64())},
      {Type::f64()});
  Type g = Type::function({Type::memref({}, Type::integer(32))},
                          {Type::memref({4, 4}, Type::f32()), Type::index()});
  Type h = Type::function({}, {memref1d(Type::f32())});
  std::string text = header({{"f", f}, {"g", g}, {"h", h}});
  EXPECT_NE(text.find("double f(_Float16 arg0, bool arg1, uint8_t arg2, "
                      "int64_t arg3, affjit_memref_f32_1d *arg4, "
                      "affjit_unranked_memref *arg5);"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("typedef struct {\n  affjit_memref_f32_2d r0;\n  "
                      "int64_t r1;\n} g_results;"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("void g(g_results *results, affjit_memref_i32_0d "
                      "*arg0);"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("void h(affjit_memref_f32_1d *result);"),
            std::string::npos)
      << text;
  // Each descriptor once, guarded for other headers.
  size_t first = text.find("} affjit_memref_f32_1d;");
  EXPECT_NE(first, std::string::npos);
  EXPECT_EQ(text.find("} affjit_memref_f32_1d;", first + 1), std::string::npos);
  EXPECT_NE(text.find("#ifndef AFFJIT_MEMREF_F32_1D_DEFINED"),
            std::string::npos);
  EXPECT_NE(text.find("#ifndef AFFJIT_T_H"), std::string::npos);
}

TEST(CHeader, TypesWithoutACSpellingAreErrorsNamingTheFunction) {
  for (Type bad : {Type::bf16(), Type::vector({4}, Type::f32()),
                   Type::integer(7), memref1d(Type::bf16())}) {
    std::string text =
        header({{"ok", Type::function({}, {})},
                {"bad", Type::function({Type::f32(), bad}, {})}});
    EXPECT_EQ(text.rfind("error: @bad: " + bad.str() + " has no C type", 0), 0u)
        << text;
  }
  std::string text =
      header({{"r", Type::function({}, {Type::vector({4}, Type::f32())})}});
  EXPECT_EQ(text.rfind("error: @r: vector<4xf32> has no C type", 0), 0u)
      << text;
}

TEST(CHeader, CompilesAsC) {
  Type f = Type::function({Type::f32(), memref1d(Type::f32())},
                          {Type::memref({2, 2}, Type::f64()), Type::index()});
  std::string text = header({{"f", f}, {"g", Type::function({}, {})}});
  ASSERT_EQ(text.rfind("error", 0), std::string::npos) << text;
  TempProgram file(text + text); // included twice: the guards hold
  std::filesystem::path h = file.path + ".h";
  std::filesystem::copy_file(file.path, h);
  for (const char *cc : {"gcc", "clang-19"}) {
    if (runCommand(std::string("command -v ") + cc).exitCode != 0)
      continue;
    CommandResult r = runCommand(std::string(cc) +
                                 " -std=c11 -Wall -Wextra -Werror "
                                 "-fsyntax-only -x c " +
                                 shellQuote(h.string()));
    EXPECT_EQ(r.exitCode, 0) << cc << ": " << r.err;
  }
  std::filesystem::remove(h);
}

/// `text` lowered for the host with the default pipeline.
LoweredProgram lowered(const std::string &text) {
  Expected<CompilePipeline> pipeline = CompilePipeline::create({});
  EXPECT_TRUE(pipeline);
  SourceBuffer source{std::make_shared<const std::string>("t.mlir"), text};
  DiagnosticEngine diag;
  std::optional<LoweredProgram> program = pipeline->lower(source, diag);
  EXPECT_TRUE(program);
  return std::move(*program);
}

const char *kTwo = R"(func.func @helper(%x: memref<4xf32>) {
  return
}
func.func @main() {
  %a = memref.alloc() : memref<4xf32>
  call @helper(%a) : (memref<4xf32>) -> ()
  memref.dealloc %a : memref<4xf32>
  return
}
)";

TEST(ExportEntries, OnlyTheEntriesStayExternal) {
  LoweredProgram program = lowered(kTwo);
  ASSERT_EQ(program.functions.size(), 2u);
  std::vector<EntryFunction> entries = {program.functions[0]}; // @helper
  ASSERT_FALSE(exportEntries(*program.module, entries));
  llvm::Module &m = *program.module;
  EXPECT_TRUE(m.getNamedAlias("helper"));
  EXPECT_EQ(m.getNamedAlias("helper")->getAliaseeObject(),
            m.getFunction("_mlir_ciface_helper"));
  EXPECT_TRUE(m.getFunction("_mlir_ciface_helper")->hasExternalLinkage());
  for (llvm::Function &f : m.functions())
    if (!f.isDeclaration() && f.getName() != "_mlir_ciface_helper")
      EXPECT_TRUE(f.hasInternalLinkage()) << f.getName().str();
  ASSERT_TRUE(m.getFunction("main"));
  EXPECT_TRUE(m.getFunction("main")->hasInternalLinkage())
      << "@main was not exported";
}

TEST(ExportEntries, MainBecomesCsMainOnlyWithoutArgumentsOrResults) {
  LoweredProgram program = lowered(kTwo);
  std::vector<EntryFunction> entries = {program.functions[1]}; // @main
  ASSERT_FALSE(exportEntries(*program.module, entries));
  llvm::Function *cMain = program.module->getFunction("main");
  ASSERT_TRUE(cMain);
  EXPECT_TRUE(cMain->getReturnType()->isIntegerTy(32));
  EXPECT_EQ(cMain->arg_size(), 0u);

  LoweredProgram other = lowered("func.func @main(%x: f32) -> f32 {\n"
                                 "  return %x : f32\n}\n");
  std::optional<std::string> why =
      exportEntries(*other.module, other.functions);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("must have type () -> ()"), std::string::npos) << *why;
}

TEST(CompileCli, ErrorsNameWhatWentWrong) {
  TempProgram program(kTwo);
  std::string affjit = shellQuote(affjitBinary()),
              input = shellQuote(program.path);
  std::filesystem::path dir = std::filesystem::temp_directory_path() /
                              ("affjit-aot-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  std::string object = shellQuote((dir / "k.o").string());

  CommandResult unknown =
      runCommand(affjit + " compile " + input + " -o " + object + " -e nope");
  EXPECT_EQ(unknown.exitCode, 1);
  EXPECT_EQ(unknown.err, "affjit: error: no function @nope to export "
                         "(defined: @helper, @main)\n");
  CommandResult fromStdin = runCommand("printf '' | " + affjit + " compile -");
  EXPECT_EQ(fromStdin.exitCode, 1);
  EXPECT_EQ(fromStdin.err, "affjit: error: compiling stdin needs -o FILE\n");
  CommandResult unwritable = runCommand(affjit + " compile " + input +
                                        " -o /nonexistent-dir/k.o -e helper");
  EXPECT_EQ(unwritable.exitCode, 1);
  EXPECT_EQ(unwritable.err,
            "affjit: error: cannot write '/nonexistent-dir/k.o'\n");
  TempProgram vectorArg("func.func @v(%x: vector<4xf32>) {\n  return\n}\n");
  CommandResult vector = runCommand(
      affjit + " compile " + shellQuote(vectorArg.path) + " -o " + object);
  EXPECT_EQ(vector.exitCode, 1);
  EXPECT_NE(vector.err.find("affjit: error: @v: vector<4xf32> has no C type"),
            std::string::npos)
      << vector.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "k.o"))
      << "nothing written after an error";
  CommandResult noHeader =
      runCommand(affjit + " compile " + shellQuote(vectorArg.path) + " -o " +
                 object + " --no-header");
  EXPECT_EQ(noHeader.exitCode, 0) << "no header, nothing to spell in C\n"
                                  << noHeader.err;
  EXPECT_TRUE(std::filesystem::exists(dir / "k.o"));
  EXPECT_FALSE(std::filesystem::exists(dir / "k.h"));
  std::filesystem::remove(dir / "k.o");

  CommandResult ok =
      runCommand(affjit + " compile " + input + " -o " + object + " -e helper");
  EXPECT_EQ(ok.exitCode, 0) << ok.err;
  EXPECT_TRUE(std::filesystem::exists(dir / "k.o"));
  EXPECT_TRUE(std::filesystem::exists(dir / "k.h"));
  std::filesystem::remove_all(dir);
}

} // namespace

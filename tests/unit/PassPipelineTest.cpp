// Pass pipeline specs (`none`, `default`, lists, bad names) against affjit's
// registry and against a registry of test passes, and running a pipeline:
// order, failures, and verify-each catching a pass that breaks the IR.
#include "frontend/transform/PassPipeline.h"
#include "frontend/parse/Parser.h"
#include "frontend/print/Printer.h"
#include "frontend/verify/Verifier.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

using namespace affjit;

namespace {

// Test passes are plain functions (PassInfo::run is a function pointer), so
// they record what they did here.
std::vector<std::string> &passLog() {
  static std::vector<std::string> log;
  return log;
}

bool logA(Module &, DiagnosticEngine &) {
  passLog().push_back("a");
  return true;
}

bool logB(Module &, DiagnosticEngine &) {
  passLog().push_back("b");
  return true;
}

/// Fails without saying why: the pipeline must say which pass failed.
bool failSilently(Module &, DiagnosticEngine &) {
  passLog().push_back("fail");
  return false;
}

/// Fails with its own diagnostic.
bool failWithError(Module &module, DiagnosticEngine &diag) {
  passLog().push_back("complain");
  diag.error(module.getBody().front().getLoc(), "cannot transform this");
  return false;
}

/// Erases every function's terminator: IR the verifier rejects.
bool dropTerminators(Module &module, DiagnosticEngine &) {
  passLog().push_back("break");
  for (auto &op : module.getBody().getOperations())
    if (op->isa("func.func") && !op->getRegion(0).empty())
      op->getRegion(0).front().back().erase();
  return true;
}

const PassInfo kTestPasses[] = {
    {"a", "logs a", &logA},
    {"b", "logs b", &logB},
    {"fail", "fails silently", &failSilently},
    {"complain", "fails with an error", &failWithError},
    {"break", "drops terminators", &dropTerminators},
};
const std::string_view kTestDefault[] = {"b", "a"};
const PassRegistry kTestRegistry{kTestPasses, kTestDefault};

/// The names of `spec`'s passes, or "error: ..." if it does not parse.
std::string parsed(std::string_view spec,
                   const PassRegistry &registry = passRegistry()) {
  std::string error;
  std::optional<PassPipeline> pipeline =
      parsePassPipeline(spec, error, registry);
  if (!pipeline)
    return "error: " + error;
  std::string names;
  for (const PassInfo *pass : pipeline->passes)
    names += (names.empty() ? "" : " ") + std::string(pass->name);
  return names;
}

TEST(PassPipeline, NoneIsNoPassesAndDefaultIsTheDefaultTable) {
  EXPECT_EQ(parsed("none"), "");
  EXPECT_EQ(parsed("  none "), "");
  std::string defaults;
  for (std::string_view name : passRegistry().defaultPipeline)
    defaults += (defaults.empty() ? "" : " ") + std::string(name);
  EXPECT_EQ(parsed("default"), defaults);
}

/// "none, default" and affjit's passes, in table order.
std::string knownNames() {
  std::string names = "none, default";
  for (const PassInfo &pass : passRegistry().passes)
    names += ", " + std::string(pass.name);
  return names;
}

TEST(PassPipeline, UnknownNamesAreErrorsListingTheKnownNames) {
  std::string known = "(known: " + knownNames() + ")";
  EXPECT_EQ(parsed("foo"), "error: unknown pass 'foo' in --pipeline " + known);
  EXPECT_EQ(parsed("default,foo"),
            "error: unknown pass 'foo' in --pipeline " + known);
  EXPECT_EQ(parsed("None"),
            "error: unknown pass 'None' in --pipeline " + known);
  EXPECT_EQ(parsed("zap", kTestRegistry),
            "error: unknown pass 'zap' in --pipeline (known: none, default, "
            "a, b, fail, complain, break)");
}

TEST(PassPipeline, EmptySpecsAndEmptyNamesAreErrors) {
  const char *empty = "error: empty --pipeline (expected none, default or "
                      "pass names separated by commas)";
  EXPECT_EQ(parsed(""), empty);
  EXPECT_EQ(parsed("   "), empty);
  EXPECT_EQ(parsed(" \t", kTestRegistry), empty);
  EXPECT_EQ(parsed("a,", kTestRegistry),
            "error: empty pass name in --pipeline 'a,'");
  EXPECT_EQ(parsed(",a", kTestRegistry),
            "error: empty pass name in --pipeline ',a'");
  EXPECT_EQ(parsed("a,,b", kTestRegistry),
            "error: empty pass name in --pipeline 'a,,b'");
}

TEST(PassPipeline, ListsKeepTheirOrderAndDefaultExpandsInPlace) {
  EXPECT_EQ(parsed("a", kTestRegistry), "a");
  EXPECT_EQ(parsed("a,b", kTestRegistry), "a b");
  EXPECT_EQ(parsed(" b , a ", kTestRegistry), "b a");
  EXPECT_EQ(parsed("a,a", kTestRegistry), "a a");
  EXPECT_EQ(parsed("default", kTestRegistry), "b a");
  EXPECT_EQ(parsed("a,default,fail", kTestRegistry), "a b a fail");
  EXPECT_EQ(parsed("none", kTestRegistry), "");
  EXPECT_EQ(parsed("a,none", kTestRegistry),
            "error: 'none' cannot be combined with other passes in "
            "--pipeline 'a,none'");
}

TEST(PassPipeline, DescriptionNamesThePassesNotTheSpelling) {
  std::string error;
  auto spelled = parsePassPipeline("default", error, kTestRegistry);
  auto listed = parsePassPipeline("b, a", error, kTestRegistry);
  ASSERT_TRUE(spelled && listed) << error;
  EXPECT_EQ(describePassPipeline(*spelled), "b,a");
  EXPECT_EQ(describePassPipeline(*listed), "b,a");
  EXPECT_EQ(describePassPipeline(PassPipeline{}), "");
}

TEST(PassPipeline, TheDefaultTableNamesOnlyRegisteredPasses) {
  for (std::string_view name : passRegistry().defaultPipeline)
    EXPECT_EQ(parsed(name).rfind("error", 0), std::string::npos) << name;
  std::string error;
  auto pipeline = parsePassPipeline("default", error);
  ASSERT_TRUE(pipeline) << error;
  EXPECT_EQ(pipeline->passes.size(), passRegistry().defaultPipeline.size());
}

class PassRun : public ::testing::Test {
protected:
  void SetUp() override {
    passLog().clear();
    source.name = std::make_shared<const std::string>("k.mlir");
    source.text = "func.func @f() {\n  return\n}\n";
    module = parseModule(source, diag);
    ASSERT_TRUE(module && verifyModule(*module, diag));
  }
  bool run(std::string_view spec, bool verifyEach = false) {
    std::string error;
    auto pipeline = parsePassPipeline(spec, error, kTestRegistry);
    EXPECT_TRUE(pipeline) << error;
    PassRunOptions options;
    options.verifyEach = verifyEach;
    return pipeline && runPassPipeline(*module, *pipeline, diag, options);
  }
  std::string diagnostics() const {
    std::ostringstream os;
    diag.print(os);
    return os.str();
  }
  SourceBuffer source;
  DiagnosticEngine diag;
  std::unique_ptr<Module> module;
};

TEST_F(PassRun, PassesRunInOrder) {
  EXPECT_TRUE(run("a,b,default"));
  EXPECT_EQ(passLog(), (std::vector<std::string>{"a", "b", "b", "a"}));
  EXPECT_FALSE(diag.hadError());
}

TEST_F(PassRun, NoPassesLeaveTheModuleAlone) {
  std::ostringstream before, after;
  printModule(*module, before);
  EXPECT_TRUE(run("none", /*verifyEach=*/true));
  printModule(*module, after);
  EXPECT_EQ(before.str(), after.str());
  EXPECT_TRUE(passLog().empty());
}

TEST_F(PassRun, ASilentFailureIsNamedAndStopsThePipeline) {
  EXPECT_FALSE(run("a,fail,b"));
  EXPECT_EQ(passLog(), (std::vector<std::string>{"a", "fail"}));
  EXPECT_EQ(diagnostics(), "error: pass 'fail' failed\n");
}

TEST_F(PassRun, APassReportsItsOwnErrors) {
  EXPECT_FALSE(run("complain,a"));
  EXPECT_EQ(passLog(), (std::vector<std::string>{"complain"}));
  EXPECT_EQ(diagnostics(), "k.mlir:1:1: error: cannot transform this\n"
                           "func.func @f() {\n^\n");
}

TEST_F(PassRun, VerifyEachCatchesAPassThatBreaksTheIr) {
  EXPECT_FALSE(run("break,a", /*verifyEach=*/true));
  EXPECT_EQ(passLog(), (std::vector<std::string>{"break"}));
  std::string text = diagnostics();
  EXPECT_NE(text.find("error: "), std::string::npos) << text;
  EXPECT_NE(text.find("note: the module does not verify after pass 'break'"),
            std::string::npos)
      << text;
}

TEST_F(PassRun, WithoutVerifyEachABrokenModuleIsNotNoticed) {
  EXPECT_TRUE(run("break,a"));
  EXPECT_EQ(passLog(), (std::vector<std::string>{"break", "a"}));
  DiagnosticEngine check;
  EXPECT_FALSE(verifyModule(*module, check));
}

} // namespace

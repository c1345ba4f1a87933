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

bool logA(Module &, PassContext &) {
  passLog().push_back("a");
  return true;
}

bool logB(Module &, PassContext &) {
  passLog().push_back("b");
  return true;
}

/// Logs the options it was given, as its options struct would hold them.
bool logOptions(Module &, PassContext &context) {
  bool flag = false;
  unsigned count = 7;
  double ratio = 0.5;
  const PassOptionValues &v = context.getPassOptions();
  v.apply("flag", flag);
  v.apply("count", count);
  v.apply("ratio", ratio);
  passLog().push_back("opts " + std::string(flag ? "true" : "false") + " " +
                      std::to_string(count) + " " + std::to_string(ratio));
  return true;
}

const PassOptionInfo kOptOptions[] = {
    {"flag", PassOptionInfo::Kind::Bool, "a flag"},
    {"count", PassOptionInfo::Kind::Integer, "a count", 1, 10},
    {"ratio", PassOptionInfo::Kind::Number, "a ratio", 0, 1},
};

/// Fails without saying why: the pipeline must say which pass failed.
bool failSilently(Module &, PassContext &) {
  passLog().push_back("fail");
  return false;
}

/// Fails with its own diagnostic.
bool failWithError(Module &module, PassContext &context) {
  passLog().push_back("complain");
  context.getDiagnostics().error(module.getBody().front().getLoc(),
                                 "cannot transform this");
  return false;
}

/// Reports one decision at the first op of the module, and one without a
/// location.
bool remarkTwice(Module &module, PassContext &context) {
  passLog().push_back("talk");
  context.remark(module.getBody().front().getLoc(), "looked at @f");
  context.remark(Location(), "nothing else to do");
  return true;
}

/// Erases every function's terminator: IR the verifier rejects.
bool dropTerminators(Module &module, PassContext &) {
  passLog().push_back("break");
  for (auto &op : module.getBody().getOperations())
    if (op->isa("func.func") && !op->getRegion(0).empty())
      op->getRegion(0).front().back().erase();
  return true;
}

const PassPrerequisite kAfterA[] = {{"a", "nothing for b to log after"}};

const PassInfo kTestPasses[] = {
    {"a", "logs a", &logA},
    {"b", "logs b", &logB},
    {"b-after-a", "logs b after a", &logB, true, {}, kAfterA},
    {"fail", "fails silently", &failSilently},
    {"complain", "fails with an error", &failWithError},
    {"break", "drops terminators", &dropTerminators},
    {"talk", "reports two remarks", &remarkTwice},
    {"opts", "logs its options", &logOptions, true, kOptOptions},
};
const PipelineStep kTestDefault[] = {{"b", "first"}, {"a", "second"}};
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
  for (const PipelineStep &step : passRegistry().defaultPipeline)
    defaults += (defaults.empty() ? "" : " ") + std::string(step.pass);
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
            "a, b, b-after-a, fail, complain, break, talk, opts)");
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

/// describePassPipeline of `spec` against the test registry, or "error:
/// ...".
std::string described(std::string_view spec) {
  std::string error;
  std::optional<PassPipeline> pipeline =
      parsePassPipeline(spec, error, kTestRegistry);
  return pipeline ? describePassPipeline(*pipeline) : "error: " + error;
}

TEST(PassPipeline, OptionsInBracesAreCheckedAndDescribedCanonically) {
  EXPECT_EQ(described("opts{flag=true}"), "opts{flag=true}");
  // Sorted by name, one spelling per value, blanks or commas between.
  EXPECT_EQ(described("opts{ratio=0.25 flag=1}, a"),
            "opts{flag=true,ratio=0.25},a");
  EXPECT_EQ(described("opts{count=3,flag=0}"), "opts{count=3,flag=false}");
  EXPECT_EQ(described("opts{ratio=0.3}"), "opts{ratio=0.3}");
  EXPECT_EQ(described("opts{ratio=3e-1}"), "opts{ratio=0.3}");
  EXPECT_EQ(described("opts{}"), "opts");
  EXPECT_EQ(described("opts{count=3},opts"), "opts{count=3},opts");
  const char *where = "pass 'opts' in --pipeline";
  EXPECT_EQ(described("opts{colour=red}"),
            std::string("error: unknown option 'colour' for ") + where +
                " (known: flag, count, ratio)");
  EXPECT_EQ(described("a{flag=true}"),
            "error: unknown option 'flag' for pass 'a' in --pipeline (it "
            "takes none)");
  EXPECT_EQ(described("opts{flag=yes}"),
            std::string("error: option 'flag' of ") + where +
                ": expected true or false, got 'yes'");
  EXPECT_EQ(described("opts{count=11}"),
            std::string("error: option 'count' of ") + where +
                ": expected an integer in 1..10, got '11'");
  EXPECT_EQ(described("opts{count=2.5}"),
            std::string("error: option 'count' of ") + where +
                ": expected an integer in 1..10, got '2.5'");
  EXPECT_EQ(described("opts{ratio=nan}"),
            std::string("error: option 'ratio' of ") + where +
                ": expected a number in 0..1, got 'nan'");
  EXPECT_EQ(described("opts{flag}"), std::string("error: option 'flag' of ") +
                                         where +
                                         " has no value (write flag=VALUE)");
  EXPECT_EQ(described("opts{flag=true"),
            "error: unbalanced braces in --pipeline 'opts{flag=true'");
  EXPECT_EQ(described("opts{{flag=true}}"),
            "error: unbalanced braces in --pipeline 'opts{{flag=true}}'");
  EXPECT_EQ(described("opts{flag=true}x"),
            "error: text after the options of 'opts' in --pipeline "
            "'opts{flag=true}x'");
  EXPECT_EQ(described("default{flag=true}")
                .rfind("error: 'default' takes "
                       "no options",
                       0),
            0u);
}

TEST(PassPipeline, AffjitPassesDeclareTheirOptions) {
  // What --help-passes shows and the registry's passes read.
  EXPECT_EQ(parsed("fuse{siblings=false producer-consumer=true "
                   "compute-tolerance=0.5 max-fused-accesses=64}"),
            "fuse");
  EXPECT_EQ(parsed("unroll-jam{max-factor=4},skew-jam{rows=4},"
                   "normalize{promote-single-iteration=false},"
                   "parallelize{min-work=1000}"),
            "unroll-jam skew-jam normalize parallelize");
  EXPECT_EQ(parsed("fuse{siblings=no}").rfind("error: option 'siblings'", 0),
            0u);
}

TEST(PassPipeline, TheDefaultTableNamesOnlyRegisteredPasses) {
  for (const PipelineStep &step : passRegistry().defaultPipeline) {
    EXPECT_EQ(parsed(step.pass).rfind("error", 0), std::string::npos)
        << step.pass;
    EXPECT_FALSE(step.reason.empty()) << step.pass;
  }
  std::string error;
  auto pipeline = parsePassPipeline("default", error);
  ASSERT_TRUE(pipeline) << error;
  EXPECT_EQ(pipeline->passes.size(), passRegistry().defaultPipeline.size());
}

TEST(PassPipeline, DefaultRunsEveryPassAfterWhatItWorksOn) {
  std::string error;
  auto pipeline = parsePassPipeline("default", error);
  ASSERT_TRUE(pipeline) << error;
  for (size_t i = 0; i < pipeline->passes.size(); ++i)
    for (const PassPrerequisite &p : pipeline->passes[i]->after) {
      bool earlier = false;
      for (size_t j = 0; j < i; ++j)
        earlier |= pipeline->passes[j]->name == p.pass;
      EXPECT_TRUE(earlier) << pipeline->passes[i]->name << " after " << p.pass;
    }
  // The LLVM pipeline follows from a declared property, not a name.
  EXPECT_TRUE(findPass("vectorize", passRegistry())->doesLlvmLoopWork);
  EXPECT_FALSE(findPass("fuse", passRegistry())->doesLlvmLoopWork);
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
    PassRunOptions options;
    options.verifyEach = verifyEach;
    return run(spec, options);
  }
  bool run(std::string_view spec, const PassRunOptions &options) {
    std::string error;
    auto pipeline = parsePassPipeline(spec, error, kTestRegistry);
    EXPECT_TRUE(pipeline) << error;
    return pipeline && runPassPipeline(*module, *pipeline, diag, options);
  }
  /// Options that collect the remarks of `report` as `PASS@LINE:COL: text`
  /// in `remarks`, and dump after `dump` into `dumps`.
  PassRunOptions reporting(std::string_view report, std::string_view dump) {
    std::string error;
    PassRunOptions options;
    auto selected =
        parsePassSelection(report, "--opt-report", error, kTestRegistry);
    auto dumped =
        parsePassSelection(dump, "--dump-after", error, kTestRegistry);
    EXPECT_TRUE(selected && dumped) << error;
    options.report = selected.value_or(PassSelection());
    options.dumpAfter = dumped.value_or(PassSelection());
    options.onRemark = [this](const PassRemark &r) {
      remarks.push_back(std::string(r.pass) + "@" + std::to_string(r.loc.line) +
                        ":" + std::to_string(r.loc.col) + ": " + r.message);
    };
    options.dumpStream = &dumps;
    return options;
  }
  std::vector<std::string> remarks;
  std::ostringstream dumps;
  std::string diagnostics() const {
    std::ostringstream os;
    diag.print(os);
    return os.str();
  }
  SourceBuffer source;
  DiagnosticEngine diag;
  std::unique_ptr<Module> module;
};

TEST_F(PassRun, EachPassGetsItsOwnOptions) {
  ASSERT_TRUE(run("opts{count=3 flag=true},opts,opts{ratio=0.25}"));
  EXPECT_EQ(passLog(), (std::vector<std::string>{"opts true 3 0.500000",
                                                 "opts false 7 0.500000",
                                                 "opts false 7 0.250000"}));
}

TEST_F(PassRun, APassWithoutWhatItWorksOnSaysSoAndStillRuns) {
  ASSERT_TRUE(run("b-after-a,a,b-after-a", reporting("b-after-a", "")));
  EXPECT_EQ(passLog(), (std::vector<std::string>{"b", "a", "b"}));
  EXPECT_EQ(remarks, (std::vector<std::string>{
                         "b-after-a@1:1: runs without 'a' before it: nothing "
                         "for b to log after"}));
  remarks.clear();
  ASSERT_TRUE(run("b-after-a", reporting("a", "")));
  EXPECT_TRUE(remarks.empty()) << "reported only when asked for";
}

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

TEST_F(PassRun, RemarksReachTheSinkOnlyForTheSelectedPasses) {
  EXPECT_TRUE(run("talk,a,talk", reporting("talk", "")));
  EXPECT_EQ(remarks,
            (std::vector<std::string>{
                "talk@1:1: looked at @f", "talk@0:0: nothing else to do",
                "talk@1:1: looked at @f", "talk@0:0: nothing else to do"}));
  remarks.clear();
  EXPECT_TRUE(run("talk", reporting("a,b", "")));
  EXPECT_TRUE(remarks.empty());
  EXPECT_TRUE(run("talk", reporting("all", "")));
  EXPECT_EQ(remarks.size(), 2u);
  remarks.clear();
  EXPECT_TRUE(run("talk", reporting("", "")));
  EXPECT_TRUE(remarks.empty());
  EXPECT_EQ(dumps.str(), "");
}

TEST_F(PassRun, DumpsFollowTheSelectedPassesWithMlirOptsHeader) {
  EXPECT_TRUE(run("a,b,a", reporting("", "a")));
  const std::string ir = "module {\n  func.func @f() {\n    return\n  }\n}\n";
  const std::string dumpA =
      "// -----// IR Dump After a //----- //\n" + ir + "\n";
  EXPECT_EQ(dumps.str(), dumpA + dumpA);
  dumps.str("");
  EXPECT_TRUE(run("a,b", reporting("", "all")));
  EXPECT_EQ(dumps.str(),
            dumpA + "// -----// IR Dump After b //----- //\n" + ir + "\n");
}

TEST_F(PassRun, VerifyEachStopsBeforeDumpingBrokenIr) {
  PassRunOptions options = reporting("", "all");
  options.verifyEach = true;
  EXPECT_FALSE(run("a,break,b", options));
  EXPECT_EQ(passLog(), (std::vector<std::string>{"a", "break"}));
  EXPECT_EQ(dumps.str().find("After break"), std::string::npos) << dumps.str();
  EXPECT_NE(
      diagnostics().find("note: the module does not verify after pass 'break'"),
      std::string::npos)
      << diagnostics();
}

/// The names a selection spec selects, or "error: ...".
std::string selected(std::string_view spec,
                     const PassRegistry &registry = kTestRegistry) {
  std::string error;
  auto selection = parsePassSelection(spec, "--opt-report", error, registry);
  return selection ? selection->str() : "error: " + error;
}

TEST(PassSelection, AllNamesOrNothing) {
  EXPECT_EQ(selected(""), "off");
  EXPECT_EQ(selected("  "), "off");
  EXPECT_EQ(selected("all"), "all");
  EXPECT_EQ(selected("a,all"), "all");
  EXPECT_EQ(selected(" b , a,b"), "b,a");
  EXPECT_EQ(selected("fuse"), "error: unknown pass 'fuse' in --opt-report "
                              "(known: all, a, b, b-after-a, "
                              "fail, complain, break, talk, opts)");
  EXPECT_EQ(selected("a,,b"), "error: empty pass name in --opt-report 'a,,b'");
  EXPECT_EQ(selected("none"), "error: unknown pass 'none' in --opt-report "
                              "(known: all, a, b, b-after-a, "
                              "fail, complain, break, talk, opts)");
  std::string error;
  auto some = parsePassSelection("b", "--x", error, kTestRegistry);
  ASSERT_TRUE(some);
  EXPECT_TRUE(some->contains("b"));
  EXPECT_FALSE(some->contains("a"));
  EXPECT_TRUE((PassSelection{true, {}}.contains("anything")));
  EXPECT_TRUE(PassSelection().empty());
}

} // namespace

// What the C++ API accepts and rejects at compile time: the argument types
// Function::call, Engine::call and benchmarkWith take (checked with
// static_assert on the constraint they share), and [[nodiscard]] on Error
// and Expected (checked by compiling small programs with
// -Werror=unused-result: a dropped error must not compile, a used one must).
#include "affjit/Benchmark.h"
#include "affjit/Buffer.h"
#include "affjit/Engine.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <array>
#include <span>
#include <string>
#include <vector>

namespace {

using affjit::Function;
using affjit::MemRef;
using affjit::StridedMemRef;

/// Whether `fn.call(args...)` compiles.
template <typename... Args>
constexpr bool callable = requires(const Function &fn, Args &&...args) {
  fn.call(std::forward<Args>(args)...);
};

// Memrefs by reference, const or not, and by value.
static_assert(callable<MemRef<float, 1> &>);
static_assert(callable<const MemRef<float, 1> &>);
static_assert(callable<MemRef<double, 3>>);
static_assert(callable<const StridedMemRef<int32_t, 2> &>);
static_assert(callable<StridedMemRef<float, 1> &>);
// Rank-1 memrefs from std::vector and std::span, const or not.
static_assert(callable<std::vector<float> &>);
static_assert(callable<const std::vector<double> &>);
static_assert(callable<std::vector<int64_t>>);
static_assert(callable<std::span<float>>);
static_assert(callable<std::span<const int32_t>>);
static_assert(callable<std::span<float, 8>>);
// Scalars, const or not, mixed with memrefs.
static_assert(callable<const float &, int32_t, affjit::Index, bool,
                       const MemRef<float, 2> &, std::vector<float> &>);
// Not: types without an MLIR counterpart, vector<bool> (no data()), and
// pointers (no sizes).
static_assert(!callable<std::string>);
static_assert(!callable<unsigned>);
static_assert(!callable<char>);
static_assert(!callable<std::vector<bool> &>);
static_assert(!callable<std::vector<std::string> &>);
static_assert(!callable<float *>);
/// Whether `engine.call("f", args...)` and `benchmarkWith(..., args...)`
/// compile.
template <typename... Args>
constexpr bool engineCallable =
    requires(affjit::Engine &engine, Args &&...args) {
      engine.call("f", std::forward<Args>(args)...);
      engine.template call<float>("f", std::forward<Args>(args)...);
    };
template <typename... Args>
constexpr bool benchmarkable = requires(Args &&...args) {
  affjit::benchmarkWith("", "f", {}, std::forward<Args>(args)...);
};

// Engine::call and benchmarkWith take the same arguments.
static_assert(engineCallable<const MemRef<float, 1> &, std::vector<float> &,
                             std::span<const float>, float>);
static_assert(!engineCallable<std::string>);
static_assert(
    benchmarkable<const MemRef<float, 1> &, std::vector<float> &, float>);
static_assert(!benchmarkable<std::string &>);
// A shape over a vector's elements.
static_assert(std::is_constructible_v<MemRef<float, 2>, std::vector<float> &,
                                      std::array<int64_t, 2>>);
static_assert(std::is_base_of_v<std::exception, affjit::BadExpectedAccess>);

/// The compiler that built this test, as the shell finds it; empty when it
/// cannot be found.
std::string compiler() {
#if defined(__clang__)
  std::string versioned = "clang++-" + std::to_string(__clang_major__);
#else
  std::string versioned = "g++-" + std::to_string(__GNUC__);
#endif
  for (const std::string &name : {versioned, std::string("c++")})
    if (affjit::test::runCommand("command -v " + name).exitCode == 0)
      return name;
  return "";
}

/// Compiles `body` (the inside of a function given `affjit::Engine &engine`
/// and `affjit::Function &fn`) with -Werror=unused-result.
affjit::test::CommandResult compileBody(const std::string &body) {
  std::string source = "#include \"affjit/Engine.h\"\n"
                       "void use(affjit::Engine &engine, affjit::Function "
                       "&fn) {\n" +
                       body + "\n}\n";
  std::string path = affjit::test::writeTempFile(source, ".cpp");
  affjit::test::CommandResult r = affjit::test::runCommand(
      compiler() + " -std=c++20 -fsyntax-only -Werror=unused-result -I" +
      affjit::test::shellQuote(std::string(AFFJIT_SOURCE_DIR) + "/include") +
      " " + affjit::test::shellQuote(path) + " 2>&1");
  std::remove(path.c_str());
  return r;
}

TEST(ApiCompile, DroppedErrorsAndExpectedsDoNotCompile) {
  if (compiler().empty())
    GTEST_SKIP() << "no C++ compiler on PATH";
  // The harness works: the same calls, used, compile.
  affjit::test::CommandResult used =
      compileBody("if (affjit::Error err = engine.compile(\"\")) return;\n"
                  "if (!engine.lookup(\"f\")) return;\n"
                  "if (fn.call(1.0f)) return;\n"
                  "affjit::Expected<float> r = fn.call<float>(2);\n"
                  "(void)r;\n"
                  "(void)engine.call(\"f\");\n");
  ASSERT_EQ(used.exitCode, 0) << used.out;
  for (const char *dropped :
       {"engine.compile(\"\");", "engine.lookup(\"f\");", "fn.call(1.0f);",
        "fn.call<float>(2);", "engine.call<double>(\"f\");",
        "engine.invoke(\"f\", {});"}) {
    affjit::test::CommandResult r = compileBody(dropped);
    EXPECT_NE(r.exitCode, 0) << dropped << " compiled";
    EXPECT_TRUE(r.out.find("nodiscard") != std::string::npos ||
                r.out.find("unused-result") != std::string::npos)
        << dropped << ":\n"
        << r.out;
  }
}

} // namespace

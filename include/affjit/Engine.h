// affjit's C++ API: compile MLIR text for the host CPU and call its
// functions with scalars and memrefs.
//
//   affjit::Engine engine;                          // host CPU, -O3
//   if (auto err = engine.compile(text)) { ... }    // diagnostics, no abort
//   affjit::MemRef<float, 2> a({128, 384});         // owning, 64B-aligned
//   if (auto err = engine.call("kernel", a, 2.0f)) { ... }
//
//   auto dot = engine.lookup("dot");                // checked once
//   if (!dot) { ... dot.error() ... }
//   affjit::Expected<float> r = dot->call<float>(x, y); // called many times
//
// Arguments are checked against the function's signature (count, scalar
// types, memref element type, rank, static sizes and row-major strides)
// before every call; scalar results come back typed. A std::vector or
// std::span passes as a rank-1 memref; a Function handle outlives its
// Engine; compiling a function again replaces it for later lookups.
#pragma once

#include "affjit/Buffer.h"
#include "affjit/CompileTimes.h"
#include "affjit/MemRef.h"

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace affjit {

/// An error with a message; empty means success. Converts to true when it
/// holds an error, so `if (auto err = ...)` reads naturally. [[nodiscard]]:
/// an error nobody looks at is a bug (the compiler warns).
class [[nodiscard]] Error {
public:
  Error() = default;
  explicit Error(std::string message) : msg(std::move(message)) {}
  explicit operator bool() const { return msg.has_value(); }
  /// The message; only when the Error holds one.
  const std::string &message() const { return *msg; }

private:
  std::optional<std::string> msg;
};

/// What Expected::value() throws when there is no value (as
/// std::expected::value() throws std::bad_expected_access): what() is the
/// error's message.
class BadExpectedAccess : public std::exception {
public:
  explicit BadExpectedAccess(Error error)
      : err(std::move(error)),
        what_("affjit::Expected::value() without a value: " +
              (err ? err.message() : std::string("(no error)"))) {}
  const char *what() const noexcept override { return what_.c_str(); }
  /// The error the Expected held.
  const Error &error() const { return err; }

private:
  Error err;
  std::string what_;
};

namespace detail {
/// value() of an Expected without one: throws BadExpectedAccess, or where
/// exceptions are disabled prints the message and aborts (never undefined).
[[noreturn]] inline void badExpectedAccess(const Error &error) {
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
  throw BadExpectedAccess(error);
#else
  std::fprintf(stderr, "affjit::Expected::value() without a value: %s\n",
               error.message().c_str());
  std::abort();
#endif
}
} // namespace detail

/// A value, or the Error that prevented it (like C++23's
/// std::expected<T, Error>): converts to true when it holds the value.
/// [[nodiscard]]: dropping one drops its error unseen.
template <typename T> class [[nodiscard]] Expected {
public:
  Expected(T value) : val(std::move(value)) {}
  /// `error` must hold an error.
  Expected(Error error) : err(std::move(error)) {
    if (!err)
      err = Error("affjit: Expected built from an empty Error");
  }
  bool has_value() const { return val.has_value(); }
  explicit operator bool() const { return has_value(); }
  /// The value; throws BadExpectedAccess (carrying the error) when there is
  /// none.
  T &value() & {
    if (!val)
      detail::badExpectedAccess(err);
    return *val;
  }
  const T &value() const & {
    if (!val)
      detail::badExpectedAccess(err);
    return *val;
  }
  T &&value() && { return std::move(value()); }
  const T &&value() const && { return std::move(value()); }
  /// Unchecked access, as std::expected's: only when has_value().
  T &operator*() { return *val; }
  const T &operator*() const { return *val; }
  T *operator->() { return &*val; }
  const T *operator->() const { return &*val; }
  /// The error; an empty Error when there is a value.
  const Error &error() const { return err; }

private:
  std::optional<T> val;
  Error err;
};

/// The scalar kinds of arguments and results.
enum class ScalarKind { I1, I8, I16, I32, I64, Index, F32, F64 };

/// An `index` argument or result (distinct from int64_t, which is `i64`).
struct Index {
  int64_t value;
};

namespace detail {

/// A scalar as JIT code passes it (the low bytes of `i` for narrow ints).
union ScalarValue {
  int64_t i;
  float f32;
  double f64;
};

/// One call argument: a scalar by value or a memref descriptor by pointer.
struct Argument {
  enum class Kind { Scalar, MemRef } kind;
  ScalarKind scalar; // scalar kind, or the memref's element kind
  int64_t rank = 0;  // memrefs
  void *descriptor = nullptr;
  ScalarValue value{};
};

template <typename T> constexpr ScalarKind scalarKindOf() {
  if constexpr (std::is_same_v<T, bool>)
    return ScalarKind::I1;
  else if constexpr (std::is_same_v<T, int8_t>)
    return ScalarKind::I8;
  else if constexpr (std::is_same_v<T, int16_t>)
    return ScalarKind::I16;
  else if constexpr (std::is_same_v<T, int32_t>)
    return ScalarKind::I32;
  else if constexpr (std::is_same_v<T, int64_t>)
    return ScalarKind::I64;
  else if constexpr (std::is_same_v<T, Index>)
    return ScalarKind::Index;
  else if constexpr (std::is_same_v<T, float>)
    return ScalarKind::F32;
  else {
    static_assert(std::is_same_v<T, double>, "unsupported scalar type");
    return ScalarKind::F64;
  }
}

/// The C++ types of scalar arguments and results.
template <typename T>
inline constexpr bool isScalar =
    std::is_same_v<T, bool> || std::is_same_v<T, int8_t> ||
    std::is_same_v<T, int16_t> || std::is_same_v<T, int32_t> ||
    std::is_same_v<T, int64_t> || std::is_same_v<T, Index> ||
    std::is_same_v<T, float> || std::is_same_v<T, double>;

inline Argument makeArgument(Index v) {
  Argument a{Argument::Kind::Scalar, ScalarKind::Index};
  a.value.i = v.value;
  return a;
}

template <typename T>
  requires std::is_arithmetic_v<T>
Argument makeArgument(T v) {
  Argument a{Argument::Kind::Scalar, scalarKindOf<T>()};
  if constexpr (std::is_same_v<T, float>)
    a.value.f32 = v;
  else if constexpr (std::is_same_v<T, double>)
    a.value.f64 = v;
  else
    a.value.i = (int64_t)v;
  return a;
}

// Memrefs are passed by descriptor. A const memref is accepted too: the
// descriptor is only read, and whether the kernel writes the elements is up
// to its code, not to the C++ type (as with a `T *const`).
template <typename T, int Rank>
Argument makeArgument(const StridedMemRef<T, Rank> &m) {
  return Argument{Argument::Kind::MemRef, scalarKindOf<T>(), Rank,
                  const_cast<StridedMemRef<T, Rank> *>(&m)};
}

template <typename T, int Rank>
Argument makeArgument(const MemRef<T, Rank> &m) {
  return makeArgument(m.descriptor());
}

template <typename T> struct IsContiguousRange : std::false_type {};
template <typename T, size_t N>
struct IsContiguousRange<std::span<T, N>> : std::true_type {};
template <typename T, typename A>
struct IsContiguousRange<std::vector<T, A>> : std::true_type {};

/// std::span and std::vector of a scalar element type (not vector<bool>,
/// which has no data()): passed as a rank-1 memref of their elements.
template <typename T>
concept ContiguousRange =
    IsContiguousRange<T>::value &&
    isScalar<std::remove_const_t<typename T::value_type>> &&
    !std::is_same_v<std::remove_const_t<typename T::value_type>, bool>;

template <typename T> struct IsMemRef : std::false_type {};
template <typename T, int Rank>
struct IsMemRef<MemRef<T, Rank>> : std::true_type {};
template <typename T, int Rank>
struct IsMemRef<StridedMemRef<T, Rank>> : std::true_type {};

/// What Function::call, Engine::call and benchmarkWith take as an argument
/// (by value or reference, const or not): a scalar (bool, int8_t..int64_t,
/// affjit::Index, float, double), an affjit::MemRef or StridedMemRef, or a
/// std::span / std::vector of scalars (a rank-1 memref).
template <typename T>
concept Passable = isScalar<std::remove_cvref_t<T>> ||
                   IsMemRef<std::remove_cvref_t<T>>::value ||
                   ContiguousRange<std::remove_cvref_t<T>>;

/// An argument as makeArgument takes it: memrefs and scalars as they are,
/// a span or vector as a borrowing rank-1 MemRef (a temporary that lives
/// until the end of the call's full expression).
template <typename T> decltype(auto) passed(T &arg) {
  using Range = std::remove_const_t<T>;
  if constexpr (ContiguousRange<Range>) {
    using Element = std::remove_const_t<typename Range::value_type>;
    return MemRef<Element, 1>(const_cast<Element *>(std::data(arg)),
                              {(int64_t)std::size(arg)});
  } else {
    return (arg);
  }
}

/// Calls `call` with the arguments packed for the JIT. `held` come from
/// passed(), so the memrefs they made live for the whole call.
template <typename Call, typename... Held>
decltype(auto) withArguments(Call &&call, Held &&...held) {
  std::array<Argument, sizeof...(Held)> packed{makeArgument(held)...};
  return call(std::span<const Argument>(packed));
}

/// `value` (of kind scalarKindOf<T>()) as a T.
template <typename T> T scalarAs(ScalarValue value) {
  if constexpr (std::is_same_v<T, float>)
    return value.f32;
  else if constexpr (std::is_same_v<T, double>)
    return value.f64;
  else if constexpr (std::is_same_v<T, Index>)
    return Index{value.i};
  else if constexpr (std::is_same_v<T, bool>)
    return value.i != 0;
  else
    return (T)value.i;
}

/// A compiled function's signature and entry point (engine/api/).
struct FunctionInfo;
class CallFrame;

} // namespace detail

/// The results of one call. Scalars are returned; memref and vector
/// results are not (their kind is nullopt).
class Results {
public:
  size_t size() const { return values.size(); }
  /// The scalar kind of result `i`, nullopt for a memref or vector result.
  std::optional<ScalarKind> kind(size_t i) const;
  /// Result `i` as a `T` (bool for i1, int8_t..int64_t, affjit::Index,
  /// float, double); an error if there is no such result or it has another
  /// type.
  template <typename T> Expected<T> get(size_t i) const {
    if (Error err = check(i, detail::scalarKindOf<T>()))
      return err;
    return detail::scalarAs<T>(values[i]);
  }

private:
  friend class detail::CallFrame;
  Error check(size_t i, ScalarKind kind) const;
  std::shared_ptr<const detail::FunctionInfo> function;
  std::vector<detail::ScalarValue> values;
};

/// A `?` size, stride or offset in a ParameterInfo.
inline constexpr int64_t kDynamicSize = INT64_MIN;

/// One parameter of a compiled function as its func.func type states it,
/// for callers that build arguments from foreign data (the Python module,
/// python/): what to check before handing over a buffer.
struct ParameterInfo {
  /// MLIR's spelling of the type: `f32`, `memref<?x4xf32>`,
  /// `memref<?xf64, strided<[?], offset: ?>>`.
  std::string type;
  bool isMemRef = false;
  /// The scalar kind, or a memref's element kind; nullopt for types that
  /// cannot be passed from outside (f16, vectors, unranked memrefs).
  std::optional<ScalarKind> kind;
  /// How a memref's elements are addressed: row-major from the sizes
  /// (Identity), from the descriptor's strides and offset (Strided), or
  /// through an affine map.
  enum class Layout { Identity, Strided, AffineMap } layout = Layout::Identity;
  /// Memrefs: sizes; Strided layouts: strides and offset (kDynamicSize
  /// where the type says `?`).
  std::vector<int64_t> sizes, strides;
  int64_t offset = 0;
  /// Memrefs: whether the function may write the memory it is passed (a
  /// store, copy or deallocation through it or a view of it, or a call or
  /// op that may write any memory). False means no op of the function as
  /// written writes it: a read-only buffer may be passed.
  bool written = true;
};

/// A compiled function, looked up once (Engine::lookup) and called many
/// times without looking it up again. Cheap to copy; several threads may
/// call it at once. It shares ownership of its code with the Engine: it
/// stays valid after the Engine is destroyed and after a later compile()
/// redefines its name (it keeps calling the definition it was looked up
/// from).
class Function {
public:
  Function() = default;
  /// The function's name (without '@'); empty for a default-built handle.
  std::string_view name() const;
  size_t numArguments() const;
  size_t numResults() const;
  /// The func.func type, as MLIR prints it: `(f32, memref<?xf32>) -> ()`.
  std::string signature() const;
  /// Each parameter's type, layout and whether the function writes it.
  std::vector<ParameterInfo> parameters() const;

  /// Calls with `args`, checked against the signature; results are dropped.
  Error invoke(std::span<const detail::Argument> args) const;
  /// The same, keeping the results in `results`.
  Error invoke(std::span<const detail::Argument> args, Results &results) const;

  /// `fn.call(args...)` returns an Error; `fn.call<R>(args...)` calls a
  /// function with one scalar result of R's type (bool, int8_t..int64_t,
  /// affjit::Index, float, double) and returns an Expected<R>. Arguments:
  /// scalars of those types, MemRefs (const or not), or a std::span /
  /// std::vector for a rank-1 memref (detail::Passable).
  template <typename R = void, typename... Args>
    requires(detail::Passable<Args> && ...)
  std::conditional_t<std::is_void_v<R>, Error, Expected<R>>
  call(Args &&...args) const {
    using Returned = std::conditional_t<std::is_void_v<R>, Error, Expected<R>>;
    auto run = [this](std::span<const detail::Argument> packed) -> Returned {
      if constexpr (std::is_void_v<R>) {
        return invoke(packed);
      } else {
        detail::ScalarValue result{};
        if (Error err =
                invokeForScalar(packed, detail::scalarKindOf<R>(), result))
          return err;
        return detail::scalarAs<R>(result);
      }
    };
    return detail::withArguments(run, detail::passed(args)...);
  }

private:
  friend class Engine;
  explicit Function(std::shared_ptr<const detail::FunctionInfo> info)
      : info(std::move(info)) {}
  Error invokeForScalar(std::span<const detail::Argument> args, ScalarKind kind,
                        detail::ScalarValue &result) const;
  std::shared_ptr<const detail::FunctionInfo> info;
};

/// A decision a pass reports (an optimization remark, `--opt-report`).
struct Remark {
  /// The pass, e.g. "normalize".
  std::string pass;
  /// Where in the compiled text: the op the decision concerns (line and
  /// column are 0 when unknown).
  std::string file;
  unsigned line = 0, column = 0;
  /// What the pass decided and why.
  std::string message;
  /// As `affjit --opt-report` prints it: `file:line:col: remark: [pass]
  /// message`, then the source line and a caret.
  std::string text;
};

/// The machine code is compiled for, as the user names it; compile()
/// resolves it (TargetDescription shows the result) and fails on an unknown
/// name, feature or cache field.
struct TargetOptions {
  /// `host`, or an LLVM x86 CPU name (`x86-64-v3`, `znver4`,
  /// `skylake-avx512`, ...) whose features and typical caches the passes
  /// and LLVM plan for (`--target`). Code for a target this host cannot
  /// execute can be printed or written to an object file, not run.
  std::string cpu = "host";
  /// Features switched on or off (`--mattr`, as llc's -mattr):
  /// `+avx512f,-fma`.
  std::string features{};
  /// Cache sizes the passes plan for instead of the target's (`--cache`):
  /// `l1=48K,l2=2M,llc=32M,line=64,l1-ways=12,l2-ways=16`.
  std::string caches{};
};

/// How a module is compiled: one struct for the C++ API (EngineOptions is
/// one), the command line's flags and each benchmark variant, checked when a
/// compile starts.
struct CompileOptions {
  /// LLVM optimization level 0..3.
  unsigned optLevel = 3;
  /// Check every memref access against its descriptor's sizes at run time.
  bool checked = false;
  /// The pass pipeline run before lowering, as `--pipeline` takes it:
  /// `none`, `default` or pass names separated by commas. compile() fails
  /// on an unknown name.
  std::string pipeline = "default";
  /// Verify the module after every pass (`--verify-each`).
  bool verifyEach = false;
  /// Allow floating-point reassociation everywhere (`--fast-math`, like
  /// clang's -ffast-math): float reductions may be vectorized. Off, passes
  /// reassociate only ops marked fastmath<reassoc> or fastmath<fast>, and
  /// results are bit-identical to the unoptimized program.
  bool fastMath = false;
  /// The caller promises that memref arguments of one call never overlap
  /// (C's restrict; `--assume-distinct-args`). Off, each optimized function
  /// with two or more memref arguments checks at every call whether their
  /// address ranges overlap, and then runs the function as written
  /// (frontend/transform/AliasGuard.h): one buffer passed twice still
  /// computes what the program says.
  bool assumeDistinctArgs = false;
  /// Threads parallel loops (affine.parallel and the loops the
  /// `parallelize` pass proves parallel) run on: 0 for AFFJIT_NUM_THREADS
  /// if set, else every core this process may use. With 1, `default` does
  /// not parallelize and affine.parallel runs sequentially.
  unsigned threads = 0;
  /// The passes whose decisions are reported, as `--opt-report=` takes
  /// them: "" for none, `all`, or pass names separated by commas.
  /// compile() fails on an unknown name.
  std::string optReport{};
  /// Called with each remark during compile() (compiles are serialized, so
  /// never concurrently); when empty, remarks are printed to stderr.
  std::function<void(const Remark &)> onRemark{};
  /// Print the module to stderr after these passes ("", `all` or names),
  /// like `--dump-after`.
  std::string dumpAfter{};
  /// Measure each top-level loop nest's memory traffic
  /// (`--measure-traffic`): the optimized code calls the runtime before every
  /// load and store, which replays them through a simulated L1 and L2 of
  /// the host's geometry (Engine::measuredTraffic). Many times slower: for
  /// reports, not timing. Parallel loops run sequentially (threads = 1).
  bool measureTraffic = false;
  /// The machine the code is for (`--target`, `--mattr`, `--cache`).
  TargetOptions target{};
};

/// The engine's options: how it compiles, and how it runs and reports.
struct EngineOptions : CompileOptions {
  /// For users who suspect the optimizer: before every call, the function
  /// also runs compiled with this pipeline and with `none` on copies of the
  /// arguments (as affjit::benchmark checks variants); when the results
  /// differ, the call fails with the first differing element and the
  /// first pass after which it differs, and the arguments stay unchanged.
  /// Each call compiles the function twice more: for debugging, not speed.
  bool crossCheck = false;
  /// Time each phase of compile() (`--time-passes`): parse, verify, each
  /// pass, lowering, each LLVM pass, code generation, linking; see
  /// Engine::compileTimes().
  bool timePasses = false;
};

/// The machine code is compiled for, as the passes plan for it
/// (`affjit --print-target`): CompileOptions::target resolved.
struct TargetDescription {
  /// LLVM's name of the CPU.
  std::string cpu;
  /// The SIMD extensions the code may use (sse4.2, avx2, fma, avx512f, ...).
  std::vector<std::string> vectorFeatures;
  /// The numbers the passes read, by name: vector-bits, vector-registers,
  /// l1, l1-ways, l2, l2-ways, llc, line (sizes in bytes),
  /// parallel-min-work.
  std::vector<std::pair<std::string, int64_t>> numbers;
  /// The same for people, a line per part.
  std::string summary;
};

/// The simulated caches of the traffic measurement: the host's L1 data
/// cache and L2 (size, ways), and the line size.
struct SimulatedCaches {
  int64_t l1Bytes = 0, l1Ways = 0, l2Bytes = 0, l2Ways = 0, lineBytes = 0;
};

/// What one top-level loop nest moved through the simulated caches
/// (set-associative, least recently used, write-allocate, no prefetchers)
/// over the runs it made so far. Bytes are lines times the line size.
struct NestTrafficMeasurement {
  /// The function, and the nest's location in the compiled text.
  std::string function, file;
  unsigned line = 0, column = 0;
  /// How many times the nest ran, and its loads and stores (a vector
  /// access counts once).
  uint64_t runs = 0, accesses = 0;
  /// The lines each run touched, once each (what an unbounded cache would
  /// bring in), summed over runs.
  uint64_t compulsoryBytes = 0;
  /// What the L1 and the L2 brought in, summed over runs.
  uint64_t l1Bytes = 0, l2Bytes = 0;
};

/// Compiles modules and calls their functions. compile(), lookup(),
/// invoke() and call() may be used from several threads at once. Destroying
/// the Engine leaves Function handles (and Results) valid: they share the
/// compiled code.
class Engine {
public:
  explicit Engine(EngineOptions options = {});
  ~Engine();
  Engine(const Engine &) = delete;
  Engine &operator=(const Engine &) = delete;

  /// Parses, verifies, runs the pass pipeline, lowers and JIT-compiles
  /// `mlirText`. Errors carry the diagnostics (`name:line:col: error: ...`);
  /// a module that fails changes nothing.
  ///
  /// A module may define functions that earlier modules defined: the new
  /// definitions replace them for every later lookup(), call() and invoke(),
  /// and for calls from modules compiled later (`func.func private @f`
  /// declarations resolve to the newest @f). Function handles looked up
  /// before, and code compiled before that calls @f, keep the old
  /// definition, which stays loaded as long as the Engine or any handle to
  /// it lives.
  Error compile(std::string_view mlirText,
                std::string_view bufferName = "<input>");
  /// The compiled function named `function` (without '@'), its newest
  /// definition; or an error.
  Expected<Function> lookup(std::string_view function) const;
  /// Looks up and calls `function` with `args`, checked against its
  /// signature; results are dropped, or kept in `results`.
  Error invoke(std::string_view function, std::vector<detail::Argument> args);
  Error invoke(std::string_view function, std::vector<detail::Argument> args,
               Results &results);
  /// `call("f", args...)` returns an Error; `call<R>("f", args...)` an
  /// Expected<R> with f's one scalar result (see Function::call).
  template <typename R = void, typename... Args>
    requires(detail::Passable<Args> && ...)
  std::conditional_t<std::is_void_v<R>, Error, Expected<R>>
  call(std::string_view function, Args &&...args) {
    Expected<Function> fn = lookup(function);
    if (!fn)
      return fn.error();
    return fn->template call<R>(std::forward<Args>(args)...);
  }
  /// The LLVM IR compile() would JIT for `mlirText` under this engine's
  /// options (`affjit llvm`), before LLVM's optimizations, or after them
  /// (`optimized`, `affjit llvm --optimized`); or the diagnostics. Compiles
  /// nothing into the engine and reports no remarks.
  Expected<std::string> llvmIR(std::string_view mlirText, bool optimized,
                               std::string_view bufferName = "<input>") const;
  /// Host CPU name and features the code is compiled for.
  std::string hostCpu() const;
  /// With EngineOptions::measureTraffic: every top-level nest compiled so
  /// far, in compile and source order, with its traffic until now.
  std::vector<NestTrafficMeasurement> measuredTraffic() const;
  /// The caches measuredTraffic() simulates.
  static SimulatedCaches simulatedCaches();
  /// The target `options` name (whether or not this host can run its
  /// code); an error for an unknown name, feature or cache size.
  static Expected<TargetDescription>
  describeTarget(const TargetOptions &options);
  /// With EngineOptions::timePasses: where the last compile()'s time went
  /// (empty phases before the first compile, or without timePasses).
  CompileTimes compileTimes() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace affjit

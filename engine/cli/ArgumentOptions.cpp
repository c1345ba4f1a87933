// The argument options of run, bench and opt --measure-traffic
// (ArgumentOptions.h).
#include "engine/cli/ArgumentOptions.h"

#include "engine/bench/ArgumentBuffer.h"
#include "engine/cli/Contract.h"
#include "engine/cli/Npy.h"

#include <charconv>
#include <cstring>
#include <map>

namespace affjit::cli {

bool ArgumentFlags::anyGiven() const {
  for (const CLI::Option *opt : registered)
    if (opt->count() > 0)
      return true;
  return false;
}

void addArgumentOptions(CLI::App *cmd, ArgumentFlags &flags) {
  std::vector<CLI::Option *> &r = flags.registered;
  r.push_back(cmd->add_option(
      "--dim", flags.dims,
      "Size of ? dimensions: NAME=SIZE for every ? dimension of argument "
      "%NAME, NAME.D=SIZE for dimension D (NAME may be argN)"));
  r.back()->allow_extra_args(false);
  r.push_back(cmd->add_option(
      "--dims", flags.dynamicSizes,
      "Sizes of the ? dimensions --dim leaves open, in order, separated by "
      "commas"));
  r.push_back(cmd->add_option(
      "--arg", flags.args,
      "A scalar argument: NAME=VALUE, or VALUE for the next scalar "
      "argument; NAME=@FILE.npy reads a memref argument from a NumPy file "
      "(run, opt)"));
  r.back()->allow_extra_args(false);
  r.push_back(
      cmd->add_option("--seed", flags.seed, "Seed of the pseudo-random inputs")
          ->capture_default_str());
  r.push_back(cmd->add_option("--float-range", flags.floatRange,
                              "Random floats are uniform in [LO, HI) "
                              "(integers in 0..15)")
                  ->capture_default_str());
  r.push_back(cmd->add_option(
      "--fill", flags.fills,
      "How memref arguments are filled: [NAME=]random (the default), zeros, "
      "ones, iota (element i is i, row-major) or a number; without NAME "
      "for every memref not named (run, opt)"));
  // One value per flag: `--arg a=2 k.mlir` leaves k.mlir the input file.
  r.back()->allow_extra_args(false);
}

namespace {

std::vector<std::string> splitAt(const std::string &text, char separator) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == separator) {
      parts.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  return parts;
}

template <typename T> std::optional<T> parseNumber(const std::string &text) {
  T value{};
  auto [end, ec] =
      std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    return std::nullopt;
  return value;
}

Error parseDims(const ArgumentFlags &o, BenchmarkInputs &in) {
  for (const std::string &dim : o.dims) {
    size_t eq = dim.find('=');
    std::optional<int64_t> size =
        eq == std::string::npos ? std::nullopt
                                : parseNumber<int64_t>(dim.substr(eq + 1));
    if (!size || eq == 0)
      return Error("--dim " + dim +
                   ": expected NAME=SIZE (NAME an argument like x, or x.1 for "
                   "its dimension 1)");
    std::string name = dim.substr(0, eq);
    if (name[0] == '%')
      name.erase(0, 1);
    in.dims.emplace_back(name, *size);
  }
  if (o.dynamicSizes.empty())
    return Error();
  for (const std::string &part : splitAt(o.dynamicSizes, ',')) {
    std::optional<int64_t> size = parseNumber<int64_t>(part);
    if (!size)
      return Error("--dims " + o.dynamicSizes +
                   ": expected sizes separated by commas, like 1024,1024");
    in.dynamicSizes.push_back(*size);
  }
  return Error();
}

Error parseFloatRange(const std::string &text, BenchmarkInputs &in) {
  std::vector<std::string> parts = splitAt(text, ',');
  std::optional<double> lo, hi;
  if (parts.size() == 2) {
    lo = parseNumber<double>(parts[0]);
    hi = parseNumber<double>(parts[1]);
  }
  if (!lo || !hi || !(*lo < *hi))
    return Error("--float-range " + text +
                 ": expected LO,HI with LO < HI, like -1,1");
  in.floatMin = *lo;
  in.floatMax = *hi;
  return Error();
}

/// `--arg NAME=@FILE.npy`: a memref read from a file (`@FILE.npy`
/// without a name too, to be refused by name).
bool isFileArgument(const std::string &arg) {
  size_t eq = arg.find('=');
  return arg.starts_with('@') ||
         (eq != std::string::npos && arg.compare(eq + 1, 1, "@") == 0);
}

Expected<BenchmarkInputs> inputsOf(const ArgumentFlags &flags) {
  BenchmarkInputs inputs;
  if (Error err = parseDims(flags, inputs))
    return err;
  if (Error err = parseFloatRange(flags.floatRange, inputs))
    return err;
  for (const std::string &arg : flags.args)
    if (!isFileArgument(arg))
      inputs.scalars.push_back(arg);
  inputs.seed = flags.seed;
  return inputs;
}

} // namespace

std::optional<BenchmarkInputs> makeInputs(const ArgumentFlags &flags) {
  Expected<BenchmarkInputs> inputs = inputsOf(flags);
  if (!inputs) {
    printError(inputs.error().message());
    return std::nullopt;
  }
  return std::move(*inputs);
}

namespace {

/// A memref argument read from a .npy file.
struct FileArgument {
  size_t param;
  NpyArray array;
};

/// `name` (`x`, `%x`, `argN` or a position `N`) in `params`, or an error
/// for `what` listing them.
Expected<size_t> parameterIndex(std::vector<bench::ParamSpec> &params,
                                const std::string &name,
                                const std::string &what) {
  if (std::optional<size_t> n = parseNumber<size_t>(name);
      n && *n < params.size())
    return *n;
  if (bench::ParamSpec *p = bench::findParameter(params, name))
    return (size_t)(p - params.data());
  return Error(what + ": no argument named %" +
               name.substr(name.starts_with('%') ? 1 : 0) +
               " (arguments: " + bench::argumentList(params) + ")");
}

/// Checks `array` against memref parameter `p` and gives its ? sizes.
Error matchArray(const bench::ParamSpec &p, const NpyArray &array,
                 const std::string &what, BenchmarkInputs &inputs) {
  std::string type = p.name + " (" + p.type.str() + ")";
  bool sameBytes = array.dtype == npyDtype(p.kind) ||
                   (p.kind == ScalarKind::I1 && array.dtype == "|u1");
  if (!sameBytes)
    return Error(what + ": the file holds dtype '" + array.dtype + "', " +
                 type + " needs '" + npyDtype(p.kind) + "'");
  if (array.shape.size() != p.shape.size())
    return Error(what + ": the file holds " +
                 std::to_string(array.shape.size()) + " dimensions, " + type +
                 " has rank " + std::to_string(p.shape.size()));
  for (size_t d = 0; d < p.shape.size(); ++d) {
    if (!p.type.isDynamicDim((unsigned)d)) {
      if (array.shape[d] != p.shape[d])
        return Error(what + ": dimension " + std::to_string(d) +
                     " of the file is " + std::to_string(array.shape[d]) +
                     ", of " + type + " " + std::to_string(p.shape[d]));
      continue;
    }
    inputs.dims.emplace_back(p.name.substr(1) + "." + std::to_string(d),
                             array.shape[d]);
  }
  int64_t elements = 1;
  for (int64_t s : array.shape)
    elements *= s;
  if (array.bytes.size() < (size_t)elements * bench::elementBytes(p.kind))
    return Error(what + ": the file is truncated");
  return Error();
}

/// Reads the `--arg NAME=@FILE.npy` memrefs and adds their ? sizes to
/// `inputs`.
Expected<std::vector<FileArgument>>
readFileArguments(FuncOp fn, const ArgumentFlags &flags,
                  BenchmarkInputs &inputs) {
  std::vector<bench::ParamSpec> declared = bench::describeParameters(fn, {});
  std::vector<FileArgument> files;
  for (const std::string &arg : flags.args) {
    if (!isFileArgument(arg))
      continue;
    std::string what = "--arg " + arg;
    size_t eq = arg.find('=');
    if (arg.starts_with('@'))
      return Error(what + ": name the memref it is for: --arg NAME=" + arg);
    Expected<size_t> index = parameterIndex(declared, arg.substr(0, eq), what);
    if (!index)
      return index.error();
    const bench::ParamSpec &p = declared[*index];
    if (!p.isMemRef)
      return Error(what + ": " + p.name + " is a scalar (" + p.type.str() +
                   "); give its value as --arg " + p.name.substr(1) + "=VALUE");
    Expected<NpyArray> array = readNpy(arg.substr(eq + 2));
    if (!array)
      return Error(what + ": " + array.error().message());
    if (Error err = matchArray(p, *array, what, inputs))
      return err;
    files.push_back({*index, std::move(*array)});
  }
  return files;
}

/// The fill of every parameter (Random unless --fill says otherwise).
Expected<std::vector<bench::FillSpec>>
resolveFills(std::vector<bench::ParamSpec> &params,
             const ArgumentFlags &flags) {
  std::optional<bench::FillSpec> general;
  std::map<size_t, bench::FillSpec> named;
  for (const std::string &fill : flags.fills) {
    size_t eq = fill.find('=');
    std::string what = "--fill " + fill;
    Expected<bench::FillSpec> spec =
        bench::parseFill(eq == std::string::npos ? fill : fill.substr(eq + 1));
    if (!spec)
      return Error(what + ": expected [NAME=]random, zeros, ones, iota or a "
                          "number");
    if (eq == std::string::npos) {
      general = *spec;
      continue;
    }
    Expected<size_t> index = parameterIndex(params, fill.substr(0, eq), what);
    if (!index)
      return index.error();
    if (!params[*index].isMemRef)
      return Error(what + ": " + params[*index].name +
                   " is a scalar; give its value with --arg");
    named[*index] = *spec;
  }
  std::vector<bench::FillSpec> fills(params.size(),
                                     general.value_or(bench::FillSpec{}));
  for (const auto &[index, spec] : named)
    fills[index] = spec;
  return fills;
}

} // namespace

Expected<PreparedArguments> prepareArguments(FuncOp fn,
                                             const ArgumentFlags &flags) {
  Expected<BenchmarkInputs> inputs = inputsOf(flags);
  if (!inputs)
    return inputs.error();
  Expected<std::vector<FileArgument>> files =
      readFileArguments(fn, flags, *inputs);
  if (!files)
    return files.error();
  Expected<std::vector<bench::ParamSpec>> params =
      bench::resolveParameters(fn, *inputs);
  if (!params)
    return params.error();
  Expected<std::vector<bench::FillSpec>> fills = resolveFills(*params, flags);
  if (!fills)
    return fills.error();
  Expected<bench::ArgumentSet> set =
      bench::ArgumentSet::generate(*params, *inputs);
  if (!set)
    return set.error();
  const auto &buffers = set->buffers();
  for (size_t i = 0; i < buffers.size(); ++i)
    if (buffers[i] && (*fills)[i].kind != bench::FillSpec::Kind::Random)
      bench::fillBuffer(*buffers[i], i, (*fills)[i], *inputs);
  for (const FileArgument &file : *files) {
    bench::ArgumentBuffer &b = *buffers[file.param];
    std::memcpy(b.getData(), file.array.bytes.data(), b.getBytes());
  }
  return PreparedArguments{std::move(*inputs), std::move(*params),
                           std::move(*set)};
}

std::string argumentsNeeded(FuncOp fn) {
  std::vector<bench::ParamSpec> params = bench::describeParameters(fn, {});
  std::string list;
  for (const bench::ParamSpec &p : params)
    list += (list.empty() ? "" : ", ") + p.name + ": " + p.type.str();
  return "@" + fn.getName() + " takes " + std::to_string(params.size()) +
         (params.size() == 1 ? " argument (" : " arguments (") + list +
         "): give them with --arg NAME=VALUE (scalars; NAME=@FILE.npy for a "
         "memref), --dim NAME=SIZE (? sizes) and --fill [NAME=]random|zeros|"
         "ones|iota|VALUE (memrefs; --seed N for random)";
}

} // namespace affjit::cli

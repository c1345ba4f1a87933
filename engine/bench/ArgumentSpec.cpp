// Resolving a benchmarked function's parameters (ArgumentSpec.h).
#include "engine/bench/ArgumentSpec.h"

#include "engine/api/ArgumentCheck.h"
#include "engine/bench/ScalarText.h"
#include "frontend/ir/FuncOps.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <map>
#include <optional>

namespace affjit::bench {

size_t editDistance(std::string_view a, std::string_view b) {
  // Optimal string alignment: Levenshtein plus swaps of neighbours.
  std::vector<std::vector<size_t>> d(a.size() + 1,
                                     std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i)
    d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j)
    d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1,
                          d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

std::string ParamSpec::resolvedType() const {
  if (!isMemRef)
    return type.str();
  return Type::memref(shape, type.getElementType()).str();
}

namespace {

/// `x` for `%x`, `arg3` for a parameter without a source name.
std::string parameterName(Value *arg, size_t position) {
  const std::string &hint = arg->getNameHint();
  return hint.empty() ? "arg" + std::to_string(position) : hint;
}

/// A `?` size not given yet.
constexpr int64_t kOpen = -1;

/// `x` or `x.1` of a `--dim`: the parameter and the dimension (nullopt:
/// every `?` dimension).
Error splitDimName(std::vector<ParamSpec> &params, const std::string &spec,
                   const std::string &flag, ParamSpec *&param,
                   std::optional<size_t> &dim) {
  param = findParameter(params, spec);
  dim.reset();
  size_t dot = spec.rfind('.');
  if (!param && dot != std::string::npos) {
    size_t d = 0;
    auto [end, ec] =
        std::from_chars(spec.data() + dot + 1, spec.data() + spec.size(), d);
    if (ec == std::errc() && end == spec.data() + spec.size() && dot > 0) {
      param = findParameter(params, spec.substr(0, dot));
      dim = d;
    }
  }
  if (!param)
    return Error(flag + ": no argument named %" +
                 spec.substr(0, dim ? dot : spec.size()) +
                 " (arguments: " + argumentList(params) + ")");
  return Error();
}

Error applyNamedDim(std::vector<ParamSpec> &params, const std::string &spec,
                    int64_t size) {
  std::string flag = "--dim " + spec + "=" + std::to_string(size);
  if (size <= 0)
    return Error(flag + ": a size must be positive");
  ParamSpec *param = nullptr;
  std::optional<size_t> dim;
  if (Error err = splitDimName(params, spec, flag, param, dim))
    return err;
  std::string what = param->name + " (" + param->type.str() + ")";
  if (!param->isMemRef)
    return Error(flag + ": " + what + " is not a memref");
  if (dim && *dim >= param->shape.size())
    return Error(flag + ": " + what + " has rank " +
                 std::to_string(param->shape.size()));
  if (dim && !param->type.isDynamicDim((unsigned)*dim))
    return Error(flag + ": dimension " + std::to_string(*dim) + " of " + what +
                 " is static");
  bool any = false;
  for (size_t d = 0; d < param->shape.size(); ++d)
    if ((!dim || d == *dim) && param->type.isDynamicDim((unsigned)d)) {
      param->shape[d] = size;
      any = true;
    }
  if (!any)
    return Error(flag + ": " + what + " has no ? dimension");
  return Error();
}

Error applyDims(std::vector<ParamSpec> &params, const BenchmarkInputs &in) {
  for (const auto &[spec, size] : in.dims)
    if (Error err = applyNamedDim(params, spec, size))
      return err;
  size_t next = 0;
  for (ParamSpec &p : params)
    for (size_t d = 0; d < p.shape.size(); ++d) {
      if (p.shape[d] != kOpen)
        continue;
      if (next == in.dynamicSizes.size()) {
        std::string name = p.name.substr(1);
        return Error("no size for dimension " + std::to_string(d) + " of " +
                     p.name + " (" + p.type.str() + "): give it with --dim " +
                     name + "=SIZE, --dim " + name + "." + std::to_string(d) +
                     "=SIZE or --dims");
      }
      int64_t size = in.dynamicSizes[next++];
      if (size <= 0)
        return Error("--dims: a size must be positive, got " +
                     std::to_string(size));
      p.shape[d] = size;
    }
  if (next < in.dynamicSizes.size())
    return Error("--dims gives " + std::to_string(in.dynamicSizes.size()) +
                 " sizes, but only " + std::to_string(next) +
                 " ? dimensions are left to size");
  return Error();
}

std::optional<int64_t> parseInteger(const std::string &text) {
  int64_t v = 0;
  const char *begin = text.data(), *end = begin + text.size();
  if (begin != end && *begin == '+')
    ++begin;
  auto r = std::from_chars(begin, end, v);
  if (text.empty() || r.ec != std::errc() || r.ptr != end)
    return std::nullopt;
  return v;
}

unsigned bitsOf(ScalarKind kind) {
  switch (kind) {
  case ScalarKind::I1:
    return 1;
  case ScalarKind::I8:
    return 8;
  case ScalarKind::I16:
    return 16;
  case ScalarKind::I32:
    return 32;
  default:
    return 64;
  }
}

/// Parses `text` as a value of `p`'s scalar type into `p`; empty on
/// success, else what is wrong.
std::string parseScalar(const std::string &text, ParamSpec &p) {
  p.valueText = text;
  if (p.kind == ScalarKind::F32 || p.kind == ScalarKind::F64) {
    char *end = nullptr;
    double v = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size())
      return "expected " + p.type.str() + ", got '" + text + "'";
    if (p.kind == ScalarKind::F32)
      p.value.f32 = (float)v;
    else
      p.value.f64 = v;
    return "";
  }
  if (p.kind == ScalarKind::I1 && (text == "true" || text == "false")) {
    p.value.i = text == "true";
    return "";
  }
  std::optional<int64_t> v = parseInteger(text);
  if (!v)
    return "expected an integer for " + p.type.str() + ", got '" + text + "'";
  unsigned bits = bitsOf(p.kind);
  // Like MLIR's integer constants: any value that fits signed or unsigned.
  if (bits < 64 &&
      (*v < -(int64_t(1) << (bits - 1)) || *v > (int64_t(1) << bits) - 1))
    return text + " does not fit in " + p.type.str();
  p.value.i = *v;
  return "";
}

Error applyScalars(std::vector<ParamSpec> &params, const BenchmarkInputs &in) {
  std::map<std::string, std::string> named;
  std::vector<std::string> positional;
  std::vector<bool> given(params.size(), false);
  for (const std::string &entry : in.scalars) {
    size_t eq = entry.find('=');
    if (eq == std::string::npos) {
      positional.push_back(entry);
      continue;
    }
    std::string name = entry.substr(0, eq);
    if (!name.empty() && name[0] == '%')
      name.erase(0, 1);
    ParamSpec *p = findParameter(params, name);
    if (!p)
      return Error("--arg " + entry + ": no argument named %" + name +
                   " (arguments: " + argumentList(params) + ")");
    if (p->isMemRef)
      return Error("--arg " + entry + ": " + p->name + " is a memref (" +
                   p->type.str() + "); it is allocated and filled");
    std::string problem = parseScalar(entry.substr(eq + 1), *p);
    if (!problem.empty())
      return Error("--arg " + entry + ": " + problem);
    p->valueText = scalarText(p->kind, p->value);
    given[p - params.data()] = true;
  }
  size_t next = 0;
  for (size_t i = 0; i < params.size(); ++i) {
    ParamSpec &p = params[i];
    if (p.isMemRef || given[i])
      continue;
    if (next == positional.size())
      return Error("no value for scalar argument " + p.name + " (" +
                   p.type.str() + "): give it with --arg " + p.name.substr(1) +
                   "=VALUE");
    std::string problem = parseScalar(positional[next++], p);
    if (!problem.empty())
      return Error("--arg " + p.valueText + " for " + p.name + ": " + problem);
    p.valueText = scalarText(p.kind, p.value);
  }
  if (next < positional.size())
    return Error("--arg " + positional[next] +
                 ": every scalar argument already has a value");
  return Error();
}

std::vector<ParamSpec> declaredParameters(FuncOp func) {
  std::vector<ParamSpec> params;
  std::vector<Value *> args = func.getArguments();
  for (size_t i = 0; i < args.size(); ++i) {
    ParamSpec p;
    p.name = "%" + parameterName(args[i], i);
    p.type = args[i]->getType();
    p.isMemRef = p.type.isMemRef();
    Type scalar = p.isMemRef ? p.type.getElementType() : p.type;
    p.kind = *scalarKindOfType(scalar);
    if (p.isMemRef)
      for (unsigned d = 0; d < p.type.getRank(); ++d)
        p.shape.push_back(p.type.isDynamicDim(d) ? kOpen
                                                 : p.type.getDimSize(d));
    params.push_back(std::move(p));
  }
  return params;
}

} // namespace

ParamSpec *findParameter(std::vector<ParamSpec> &params,
                         std::string_view spelled) {
  std::string name(spelled.substr(spelled.starts_with('%') ? 1 : 0));
  for (ParamSpec &p : params)
    if (p.name == "%" + name)
      return &p;
  if (name.size() > 3 && name.compare(0, 3, "arg") == 0) {
    size_t position = 0;
    auto [end, ec] =
        std::from_chars(name.data() + 3, name.data() + name.size(), position);
    if (ec == std::errc() && end == name.data() + name.size() &&
        position < params.size())
      return &params[position];
  }
  return nullptr;
}

std::string argumentList(const std::vector<ParamSpec> &params) {
  std::string list;
  for (const ParamSpec &p : params)
    list += (list.empty() ? "" : ", ") + p.name;
  return list.empty() ? "none" : list;
}

Error checkSignature(FuncOp func) {
  std::string fn = "@" + func.getName();
  std::vector<Value *> args = func.getArguments();
  for (size_t i = 0; i < args.size(); ++i) {
    Type t = args[i]->getType();
    std::string which = "argument %" + parameterName(args[i], i) + " of " + fn;
    if (t.isMemRef()) {
      if (!scalarKindOfType(t.getElementType()))
        return Error(which + " is " + t.str() +
                     ": memref elements must be f32, f64, i1, i8, i16, i32, "
                     "i64 or index");
      if (t.getLayoutKind() != LayoutKind::Identity)
        return Error(which + " is " + t.str() +
                     ": benchmark buffers are row-major (identity layout)");
      continue;
    }
    if (!scalarKindOfType(t))
      return Error(which + " is " + t.str() +
                   ": a benchmarked function takes memrefs and scalars "
                   "(integers, index, f32, f64) only");
  }
  for (Type t : func.getFunctionType().getResults())
    if (!scalarKindOfType(t))
      return Error(fn + " returns " + t.str() +
                   ": a benchmarked function returns scalars only");
  return Error();
}

Expected<std::vector<ParamSpec>>
resolveParameters(FuncOp func, const BenchmarkInputs &inputs) {
  std::vector<ParamSpec> params = declaredParameters(func);
  if (Error err = applyDims(params, inputs))
    return err;
  if (Error err = applyScalars(params, inputs))
    return err;
  return params;
}

std::vector<ParamSpec>
describeParameters(FuncOp func, std::span<const detail::Argument> args) {
  std::vector<ParamSpec> params = declaredParameters(func);
  for (size_t i = 0; i < params.size() && i < args.size(); ++i) {
    ParamSpec &p = params[i];
    if (p.isMemRef) {
      const int64_t *sizes = descriptorSizes(args[i]);
      p.shape.assign(sizes, sizes + args[i].rank);
    } else {
      p.value = args[i].value;
      p.valueText = scalarText(p.kind, p.value);
    }
  }
  return params;
}

/// A function with a body that the user wrote (not an alias guard's
/// version of one).
static bool isUserDefinition(FuncOp fn) {
  return fn && !fn.isDeclaration() && !isAliasGuardVersion(fn.getOperation());
}

static std::string functionList(const Module &module) {
  std::string list;
  for (auto &op : module.getBody().getOperations())
    if (auto fn = dyn_cast<FuncOp>(op.get()); isUserDefinition(fn))
      list += (list.empty() ? "@" : ", @") + fn.getName();
  return list.empty() ? "none" : list;
}

/// "; did you mean @NAME?" for the closest function to `name` that is a
/// likely typo of it (edit distance at most a third of the name), or "".
static std::string suggestFunction(const Module &module,
                                   std::string_view name) {
  std::string best;
  size_t bestDistance = std::max<size_t>(1, name.size() / 3) + 1;
  for (auto &op : module.getBody().getOperations())
    if (auto fn = dyn_cast<FuncOp>(op.get()); isUserDefinition(fn)) {
      size_t d = editDistance(name, fn.getName());
      if (d < bestDistance) {
        best = fn.getName();
        bestDistance = d;
      }
    }
  return best.empty() ? "" : "; did you mean @" + best + "?";
}

/// The module's only function with a body, or an error naming them all.
static Expected<FuncOp> onlyFunction(const Module &module,
                                     std::string_view purpose) {
  FuncOp only;
  for (auto &op : module.getBody().getOperations())
    if (auto fn = dyn_cast<FuncOp>(op.get()); isUserDefinition(fn)) {
      if (only)
        return Error("the module defines several functions (" +
                     functionList(module) + "): name the one to " +
                     std::string(purpose) + " with -e");
      only = fn;
    }
  if (!only)
    return Error("the module defines no function");
  return only;
}

Expected<FuncOp> findFunction(const Module &module, std::string_view name,
                              std::string_view purpose) {
  if (name.empty()) {
    Expected<FuncOp> fn = onlyFunction(module, purpose);
    if (fn)
      if (Error err = checkSignature(*fn))
        return err;
    return fn;
  }
  Operation *op = module.lookupSymbol(name);
  auto fn = op ? dyn_cast<FuncOp>(op) : FuncOp();
  if (!isUserDefinition(fn))
    return Error("no function named @" + std::string(name) + " (functions: " +
                 functionList(module) + ")" + suggestFunction(module, name));
  if (Error err = checkSignature(fn))
    return err;
  return fn;
}

} // namespace affjit::bench

// Results and memref outputs of `affjit run` (RunOutputs.h).
#include "engine/cli/RunOutputs.h"

#include "engine/bench/ScalarText.h"
#include "engine/cli/Npy.h"
#include "engine/cli/Output.h"
#include "runtime/MemRefPrinter.h"

#include <charconv>

namespace affjit::cli {

namespace {

/// Parameter `name` (`x`, `%x`, `argN` or a position) that `what` names;
/// it must be a memref.
Expected<size_t> memrefParameter(std::vector<bench::ParamSpec> &params,
                                 const std::string &name,
                                 const std::string &what) {
  size_t position = 0;
  auto [end, ec] =
      std::from_chars(name.data(), name.data() + name.size(), position);
  bool numeric =
      !name.empty() && ec == std::errc() && end == name.data() + name.size();
  const bench::ParamSpec *p = nullptr;
  if (numeric)
    p = position < params.size() ? &params[position] : nullptr;
  else
    p = bench::findParameter(params, name);
  if (!p)
    return Error(what + ": no argument " +
                 (numeric ? "number " + name
                          : "named %" + name.substr(name.starts_with('%'))) +
                 " (arguments: " + bench::argumentList(params) + ")");
  if (!p->isMemRef)
    return Error(what + ": " + p->name + " is a scalar (" + p->type.str() +
                 "); only memref arguments are printed or saved");
  return (size_t)(p - params.data());
}

std::string resultText(const Results &results, size_t i) {
  std::optional<ScalarKind> kind = results.kind(i);
  if (!kind)
    return "<a memref or vector result, not shown>";
  detail::ScalarValue v{};
  switch (*kind) {
  case ScalarKind::I1:
    v.i = *results.get<bool>(i);
    break;
  case ScalarKind::I8:
    v.i = *results.get<int8_t>(i);
    break;
  case ScalarKind::I16:
    v.i = *results.get<int16_t>(i);
    break;
  case ScalarKind::I32:
    v.i = *results.get<int32_t>(i);
    break;
  case ScalarKind::I64:
    v.i = *results.get<int64_t>(i);
    break;
  case ScalarKind::Index:
    v.i = results.get<Index>(i)->value;
    break;
  case ScalarKind::F32:
    v.f32 = *results.get<float>(i);
    break;
  case ScalarKind::F64:
    v.f64 = *results.get<double>(i);
    break;
  }
  return bench::scalarText(*kind, v);
}

} // namespace

Expected<OutputRequests> resolveOutputs(std::vector<bench::ParamSpec> &params,
                                        const std::vector<std::string> &prints,
                                        const std::vector<std::string> &saves) {
  OutputRequests requests;
  for (const std::string &print : prints) {
    Expected<size_t> i = memrefParameter(params, print, "--print " + print);
    if (!i)
      return i.error();
    requests.prints.push_back(*i);
  }
  for (const std::string &save : saves) {
    std::string what = "--save " + save;
    size_t eq = save.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == save.size())
      return Error(what + ": expected NAME=FILE.npy (NAME an argument like "
                          "y, or its position; FILE - for stdout)");
    Expected<size_t> i = memrefParameter(params, save.substr(0, eq), what);
    if (!i)
      return i.error();
    requests.saves.emplace_back(*i, save.substr(eq + 1));
  }
  return requests;
}

bool OutputRequests::savesToStdout() const {
  for (const auto &[i, path] : saves)
    if (path == "-")
      return true;
  return false;
}

void printResults(const Results &results, std::ostream &os) {
  for (size_t i = 0; i < results.size(); ++i)
    os << resultText(results, i) << '\n';
}

bool writeOutputs(const OutputRequests &requests, bench::ArgumentSet &set,
                  std::ostream &os) {
  std::span<const detail::Argument> args = set.arguments();
  rt::MemRefPrintOptions options;
  options.i8AsNumbers = true;
  for (size_t i : requests.prints) {
    rt::printUnrankedMemRef(os, bench::printElementOf(args[i].scalar),
                            args[i].rank, args[i].descriptor, options);
  }
  os.flush();
  for (const auto &[i, path] : requests.saves) {
    const bench::ArgumentBuffer &b = *set.buffers()[i];
    std::unique_ptr<OutputFile> file = OutputFile::open(path, true);
    if (!file)
      return false;
    writeNpy(file->stream(), b.getElement(), b.getShape(), b.getData());
    if (!file->close())
      return false;
  }
  return true;
}

} // namespace affjit::cli

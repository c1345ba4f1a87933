// The command line contract: errors, exit statuses, --version and CLI11's
// parse errors reworded (Contract.h).
#include "engine/cli/Contract.h"

#include "engine/cli/Suggest.h"

#include <llvm/Config/llvm-config.h>
#include <llvm/TargetParser/Host.h>

#include <algorithm>
#include <charconv>
#include <iostream>
#include <regex>
#include <set>

#ifndef AFFJIT_VERSION
#define AFFJIT_VERSION "unknown"
#endif

namespace affjit::cli {

void printError(const std::string &message) {
  std::cerr << "affjit: error: " << message << '\n';
}

int usageError(const std::string &message) {
  printError(message);
  return kExitFailure;
}

std::string versionText() {
  return std::string("affjit ") + AFFJIT_VERSION + "\nbuilt with LLVM " +
         LLVM_VERSION_STRING + " for " + llvm::sys::getProcessTriple();
}

std::string exitStatusText() {
  return "Exit status: 0 on success; 1 on any error: bad usage (an unknown "
         "flag, subcommand, pass or function; a missing or bad value), an "
         "input that cannot be read, diagnostics in the IR, a run that "
         "fails (a runtime error such as an out-of-bounds access under "
         "--checked), a static out-of-bounds access (check), variants that "
         "disagree (bench, run --cross-check). Errors are one line "
         "'affjit: error: MESSAGE' on stderr, or 'FILE:LINE:COL: error: "
         "MESSAGE' for the IR. A JIT-compiled program killed by a signal "
         "ends the process as that signal does (the shell shows 128+N).";
}

/// The flags registered with addOptionalValueFlag, by name (`--opt-report`).
static std::set<std::string> &optionalValueFlags() {
  static std::set<std::string> names;
  return names;
}

CLI::Option *addOptionalValueFlag(CLI::App *cmd, const std::string &name,
                                  const std::string &whenBare,
                                  std::string &value,
                                  const std::string &description) {
  optionalValueFlags().insert(name);
  return cmd->add_flag(name + "{" + whenBare + "}", value, description);
}

CLI::Validator integerIn(long long lo, long long hi) {
  std::string range = std::to_string(lo) + ".." + std::to_string(hi);
  return CLI::Validator(
      [lo, hi, range](std::string &text) -> std::string {
        long long v = 0;
        auto [end, ec] =
            std::from_chars(text.data(), text.data() + text.size(), v);
        if (text.empty() || ec != std::errc() ||
            end != text.data() + text.size() || v < lo || v > hi)
          return "expected an integer in " + range + ", got '" + text + "'";
        return "";
      },
      "INT in " + range);
}

namespace {

/// `affjit run`, or `affjit` for the main app.
std::string commandName(const CLI::App &app, const CLI::App *cmd) {
  return cmd == &app ? "affjit" : "affjit " + cmd->get_name();
}

/// The subcommand the arguments selected, or the app itself.
const CLI::App *selectedCommand(const CLI::App &app) {
  std::vector<CLI::App *> selected = app.get_subcommands();
  return selected.empty() ? &app : selected.front();
}

std::vector<std::string> optionNames(const CLI::App *cmd) {
  std::vector<std::string> names;
  for (const CLI::Option *opt : cmd->get_options()) {
    for (const std::string &n : opt->get_lnames())
      names.push_back("--" + n);
    for (const std::string &n : opt->get_snames())
      names.push_back("-" + n);
  }
  return names;
}

std::vector<std::string> subcommandNames(const CLI::App &app) {
  std::vector<std::string> names;
  for (const CLI::App *sub : app.get_subcommands({}))
    if (!sub->get_group().empty())
      names.push_back(sub->get_name());
  return names;
}

std::string joined(const std::vector<std::string> &names) {
  std::string list;
  for (const std::string &n : names)
    list += (list.empty() ? "" : ", ") + n;
  return list;
}

bool looksLikeOption(const std::string &arg) {
  if (arg.size() < 2 || arg[0] != '-')
    return false;
  // `-3` and `-.5` are values, not flags.
  return !(std::isdigit((unsigned char)arg[1]) || arg[1] == '.');
}

std::string unknownOption(const CLI::App &app, const CLI::App *cmd,
                          const std::string &arg) {
  std::string flag = arg.substr(0, arg.find('='));
  return "unknown option '" + flag + "' for " + commandName(app, cmd) +
         didYouMean(flag, optionNames(cmd)) + " (see " + commandName(app, cmd) +
         " --help)";
}

std::string unknownSubcommand(const CLI::App &app, const std::string &arg) {
  return "unknown subcommand '" + arg + "'" +
         didYouMean(arg, subcommandNames(app)) +
         " (subcommands: " + joined(subcommandNames(app)) + ")";
}

/// The argument before the first occurrence of `arg` in `args`, or "".
std::string argumentBefore(const std::vector<std::string> &args,
                           const std::string &arg) {
  for (size_t i = 1; i < args.size(); ++i)
    if (args[i] == arg)
      return args[i - 1];
  return "";
}

std::string positionalName(const CLI::App *cmd) {
  for (const CLI::Option *opt : cmd->get_options())
    if (opt->get_positional())
      return opt->get_name();
  return "";
}

/// Arguments CLI11 did not place: an unknown flag, a second input file, a
/// value given to a flag whose value must be attached with '='.
std::string extraArguments(const CLI::App &app,
                           const std::vector<std::string> &args) {
  const CLI::App *cmd = selectedCommand(app);
  std::vector<std::string> extras = cmd->remaining(false);
  if (extras.empty())
    extras = app.remaining(false);
  if (extras.empty())
    return "unexpected arguments";
  for (const std::string &arg : extras)
    if (looksLikeOption(arg))
      return unknownOption(app, cmd, arg);
  const std::string &arg = extras.front();
  if (cmd == &app)
    return unknownSubcommand(app, arg);
  std::string before = argumentBefore(args, arg);
  if (optionalValueFlags().count(before))
    return "unexpected argument '" + arg + "' after " + before +
           ", whose value is optional: attach it as " + before + "=" + arg;
  if (positionalName(cmd).empty())
    return "unexpected argument '" + arg + "': " + commandName(app, cmd) +
           " takes no arguments";
  return "unexpected argument '" + arg + "': " + commandName(app, cmd) +
         " takes one input file";
}

/// CLI11's "A subcommand is required": none given, or an unknown one.
std::string missingSubcommand(const CLI::App &app) {
  std::vector<std::string> extras = app.remaining(false);
  if (!extras.empty() && looksLikeOption(extras.front()))
    return unknownOption(app, &app, extras.front());
  if (!extras.empty())
    return unknownSubcommand(app, extras.front());
  return "no subcommand given (subcommands: " + joined(subcommandNames(app)) +
         "; see affjit --help)";
}

/// What kind of value an option of CLI11 type `type` wants.
std::string expectedValue(const std::string &type) {
  if (type == "UINT")
    return "a non-negative integer";
  if (type == "INT")
    return "an integer";
  if (type == "FLOAT")
    return "a number";
  return "a " + type;
}

/// `0.000000` as `0`.
std::string trimmedNumber(std::string text) {
  if (text.find('.') != std::string::npos) {
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.')
      text.pop_back();
  }
  return text;
}

/// What CLI::Range(lo, hi) accepts. NonNegativeNumber and PositiveNumber
/// are ranges up to DBL_MAX, both from 0: a number they refuse that is not
/// below 0 is 0 itself, refused by PositiveNumber.
std::string rangeText(const std::string &value, const std::string &lo,
                      const std::string &hi) {
  if (hi.size() <= 20)
    return "a value from " + trimmedNumber(lo) + " to " + trimmedNumber(hi);
  char *end = nullptr;
  double v = std::strtod(value.c_str(), &end);
  bool number = !value.empty() && end == value.c_str() + value.size();
  return number && v >= 0 ? "a positive number" : "a non-negative number";
}

/// Rewords CLI11's value errors: conversions, range checks, counts.
std::string valueError(const CLI::App &app, const std::string &what) {
  std::smatch m;
  static const std::regex convert("Could not convert: (\\S+) = (.*)");
  static const std::regex range(
      "(\\S+): Value (.*) not in range ([-0-9.]+) to ([-0-9.]+)");
  static const std::regex missing("(\\S+): \\d+ required (\\S+) missing");
  static const std::regex required("(\\S+) is required");
  static const std::regex excludes("(\\S+) excludes (\\S+)");
  static const std::regex count("(\\S+): At Most 1 required but received "
                                "(\\d+)");
  if (std::regex_match(what, m, convert)) {
    const CLI::Option *opt =
        selectedCommand(app)->get_option_no_throw(m[1].str());
    return m[1].str() + " " + m[2].str() + ": expected " +
           expectedValue(opt ? opt->get_type_name() : "value");
  }
  if (std::regex_match(what, m, range))
    return m[1].str() + " " + m[2].str() + ": expected " +
           rangeText(m[2].str(), m[3].str(), m[4].str());
  if (std::regex_match(what, m, missing))
    return m[1].str() + " needs a value (" + m[2].str() + ")";
  if (std::regex_match(what, m, count))
    return m[1].str() + " given " + m[2].str() + " times; it takes one value";
  if (std::regex_match(what, m, excludes))
    return std::min(m[1].str(), m[2].str()) + " and " +
           std::max(m[1].str(), m[2].str()) + " cannot be combined";
  if (std::regex_match(what, m, required))
    return "missing " + m[1].str() + " (see " +
           commandName(app, selectedCommand(app)) + " --help)";
  return "";
}

std::string describe(const CLI::App &app, const CLI::ParseError &e,
                     const std::vector<std::string> &args) {
  std::string what = e.what();
  if (dynamic_cast<const CLI::ExtrasError *>(&e))
    return extraArguments(app, args);
  if (dynamic_cast<const CLI::RequiredError *>(&e) &&
      what.find("subcommand") != std::string::npos)
    return missingSubcommand(app);
  if (std::string reworded = valueError(app, what); !reworded.empty())
    return reworded;
  if (!what.empty())
    what[0] = (char)std::tolower((unsigned char)what[0]);
  return what;
}

} // namespace

int parseCommandLine(CLI::App &app, int argc, char **argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  try {
    app.parse(argc, argv);
    return -1;
  } catch (const CLI::Success &e) {
    // --help and --version print to stdout and exit with status 0.
    return app.exit(e);
  } catch (const CLI::ParseError &e) {
    printError(describe(app, e, args));
    return kExitFailure;
  }
}

} // namespace affjit::cli

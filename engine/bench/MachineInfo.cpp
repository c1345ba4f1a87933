// Facts about the benchmarking machine (MachineInfo.h).
#include "engine/bench/MachineInfo.h"

#include <chrono>
#include <ctime>
#include <fstream>
#include <thread>
#include <unistd.h>

namespace affjit::bench {

namespace {

std::string trimmed(const std::string &text) {
  size_t begin = text.find_first_not_of(" \t");
  size_t end = text.find_last_not_of(" \t\r");
  return begin == std::string::npos ? "" : text.substr(begin, end - begin + 1);
}

} // namespace

std::string cpuModelName(const std::string &cpuinfo) {
  std::ifstream in(cpuinfo);
  // x86 names the model "model name"; Arm's kernels have no model name but
  // some have "Processor", others (RISC-V, MIPS) "cpu model".
  for (std::string line; std::getline(in, line);) {
    size_t colon = line.find(':');
    if (colon == std::string::npos)
      continue;
    std::string key = trimmed(line.substr(0, colon));
    if (key == "model name" || key == "Processor" || key == "cpu model")
      return trimmed(line.substr(colon + 1));
  }
  return "";
}

unsigned onlineCpus() {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  if (n > 0)
    return (unsigned)n;
  unsigned hw = std::thread::hardware_concurrency();
  return hw > 0 ? hw : 1;
}

std::optional<std::array<double, 3>> loadAverage(const std::string &path) {
  std::ifstream in(path);
  std::array<double, 3> load{};
  if (!(in >> load[0] >> load[1] >> load[2]))
    return std::nullopt;
  return load;
}

std::string utcTimestamp() {
  std::time_t now =
      std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

} // namespace affjit::bench

// What `affjit bench` records about the machine a benchmark ran on: the
// CPU's model name, the CPUs online, the load average when it started
// (from /proc on Linux; empty or nullopt elsewhere), and the time.
#pragma once

#include <array>
#include <optional>
#include <string>

namespace affjit::bench {

/// "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz": /proc/cpuinfo's
/// "model name" (or "Processor"/"cpu model" on other architectures);
/// empty when unknown.
std::string cpuModelName(const std::string &cpuinfo = "/proc/cpuinfo");

/// The CPUs online (at least 1).
unsigned onlineCpus();

/// The 1, 5 and 15 minute load averages of `path` (/proc/loadavg's
/// format), or nullopt when it cannot be read.
std::optional<std::array<double, 3>>
loadAverage(const std::string &path = "/proc/loadavg");

/// The current time in UTC as ISO 8601: "2024-05-01T12:34:56Z".
std::string utcTimestamp();

} // namespace affjit::bench

// The command line's traffic report (see TrafficReport.h).
#include "engine/cli/TrafficReport.h"

#include "frontend/analysis/NestTraffic.h"

#include <iostream>
#include <string>

namespace affjit::cli {

/// "measured per run (...): X compulsory, Y into L1, Z into L2".
static std::string describe(const NestTrafficMeasurement &m) {
  if (m.runs == 0)
    return "measured traffic: the nest did not run";
  SimulatedCaches c = Engine::simulatedCaches();
  auto perRun = [&](uint64_t bytes) {
    return describeTrafficBytes((double)bytes / (double)m.runs);
  };
  return "measured traffic per run (" + std::to_string(m.runs) +
         (m.runs == 1 ? " run" : " runs") + "; simulated " +
         describeCacheSize(c.l1Bytes) + " " + std::to_string(c.l1Ways) +
         "-way L1, " + describeCacheSize(c.l2Bytes) + " " +
         std::to_string(c.l2Ways) + "-way L2, " + std::to_string(c.lineBytes) +
         " B lines): " + perRun(m.compulsoryBytes) + " compulsory, " +
         perRun(m.l1Bytes) + " into L1, " + perRun(m.l2Bytes) + " into L2";
}

std::function<void(const Remark &)> TrafficReport::remarkHandler() {
  return [this](const Remark &remark) {
    if (remark.pass == "report") {
      held.push_back(remark);
      return;
    }
    std::cerr << remark.text;
    std::cerr.flush();
  };
}

bool TrafficReport::describesSameNests(
    const std::vector<NestTrafficMeasurement> &measured) const {
  if (held.size() != measured.size())
    return false;
  for (size_t i = 0; i < held.size(); ++i)
    if (held[i].file != measured[i].file || held[i].line != measured[i].line ||
        held[i].column != measured[i].column)
      return false;
  return true;
}

void TrafficReport::print(const std::vector<NestTrafficMeasurement> &measured,
                          std::ostream &os) const {
  if (describesSameNests(measured)) {
    // The measurement joins the estimate's first line, before the source
    // line and caret.
    for (size_t i = 0; i < held.size(); ++i) {
      const std::string &text = held[i].text;
      size_t eol = text.find('\n');
      os << text.substr(0, eol) << "; " << describe(measured[i])
         << (eol == std::string::npos ? "\n" : text.substr(eol));
    }
    return;
  }
  for (const Remark &remark : held)
    os << remark.text;
  for (const NestTrafficMeasurement &m : measured)
    os << m.file << ':' << m.line << ':' << m.column << ": remark: [traffic] "
       << describe(m) << '\n';
}

} // namespace affjit::cli

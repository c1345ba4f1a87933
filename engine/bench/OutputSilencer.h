// Discarding what benchmarked JIT code prints while it is timed. A kernel
// that calls printMemrefF32 or vector.print would otherwise print once per
// call, hundreds of thousands of times, before the report. The runtime's
// print functions write to stdout (printf and std::cout), so the file
// descriptor 1 is pointed at /dev/null while an OutputSilencer lives, and
// restored afterwards; both stdio and std::cout are flushed at each switch,
// so output buffered before goes where it belongs and output buffered
// meanwhile is discarded.
#pragma once

namespace affjit::bench {

class OutputSilencer {
public:
  /// Silences stdout (when `enabled`: callers silence only some calls).
  explicit OutputSilencer(bool enabled = true);
  /// Restores stdout.
  ~OutputSilencer();
  OutputSilencer(const OutputSilencer &) = delete;
  OutputSilencer &operator=(const OutputSilencer &) = delete;

private:
  /// A duplicate of the original stdout descriptor, or -1 when not silenced.
  int saved = -1;
};

} // namespace affjit::bench

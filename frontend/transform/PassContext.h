// What a pass is given besides the module: the diagnostics its errors go
// to, and the sink for its optimization remarks (`--opt-report`). Every
// pass reports its decisions through `remark()` at the op they concern, so
// fusion, tiling and the rest read alike, like clang's -Rpass remarks.
#pragma once

#include "frontend/ir/Diagnostics.h"
#include "frontend/ir/IR.h"
#include "frontend/target/TargetModel.h"
#include "frontend/transform/PassOptions.h"

#include <functional>
#include <string>
#include <string_view>
#include <utility>

namespace affjit {

/// One decision of a pass: which pass, where (the op's source location),
/// and what it decided and why.
struct PassRemark {
  std::string_view pass;
  Location loc;
  std::string message;
};

/// Receives the remarks of the passes a report was asked for.
using RemarkSink = std::function<void(const PassRemark &)>;

class PassContext {
public:
  /// `remarks` is empty when nobody asked for this pass's report.
  explicit PassContext(DiagnosticEngine &diag, std::string_view passName = "",
                       RemarkSink remarks = nullptr, bool fastMath = false,
                       unsigned threads = 1)
      : diag(diag), passName(passName), remarks(std::move(remarks)),
        fastMath(fastMath), threads(threads) {}

  DiagnosticEngine &getDiagnostics() const { return diag; }
  /// The user allowed floating-point reassociation everywhere
  /// (`--fast-math`, EngineOptions::fastMath), as clang's -ffast-math.
  bool isFastMath() const { return fastMath; }
  /// Threads the compiled code may use (`--threads`,
  /// EngineOptions::threads); 1 means no parallel loops.
  unsigned getThreads() const { return threads; }
  std::string_view getPassName() const { return passName; }
  /// The options the spec gave this pass (`fuse{siblings=false}`), checked
  /// against the ones it declares; none by default.
  const PassOptionValues &getPassOptions() const {
    static const PassOptionValues none;
    return passOptions ? *passOptions : none;
  }
  void setPassOptions(const PassOptionValues *options) {
    passOptions = options;
  }
  /// The machine to plan for; the host's unless the caller set another.
  const TargetModel &getTarget() const {
    return target ? *target : TargetModel::host();
  }
  void setTarget(const TargetModel *model) { target = model; }

  /// Whether remarks are wanted: a pass need not compose messages (or
  /// describe bounds) that nobody reads.
  bool remarksEnabled() const { return bool(remarks); }
  /// Reports a decision at `loc` (dropped when remarks are not wanted).
  void remark(const Location &loc, std::string message) const {
    if (remarks)
      remarks(PassRemark{passName, loc, std::move(message)});
  }

private:
  DiagnosticEngine &diag;
  std::string_view passName;
  RemarkSink remarks;
  bool fastMath;
  unsigned threads;
  const PassOptionValues *passOptions = nullptr;
  const TargetModel *target = nullptr;
};

} // namespace affjit

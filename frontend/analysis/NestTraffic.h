// Estimated memory traffic of a loop nest (issue 15's cost model, from
// seed 002's memref regions): how many bytes the nest brings into a cache
// of a given size. A loop whose footprint — the bounding boxes of the
// regions of every memref it touches, for one execution of the loop
// (MemRefRegion at its depth) — fits the cache brings each byte in once.
// One that does not fit pays for each iteration what its body pays: an
// inner loop that fits, its regions that move with the loop (what does not
// move stays in the cache from one iteration to the next); an inner loop
// that does not fit, recursively; the accesses directly in the body,
// grouped per memref into clusters less than a line apart (a register
// block's rows of a packed panel: LinearAccess.h), each cluster the bytes
// it moves per iteration up to its lines (a stride below a line reuses the
// line), nothing when it stays. So gemm re-reads B from beyond L2 for
// every block of rows when B outgrows L2, and a nest tiled by columns keeps
// a panel of B in L2. Trip counts that are not constant count as
// kUnknownTripCount; a memref whose regions cannot be computed counts its
// accesses per iteration. The model only reads the IR, and ignores the
// caches' ways. The traffic measured through simulated caches
// (`--measure-traffic`) checks it: PolyBench gemm 1024³'s L1 bytes agree
// within 1%, where charging each access its own lines overcounted 4.6
// times.
#pragma once

#include "frontend/analysis/FusionCost.h"
#include "frontend/ir/Ops.h"

#include <cstdint>
#include <optional>
#include <string>

namespace affjit {

struct NestTraffic {
  /// Bytes the nest touches at all (each once: an unbounded cache);
  /// nullopt when a region cannot be computed.
  std::optional<double> compulsoryBytes;
  /// Bytes brought into the L1 and the L2 data cache.
  double l1Bytes = 0, l2Bytes = 0;
};

/// The bytes one execution of `loop` touches (the bounding boxes of its
/// memrefs' regions); nullopt when a region cannot be computed.
std::optional<double> estimateFootprintBytes(AffineForOp loop);

/// The traffic of the nest rooted at `root` for `caches`.
NestTraffic estimateNestTraffic(AffineForOp root, const CacheSizes &caches);

/// `bytes` as the reports print traffic ("3.14 MB", "42 KB"; "unknown").
std::string describeTrafficBytes(std::optional<double> bytes);
/// A cache's size as the reports print it ("32 KB", binary kilobytes).
std::string describeCacheSize(int64_t bytes);

} // namespace affjit

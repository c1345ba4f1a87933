// Outlining of a large function's loop nests (OutlineNests.h).
//
// A large function with several top-level loops gets one function per
// loop. A large function that is one loop (after fusion: a row loop around
// hundreds of small loops) gets its body cut into runs of consecutive inner
// loops of about `chunkInstructions` each, one function per run, so that a
// call costs little next to the work it does. Both repeat on what they
// create until every function is small or cannot be cut.
#include "engine/jit/OutlineNests.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Dominators.h>
#include <llvm/Transforms/Utils/CodeExtractor.h>

#include <algorithm>
#include <deque>
#include <map>
#include <vector>

namespace affjit {

uint64_t instructionCount(const llvm::Function &function) {
  uint64_t count = 0;
  for (const llvm::BasicBlock &block : function)
    count += block.size();
  return count;
}

static uint64_t instructionCount(const llvm::Loop &loop) {
  uint64_t count = 0;
  for (const llvm::BasicBlock *block : loop.blocks())
    count += block->size();
  return count;
}

namespace {

/// One function being cut: its analyses, valid across extractions
/// (CodeExtractor keeps the dominator tree up to date).
struct Cutter {
  explicit Cutter(llvm::Function &function)
      : function(function), dominators(function), loops(dominators),
        cache(function) {}

  /// Moves `blocks` (a single-entry region) into a function of its own.
  llvm::Function *extract(llvm::ArrayRef<llvm::BasicBlock *> blocks) {
    llvm::CodeExtractor extractor(blocks, &dominators, /*AggregateArgs=*/false,
                                  nullptr, nullptr, nullptr,
                                  /*AllowVarArgs=*/false,
                                  /*AllowAlloca=*/false, nullptr, "nest");
    if (!extractor.isEligible())
      return nullptr;
    llvm::Function *body = extractor.extractCodeRegion(cache);
    // Inlined back, it would make the large function again.
    if (body)
      body->addFnAttr(llvm::Attribute::NoInline);
    return body;
  }

  llvm::Function &function;
  llvm::DominatorTree dominators;
  llvm::LoopInfo loops;
  llvm::CodeExtractorAnalysisCache cache;
};

} // namespace

/// Each top-level loop of `cutter`'s function in a function of its own.
static std::vector<llvm::Function *> outlineTopLevelLoops(Cutter &cutter) {
  std::vector<llvm::Loop *> nests(cutter.loops.begin(), cutter.loops.end());
  std::vector<llvm::Function *> created;
  for (llvm::Loop *nest : nests)
    if (llvm::Function *body = cutter.extract(nest->getBlocks()))
      created.push_back(body);
  return created;
}

/// The subloops of `loop` that run on every iteration (their headers
/// dominate its latch), in program order: the cut points of its body.
static std::vector<llvm::Loop *> unconditionalSubloops(const Cutter &cutter,
                                                       llvm::Loop &loop) {
  llvm::BasicBlock *latch = loop.getLoopLatch();
  if (!latch)
    return {};
  std::map<const llvm::BasicBlock *, size_t> position;
  for (const llvm::BasicBlock &block : cutter.function)
    position[&block] = position.size();
  std::vector<llvm::Loop *> subloops;
  for (llvm::Loop *sub : loop.getSubLoops())
    if (cutter.dominators.dominates(sub->getHeader(), latch))
      subloops.push_back(sub);
  std::sort(subloops.begin(), subloops.end(),
            [&](llvm::Loop *a, llvm::Loop *b) {
              return position[a->getHeader()] < position[b->getHeader()];
            });
  return subloops;
}

/// The blocks of `loop` from `first`'s header up to, not including,
/// `next`'s header: consecutive subloops and the code between them.
static std::vector<llvm::BasicBlock *> runBetween(const Cutter &cutter,
                                                  llvm::Loop &loop,
                                                  llvm::Loop *first,
                                                  llvm::Loop *next) {
  std::vector<llvm::BasicBlock *> blocks;
  for (llvm::BasicBlock *block : loop.getBlocks())
    if (cutter.dominators.dominates(first->getHeader(), block) &&
        !cutter.dominators.dominates(next->getHeader(), block))
      blocks.push_back(block);
  return blocks;
}

/// Cuts the body of `loop` into runs of consecutive subloops of about
/// `chunk` instructions, each in a function of its own. The last subloop
/// stays (a run ends where the next subloop starts).
static std::vector<llvm::Function *>
outlineRunsOf(Cutter &cutter, llvm::Loop &loop, uint64_t chunk) {
  std::vector<llvm::Loop *> subloops = unconditionalSubloops(cutter, loop);
  std::vector<std::pair<llvm::Loop *, llvm::Loop *>> runs;
  size_t start = 0;
  uint64_t size = 0;
  for (size_t i = 0; i + 1 < subloops.size(); ++i) {
    size += instructionCount(*subloops[i]);
    if (size >= chunk) {
      runs.push_back({subloops[start], subloops[i + 1]});
      start = i + 1;
      size = 0;
    }
  }
  if (start > 0 && start + 1 < subloops.size())
    runs.push_back({subloops[start], subloops.back()});
  // Collected before extracting: extraction moves the blocks away.
  std::vector<std::vector<llvm::BasicBlock *>> regions;
  for (auto [first, next] : runs)
    regions.push_back(runBetween(cutter, loop, first, next));
  std::vector<llvm::Function *> created;
  for (const auto &blocks : regions)
    if (llvm::Function *body = cutter.extract(blocks))
      created.push_back(body);
  return created;
}

/// The loop whose body is worth cutting: the only top-level one, or
/// further in while a loop holds a single subloop.
static llvm::Loop *loopToCut(Cutter &cutter) {
  if (std::distance(cutter.loops.begin(), cutter.loops.end()) != 1)
    return nullptr;
  llvm::Loop *loop = *cutter.loops.begin();
  while (loop->getSubLoops().size() == 1)
    loop = loop->getSubLoops().front();
  return loop->getSubLoops().size() >= 2 ? loop : nullptr;
}

/// Cuts `function` once; returns the functions it made.
static std::vector<llvm::Function *> cut(llvm::Function &function,
                                         const OutlineThresholds &thresholds) {
  Cutter cutter(function);
  if ((unsigned)std::distance(cutter.loops.begin(), cutter.loops.end()) >=
      thresholds.minLoops)
    return outlineTopLevelLoops(cutter);
  if (llvm::Loop *loop = loopToCut(cutter))
    return outlineRunsOf(cutter, *loop, thresholds.chunkInstructions);
  return {};
}

unsigned outlineLoopNests(llvm::Module &module,
                          const OutlineThresholds &thresholds) {
  std::deque<llvm::Function *> work;
  for (llvm::Function &function : module)
    if (!function.isDeclaration())
      work.push_back(&function);
  unsigned outlined = 0;
  while (!work.empty()) {
    llvm::Function *function = work.front();
    work.pop_front();
    if (instructionCount(*function) < thresholds.minInstructions)
      continue;
    std::vector<llvm::Function *> created = cut(*function, thresholds);
    outlined += (unsigned)created.size();
    work.insert(work.end(), created.begin(), created.end());
    // What is left may still be large: a run ends before the last inner
    // loop, which may hold the bulk. Each cut leaves fewer loops, so this
    // ends.
    if (!created.empty())
      work.push_back(function);
  }
  return outlined;
}

} // namespace affjit

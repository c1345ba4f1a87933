// The memref dependence graph of a function body (seed 002, "2.
// performFusionsIntoDest": MLIR's MemRefDependenceGraph, which loop fusion
// walks to find producer and consumer nests). One node per op directly in
// the block — loop nests and every other op — with the buffers it reads and
// writes through any op nested in it; an edge from an earlier node to a
// later one wherever both touch one buffer and one of them writes it, or the
// later one uses a value the earlier one defines. Buffers are identified by
// their root (views are followed back to the buffer they view), so two
// views of one buffer are never taken as distinct, and roots that may be
// one buffer (getBufferAlias: a global and an argument) are connected too.
// A buffer escapes when
// code the graph cannot see may touch it: function arguments, globals, and
// buffers (or views of them) passed to calls, returned or used by ops it
// does not know. The graph only reads the IR.
#pragma once

#include "frontend/ir/IR.h"

#include <ostream>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace affjit {

enum class MdgDependence {
  ReadAfterWrite,
  WriteAfterRead,
  WriteAfterWrite,
  /// One side touches memory no value names (an unknown op).
  Unknown,
  /// The later node uses a value the earlier one defines.
  Value,
};

struct MdgNode {
  unsigned id;
  Operation *op;
  /// The affine loads and stores (scalar and vector) in the node, in
  /// program order: what fusion can slice.
  std::vector<Operation *> loads, stores;
  /// Root buffers the node reads and writes through any op.
  std::vector<Value *> reads, writes;
  /// Root buffers touched by ops other than affine loads and stores
  /// (memref.load/store, copies, DMA, calls): not sliceable.
  std::vector<Value *> nonAffine;
  /// Some op in the node may touch memory no value names.
  bool touchesUnknownMemory = false;
  bool isLoopNest() const;
};

struct MdgEdge {
  unsigned src, dst;
  /// The root buffer; null for Unknown and Value edges.
  Value *memref;
  MdgDependence kind;
};

class MemRefDependenceGraph {
public:
  /// The graph of the ops directly in `block`, without its terminator.
  explicit MemRefDependenceGraph(Block &block);

  /// Brings the graph up to date with its block after a transformation:
  /// the nodes of ops in `dirty` are summarized again and ops new in the
  /// block get nodes; the other nodes and the edges between them are kept,
  /// so the cost grows with what changed rather than with the block. Every
  /// op directly in the block that the transformation changed or erased
  /// must be in `dirty` (an erased op's address may come back for a new
  /// op).
  void update(const std::unordered_set<const Operation *> &dirty);

  const std::vector<MdgNode> &getNodes() const { return nodes; }
  const std::vector<MdgEdge> &getEdges() const { return edges; }
  /// The node of a top-level op; null for an op not in the block.
  const MdgNode *getNode(const Operation *op) const;
  std::vector<MdgEdge> getInEdges(unsigned id) const;
  std::vector<MdgEdge> getOutEdges(unsigned id) const;
  bool hasEdge(unsigned src, unsigned dst) const;
  /// The root buffers `src` writes and `dst` reads: what producer-consumer
  /// fusion of `src` into `dst` would forward.
  std::vector<Value *> getProducerConsumerMemRefs(unsigned src,
                                                  unsigned dst) const;
  /// True if a node strictly between `src` and `dst` depends on `src` and
  /// `dst` depends on it: `src` cannot move next to `dst` past it.
  bool hasDependencePathThroughOthers(unsigned src, unsigned dst) const;
  /// The nodes that read or write the root buffer `root` (exactly that
  /// value, aliases aside), in program order.
  std::vector<unsigned> getNodesTouching(Value *root) const;

  /// `node N: <op> at LINE: reads ... writes ...` and `edge S -> D ...`
  /// lines (edges by destination, then source), with buffers named by
  /// their source names.
  void print(std::ostream &os) const;

  /// For each root buffer, the nodes that access it (one way: reads or
  /// writes), and the nodes accessing buffers of each origin that may be
  /// another root's buffer; node lists ascending.
  struct Accessors {
    std::unordered_map<Value *, std::vector<unsigned>> byRoot;
    std::vector<unsigned> unknown, globals, arguments;
  };

private:
  MdgNode summarize(Operation *op, unsigned id) const;
  unsigned newSlot(const Operation *op, unsigned id);
  void index(const MdgNode &node);
  void renumber(const std::vector<int> &newIdOfOld);
  void addEdgesOf(const MdgNode &node, const std::vector<bool> &isFresh,
                  bool anyKept);
  void indexSuccessors();
  Block *block;
  std::vector<MdgNode> nodes;
  std::vector<MdgEdge> edges;
  /// Each op's slot, which keeps while the op's node does, and each slot's
  /// node id (its position in program order, which updates shift): an
  /// update rewrites positions, not the map.
  std::unordered_map<const Operation *, unsigned> slotOfOp;
  std::vector<unsigned> idOfSlot, slotOfId, freeSlots;
  /// The destinations of each node's edges, ascending (with repeats):
  /// those of node N at [successorStart[N], successorStart[N + 1]).
  std::vector<unsigned> successors, successorStart;
  Accessors readers, writers;
  /// The nodes that may touch memory no value names.
  std::vector<unsigned> unknownMemory;
};

/// True if code other than affine accesses, views, deallocation and dims of
/// `root` (a buffer, views followed) may touch it: `root` is not a local
/// memref.alloc/alloca, or it or a view of it is passed to a call,
/// returned, stored, or used by an op affjit does not know.
bool isEscapingMemRef(Value *root);

} // namespace affjit

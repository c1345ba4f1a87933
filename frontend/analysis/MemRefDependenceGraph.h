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

/// Nodes of loop nests kept from one graph to the next: a pass that
/// rebuilds the graph after each change of a few nests (fusion) summarizes
/// only those again. The pass must forget every nest it changes or erases
/// before the next graph is built; other ops are summarized afresh each
/// time (an erased op's address may come back for a new one).
class MdgNodeCache {
public:
  void forget(const Operation *op) { nodes.erase(op); }
  void clear() { nodes.clear(); }

private:
  friend class MemRefDependenceGraph;
  std::unordered_map<const Operation *, MdgNode> nodes;
};

class MemRefDependenceGraph {
public:
  /// The graph of the ops directly in `block`, without its terminator; the
  /// nodes of loop nests come from `cache` when it has them (and go into
  /// it when not).
  explicit MemRefDependenceGraph(Block &block, MdgNodeCache *cache = nullptr);

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
  const std::vector<unsigned> &getNodesTouching(Value *root) const;

  /// `node N: <op> at LINE: reads ... writes ...` and `edge S -> D ...`
  /// lines, with buffers named by their source names.
  void print(std::ostream &os) const;

private:
  void addNode(Operation *op, MdgNodeCache *cache);
  void addAllEdges();
  std::vector<MdgNode> nodes;
  std::vector<MdgEdge> edges;
  std::unordered_map<const Operation *, unsigned> idOfOp;
  std::unordered_set<uint64_t> connected;
  std::unordered_map<Value *, std::vector<unsigned>> touching;
};

/// True if code other than affine accesses, views, deallocation and dims of
/// `root` (a buffer, views followed) may touch it: `root` is not a local
/// memref.alloc/alloca, or it or a view of it is passed to a call,
/// returned, stored, or used by an op affjit does not know.
bool isEscapingMemRef(Value *root);

} // namespace affjit

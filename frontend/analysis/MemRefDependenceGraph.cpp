// The memref dependence graph (see MemRefDependenceGraph.h).
#include "frontend/analysis/MemRefDependenceGraph.h"

#include "frontend/ir/AffineAccess.h"
#include "frontend/ir/MemoryEffects.h"

#include <algorithm>
#include <set>

namespace affjit {

namespace {

bool contains(const std::vector<Value *> &list, const Value *v) {
  return std::find(list.begin(), list.end(), v) != list.end();
}

/// A node's read or write roots, asked whether one of them may be the
/// buffer a root is (MemoryEffects.h: a global and an argument, say, may
/// be one buffer). A local allocation is only itself and may be any buffer
/// of unknown origin, so it is looked up rather than compared with each
/// root: a fused nest has one private buffer per fused statement.
class RootSet {
public:
  explicit RootSet(const std::vector<Value *> &roots) {
    for (Value *v : roots) {
      BufferOrigin origin = getBufferOrigin(v);
      if (origin == BufferOrigin::Allocation) {
        allocated.insert(v);
        continue;
      }
      others.push_back(v);
      anyUnknown |= origin == BufferOrigin::Unknown;
    }
  }

  bool containsAlias(Value *root) const {
    switch (getBufferOrigin(root)) {
    case BufferOrigin::Allocation:
      return allocated.count(root) || anyUnknown;
    case BufferOrigin::Unknown:
      return !allocated.empty() || !others.empty();
    case BufferOrigin::Global:
    case BufferOrigin::Argument:
      break;
    }
    return std::any_of(others.begin(), others.end(),
                       [&](Value *v) { return mayAlias(v, root); });
  }

private:
  std::unordered_set<Value *> allocated;
  std::vector<Value *> others;
  bool anyUnknown = false;
};

void addUnique(std::vector<Value *> &list, Value *v) {
  if (!contains(list, v))
    list.push_back(v);
}

/// Ops that read a memref's shape or hint at it without touching its
/// elements.
bool isShapeQueryOrHint(const Operation *op) {
  return op->isa("memref.dim") || op->isa("memref.rank") ||
         op->isa("affine.prefetch") || op->isa("memref.assume_alignment");
}

/// Whether `user`'s operand `index` is a use the graph sees whole: an op
/// whose effects name that operand and touch no unknown memory.
bool isAnalysedUse(Operation *user, unsigned index) {
  if (isShapeQueryOrHint(user))
    return true;
  bool named = false;
  for (const MemoryEffect &e : getMemoryEffects(user)) {
    if (e.isOnUnknownMemory())
      return false;
    named |= e.operandIndex == index;
  }
  return named;
}

bool hasEscapingUse(Value *memref) {
  for (OpOperand *use : memref->getOperandUses()) {
    Operation *user = use->getOwner();
    if (isViewLike(user) && getViewSource(user) == memref) {
      if (hasEscapingUse(user->getResult(0)))
        return true;
      continue;
    }
    if (!isAnalysedUse(user, use->getOperandNumber()))
      return true;
  }
  return false;
}

std::string nameOf(const Value *v) {
  if (!v)
    return "<unknown>";
  if (!v->getNameHint().empty())
    return "%" + v->getNameHint();
  if (v->isBlockArgument())
    return "%arg" + std::to_string(v->getIndex());
  return "<" + v->getDefiningOp()->getName() + ">";
}

const char *kindName(MdgDependence k) {
  switch (k) {
  case MdgDependence::ReadAfterWrite:
    return "read-after-write";
  case MdgDependence::WriteAfterRead:
    return "write-after-read";
  case MdgDependence::WriteAfterWrite:
    return "write-after-write";
  case MdgDependence::Unknown:
    return "unknown memory";
  case MdgDependence::Value:
    return "value";
  }
  return "";
}

bool touchesMemory(const MdgNode &n) {
  return n.touchesUnknownMemory || !n.reads.empty() || !n.writes.empty();
}

uint64_t pairKey(unsigned src, unsigned dst) {
  return (uint64_t)src << 32 | dst;
}

void addIds(std::vector<unsigned> &out, const std::vector<unsigned> &ids) {
  out.insert(out.end(), ids.begin(), ids.end());
}

/// The nodes seen so far that read, and that write, each kind of buffer:
/// what a later node may depend on. Two roots may be one buffer only when
/// they are the same value, one has an unknown origin, or they are
/// globals of one name or a global and an argument (getBufferAlias).
/// Node lists may repeat ids; a global's list holds every global's nodes.
class AccessorIndex {
public:
  /// Every earlier node an edge into `later` may come from (a superset,
  /// with repeats); `all` when `later` may touch any buffer.
  void candidates(const MdgNode &later, std::vector<unsigned> &out,
                  bool &all) const {
    for (Value *root : later.reads)
      accessorsOf(root, writers, out, all);
    for (Value *root : later.writes) {
      accessorsOf(root, writers, out, all);
      accessorsOf(root, readers, out, all);
    }
  }

  void add(const MdgNode &node) {
    for (Value *root : node.reads)
      readers.add(root, node.id);
    for (Value *root : node.writes)
      writers.add(root, node.id);
  }

private:
  struct Accessors {
    std::unordered_map<Value *, std::vector<unsigned>> byRoot;
    std::vector<unsigned> unknown, globals, arguments;

    void add(Value *root, unsigned id) {
      byRoot[root].push_back(id);
      switch (getBufferOrigin(root)) {
      case BufferOrigin::Unknown:
        unknown.push_back(id);
        break;
      case BufferOrigin::Global:
        globals.push_back(id);
        break;
      case BufferOrigin::Argument:
        arguments.push_back(id);
        break;
      case BufferOrigin::Allocation:
        break;
      }
    }
  };

  static void accessorsOf(Value *root, const Accessors &a,
                          std::vector<unsigned> &out, bool &all) {
    if (auto it = a.byRoot.find(root); it != a.byRoot.end())
      addIds(out, it->second);
    addIds(out, a.unknown);
    switch (getBufferOrigin(root)) {
    case BufferOrigin::Unknown:
      all = true;
      break;
    case BufferOrigin::Global:
      // Globals of one name, and arguments: addEdges tells which alias.
      addIds(out, a.globals);
      addIds(out, a.arguments);
      break;
    case BufferOrigin::Argument:
      addIds(out, a.globals);
      break;
    case BufferOrigin::Allocation:
      break;
    }
  }

  Accessors readers, writers;
};

/// The edges from `earlier` to `later` (whose roots are `laterReads` and
/// `laterWrites`).
void addEdges(std::vector<MdgEdge> &edges, const MdgNode &earlier,
              const MdgNode &later, const RootSet &laterReads,
              const RootSet &laterWrites, bool usesValue) {
  auto add = [&](Value *memref, MdgDependence kind) {
    edges.push_back({earlier.id, later.id, memref, kind});
  };
  if ((earlier.touchesUnknownMemory && touchesMemory(later)) ||
      (later.touchesUnknownMemory && touchesMemory(earlier)))
    add(nullptr, MdgDependence::Unknown);
  for (Value *w : earlier.writes) {
    if (laterReads.containsAlias(w))
      add(w, MdgDependence::ReadAfterWrite);
    if (laterWrites.containsAlias(w))
      add(w, MdgDependence::WriteAfterWrite);
  }
  for (Value *r : earlier.reads)
    if (laterWrites.containsAlias(r))
      add(r, MdgDependence::WriteAfterRead);
  if (usesValue)
    add(nullptr, MdgDependence::Value);
}

} // namespace

bool isEscapingMemRef(Value *root) {
  Operation *def = root->getDefiningOp();
  if (!def || !(def->isa("memref.alloc") || def->isa("memref.alloca")))
    return true;
  return hasEscapingUse(root);
}

bool MdgNode::isLoopNest() const {
  return op->isa("affine.for") || op->isa("affine.parallel");
}

MemRefDependenceGraph::MemRefDependenceGraph(Block &block,
                                             MdgNodeCache *cache) {
  for (auto &op : block.getOperations())
    if (op.get() != block.getTerminator())
      addNode(op.get(), cache);
  for (const MdgNode &n : nodes) {
    idOfOp[n.op] = n.id;
    for (const std::vector<Value *> *list : {&n.reads, &n.writes})
      for (Value *root : *list) {
        std::vector<unsigned> &ids = touching[root];
        if (ids.empty() || ids.back() != n.id)
          ids.push_back(n.id);
      }
  }
  addAllEdges();
}

/// The edges in the order the pairs (earlier, later) come in, later
/// outermost, as comparing every pair would give them; only the pairs an
/// index of the buffers' accessors and of value uses proposes are
/// compared, since all pairs of a long function are too many.
void MemRefDependenceGraph::addAllEdges() {
  std::vector<std::vector<unsigned>> valueUsers(nodes.size());
  Block *block = nodes.empty() ? nullptr : nodes.front().op->getBlock();
  for (const MdgNode &n : nodes)
    for (Value *result : n.op->getResults())
      for (Operation *user : result->getUsers())
        if (Operation *a = user->findAncestorOpInBlock(*block))
          if (auto it = idOfOp.find(a); it != idOfOp.end() && it->second > n.id)
            valueUsers[it->second].push_back(n.id);
  for (std::vector<unsigned> &ids : valueUsers) {
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  }
  AccessorIndex index;
  std::vector<unsigned> unknown;
  std::vector<unsigned> candidates;
  for (const MdgNode &later : nodes) {
    bool all = later.touchesUnknownMemory;
    candidates.clear();
    index.candidates(later, candidates, all);
    addIds(candidates, unknown);
    addIds(candidates, valueUsers[later.id]);
    if (all) {
      candidates.resize(later.id);
      for (unsigned id = 0; id < later.id; ++id)
        candidates[id] = id;
    }
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()),
                     candidates.end());
    const std::vector<unsigned> &users = valueUsers[later.id];
    RootSet reads(later.reads), writes(later.writes);
    for (unsigned earlier : candidates)
      addEdges(edges, nodes[earlier], later, reads, writes,
               std::binary_search(users.begin(), users.end(), earlier));
    index.add(later);
    if (later.touchesUnknownMemory)
      unknown.push_back(later.id);
  }
  for (const MdgEdge &e : edges)
    connected.insert(pairKey(e.src, e.dst));
}

void MemRefDependenceGraph::addNode(Operation *op, MdgNodeCache *cache) {
  MdgNode node;
  node.id = (unsigned)nodes.size();
  node.op = op;
  bool cached = cache && node.isLoopNest();
  if (cached) {
    if (auto it = cache->nodes.find(op); it != cache->nodes.end()) {
      nodes.push_back(it->second);
      nodes.back().id = node.id;
      return;
    }
  }
  op->walk<WalkOrder::PreOrder>([&](Operation *inner) {
    if (std::optional<AffineAccess> access = AffineAccess::get(inner))
      (access->isWrite() ? node.stores : node.loads).push_back(inner);
  });
  for (const MemoryEffect &e : getMemoryEffectsRecursive(op)) {
    if (e.isOnUnknownMemory()) {
      node.touchesUnknownMemory = true;
      continue;
    }
    Value *root = getViewRoot(e.memref);
    // Allocation and deallocation order the buffer's other uses like
    // writes do.
    addUnique(e.kind == EffectKind::Read ? node.reads : node.writes, root);
    bool readOrWrite =
        e.kind == EffectKind::Read || e.kind == EffectKind::Write;
    if (readOrWrite && !AffineAccess::get(e.op))
      addUnique(node.nonAffine, root);
  }
  if (cached)
    cache->nodes[op] = node;
  nodes.push_back(std::move(node));
}

const MdgNode *MemRefDependenceGraph::getNode(const Operation *op) const {
  auto it = idOfOp.find(op);
  return it == idOfOp.end() ? nullptr : &nodes[it->second];
}

const std::vector<unsigned> &
MemRefDependenceGraph::getNodesTouching(Value *root) const {
  static const std::vector<unsigned> none;
  auto it = touching.find(root);
  return it == touching.end() ? none : it->second;
}

std::vector<MdgEdge> MemRefDependenceGraph::getInEdges(unsigned id) const {
  std::vector<MdgEdge> out;
  for (const MdgEdge &e : edges)
    if (e.dst == id)
      out.push_back(e);
  return out;
}

std::vector<MdgEdge> MemRefDependenceGraph::getOutEdges(unsigned id) const {
  std::vector<MdgEdge> out;
  for (const MdgEdge &e : edges)
    if (e.src == id)
      out.push_back(e);
  return out;
}

bool MemRefDependenceGraph::hasEdge(unsigned src, unsigned dst) const {
  return connected.count(pairKey(src, dst)) != 0;
}

std::vector<Value *>
MemRefDependenceGraph::getProducerConsumerMemRefs(unsigned src,
                                                  unsigned dst) const {
  std::vector<Value *> out;
  for (Value *w : nodes[src].writes)
    if (contains(nodes[dst].reads, w))
      out.push_back(w);
  return out;
}

bool MemRefDependenceGraph::hasDependencePathThroughOthers(unsigned src,
                                                           unsigned dst) const {
  // Nodes strictly between src and dst reachable from src; any of them
  // with an edge into dst closes a path.
  std::set<unsigned> reached;
  for (unsigned k = src + 1; k < dst; ++k) {
    bool fromSrc = hasEdge(src, k);
    for (unsigned r : reached)
      fromSrc = fromSrc || hasEdge(r, k);
    if (!fromSrc)
      continue;
    if (hasEdge(k, dst))
      return true;
    reached.insert(k);
  }
  return false;
}

void MemRefDependenceGraph::print(std::ostream &os) const {
  auto printList = [&](const char *what, const std::vector<Value *> &list) {
    if (list.empty())
      return;
    os << ' ' << what;
    for (Value *v : list)
      os << ' ' << nameOf(v);
  };
  for (const MdgNode &n : nodes) {
    os << "node " << n.id << ": " << n.op->getName() << " at line "
       << n.op->getLoc().line << ':';
    printList("reads", n.reads);
    printList("writes", n.writes);
    printList("non-affine", n.nonAffine);
    if (n.touchesUnknownMemory)
      os << " unknown-memory";
    os << '\n';
  }
  for (const MdgEdge &e : edges) {
    os << "edge " << e.src << " -> " << e.dst << ": " << kindName(e.kind);
    if (e.memref)
      os << ' ' << nameOf(e.memref)
         << (isEscapingMemRef(e.memref) ? " (escaping)" : "");
    os << '\n';
  }
}

} // namespace affjit

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

void addIds(std::vector<unsigned> &out, const std::vector<unsigned> &ids) {
  out.insert(out.end(), ids.begin(), ids.end());
}

using Accessors = MemRefDependenceGraph::Accessors;

/// Inserts `id` into the ascending list `ids` (ids come mostly in order).
void insertSorted(std::vector<unsigned> &ids, unsigned id) {
  if (ids.empty() || ids.back() < id) {
    ids.push_back(id);
    return;
  }
  auto at = std::lower_bound(ids.begin(), ids.end(), id);
  if (at == ids.end() || *at != id)
    ids.insert(at, id);
}

void addAccessor(Accessors &a, Value *root, unsigned id) {
  insertSorted(a.byRoot[root], id);
  switch (getBufferOrigin(root)) {
  case BufferOrigin::Unknown:
    insertSorted(a.unknown, id);
    break;
  case BufferOrigin::Global:
    insertSorted(a.globals, id);
    break;
  case BufferOrigin::Argument:
    insertSorted(a.arguments, id);
    break;
  case BufferOrigin::Allocation:
    break;
  }
}

/// Maps the ids of `ids` through `newIdOfOld`, dropping the removed ones
/// (-1); the order is kept, since kept nodes keep their relative order.
void renumberIds(std::vector<unsigned> &ids,
                 const std::vector<int> &newIdOfOld) {
  size_t out = 0;
  for (unsigned id : ids)
    if (newIdOfOld[id] >= 0)
      ids[out++] = (unsigned)newIdOfOld[id];
  ids.resize(out);
}

void renumberAccessors(Accessors &a, const std::vector<int> &newIdOfOld) {
  for (auto it = a.byRoot.begin(); it != a.byRoot.end();) {
    renumberIds(it->second, newIdOfOld);
    it = it->second.empty() ? a.byRoot.erase(it) : std::next(it);
  }
  for (std::vector<unsigned> *ids : {&a.unknown, &a.globals, &a.arguments})
    renumberIds(*ids, newIdOfOld);
}

/// Every node an edge with a node accessing `root` may join (a superset,
/// with repeats); `all` when that may be any node. Two roots may be one
/// buffer only when they are the same value, one has an unknown origin,
/// or they are globals of one name or a global and an argument
/// (getBufferAlias; addEdges tells which alias).
void accessorsOf(Value *root, const Accessors &a, std::vector<unsigned> &out,
                 bool &all) {
  if (auto it = a.byRoot.find(root); it != a.byRoot.end())
    addIds(out, it->second);
  addIds(out, a.unknown);
  switch (getBufferOrigin(root)) {
  case BufferOrigin::Unknown:
    all = true;
    break;
  case BufferOrigin::Global:
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

MemRefDependenceGraph::MemRefDependenceGraph(Block &block) : block(&block) {
  for (auto &op : block.getOperations())
    if (op.get() != block.getTerminator()) {
      unsigned id = (unsigned)nodes.size();
      slotOfId.push_back(newSlot(op.get(), id));
      nodes.push_back(summarize(op.get(), id));
      index(nodes.back());
    }
  std::vector<bool> isFresh(nodes.size(), true);
  for (const MdgNode &n : nodes)
    addEdgesOf(n, isFresh, /*anyKept=*/false);
  indexSuccessors();
}

unsigned MemRefDependenceGraph::newSlot(const Operation *op, unsigned id) {
  unsigned slot;
  if (freeSlots.empty()) {
    slot = (unsigned)idOfSlot.size();
    idOfSlot.push_back(id);
  } else {
    slot = freeSlots.back();
    freeSlots.pop_back();
    idOfSlot[slot] = id;
  }
  slotOfOp[op] = slot;
  return slot;
}

void MemRefDependenceGraph::update(
    const std::unordered_set<const Operation *> &dirty) {
  // The nodes of dirty ops go; the ops still in the block come back fresh.
  std::vector<bool> removed(nodes.size(), false);
  for (const Operation *op : dirty)
    if (auto it = slotOfOp.find(op); it != slotOfOp.end()) {
      removed[idOfSlot[it->second]] = true;
      freeSlots.push_back(it->second);
      slotOfOp.erase(it);
    }
  std::vector<int> newIdOfOld(nodes.size(), -1);
  std::vector<MdgNode> old = std::move(nodes);
  std::vector<unsigned> oldSlots = std::move(slotOfId);
  nodes.clear();
  nodes.reserve(old.size() + dirty.size());
  slotOfId.clear();
  slotOfId.reserve(old.size() + dirty.size());
  std::vector<bool> isFresh;
  isFresh.reserve(old.size() + dirty.size());
  // Kept ops are in the block in their old order: walk both together.
  size_t next = 0;
  auto skipRemoved = [&] {
    while (next < old.size() && removed[next])
      ++next;
  };
  skipRemoved();
  for (auto &op : block->getOperations()) {
    if (op.get() == block->getTerminator())
      continue;
    unsigned id = (unsigned)nodes.size();
    bool kept = next < old.size() && old[next].op == op.get();
    isFresh.push_back(!kept);
    if (!kept) {
      slotOfId.push_back(newSlot(op.get(), id));
      nodes.push_back(summarize(op.get(), id));
      continue;
    }
    newIdOfOld[next] = (int)id;
    slotOfId.push_back(oldSlots[next]);
    idOfSlot[oldSlots[next]] = id;
    nodes.push_back(std::move(old[next]));
    nodes.back().id = id;
    ++next;
    skipRemoved();
  }
  // An op erased, moved or changed without being marked dirty breaks the
  // walk; the graph is then built afresh rather than left wrong.
  if (next != old.size()) {
    *this = MemRefDependenceGraph(*block);
    return;
  }
  renumber(newIdOfOld);
  for (const MdgNode &n : nodes)
    if (isFresh[n.id])
      index(n);
  bool anyKept =
      std::find(isFresh.begin(), isFresh.end(), false) != isFresh.end();
  for (const MdgNode &n : nodes)
    if (isFresh[n.id])
      addEdgesOf(n, isFresh, anyKept);
  indexSuccessors();
}

/// Keeps the edges between kept nodes and the index entries of kept
/// nodes, under their new ids.
void MemRefDependenceGraph::renumber(const std::vector<int> &newIdOfOld) {
  size_t out = 0;
  for (const MdgEdge &e : edges) {
    int src = newIdOfOld[e.src], dst = newIdOfOld[e.dst];
    if (src < 0 || dst < 0)
      continue;
    edges[out] = e;
    edges[out].src = (unsigned)src;
    edges[out].dst = (unsigned)dst;
    ++out;
  }
  edges.resize(out);
  renumberAccessors(readers, newIdOfOld);
  renumberAccessors(writers, newIdOfOld);
  renumberIds(unknownMemory, newIdOfOld);
}

void MemRefDependenceGraph::index(const MdgNode &node) {
  for (Value *root : node.reads)
    addAccessor(readers, root, node.id);
  for (Value *root : node.writes)
    addAccessor(writers, root, node.id);
  if (node.touchesUnknownMemory)
    insertSorted(unknownMemory, node.id);
}

namespace {

/// The ids of the nodes defining values `node`'s ops use (before it), and
/// if `withUsers` of the nodes using values it defines (after it), each
/// ascending.
std::pair<std::vector<unsigned>, std::vector<unsigned>>
valueNeighbours(const MdgNode &node, Block &block,
                const MemRefDependenceGraph &graph, bool withUsers) {
  std::vector<unsigned> defs, users;
  node.op->walk([&](Operation *inner) {
    for (Value *v : inner->getOperands())
      if (Operation *def = v->getDefiningOp(); def && def->getBlock() == &block)
        if (const MdgNode *n = graph.getNode(def); n && n->id < node.id)
          defs.push_back(n->id);
  });
  if (withUsers)
    for (Value *result : node.op->getResults())
      for (Operation *user : result->getUsers())
        if (Operation *a = user->findAncestorOpInBlock(block))
          if (const MdgNode *n = graph.getNode(a); n && n->id > node.id)
            users.push_back(n->id);
  for (std::vector<unsigned> *ids : {&defs, &users}) {
    std::sort(ids->begin(), ids->end());
    ids->erase(std::unique(ids->begin(), ids->end()), ids->end());
  }
  return {defs, users};
}

} // namespace

/// The edges between `node` (fresh) and the nodes before it, and the
/// nodes after it that are not fresh (their edges with `node` are made
/// when they are; `anyKept` says whether there are any), in order of the
/// other node. Only the pairs the indexes
/// of buffer accessors and of value uses propose are compared, since all
/// pairs of a long function are too many.
void MemRefDependenceGraph::addEdgesOf(const MdgNode &node,
                                       const std::vector<bool> &isFresh,
                                       bool anyKept) {
  bool all = node.touchesUnknownMemory;
  std::vector<unsigned> candidates;
  for (Value *root : node.reads)
    accessorsOf(root, writers, candidates, all);
  for (Value *root : node.writes) {
    accessorsOf(root, writers, candidates, all);
    accessorsOf(root, readers, candidates, all);
  }
  addIds(candidates, unknownMemory);
  auto [defs, users] = valueNeighbours(node, *block, *this, anyKept);
  addIds(candidates, defs);
  addIds(candidates, users);
  if (all) {
    candidates.resize(nodes.size());
    for (unsigned id = 0; id < nodes.size(); ++id)
      candidates[id] = id;
  }
  std::sort(candidates.begin(), candidates.end());
  candidates.erase(std::unique(candidates.begin(), candidates.end()),
                   candidates.end());
  RootSet reads(node.reads), writes(node.writes);
  for (unsigned id : candidates) {
    const MdgNode &other = nodes[id];
    if (id < node.id)
      addEdges(edges, other, node, reads, writes,
               std::binary_search(defs.begin(), defs.end(), id));
    else if (id > node.id && !isFresh[id])
      addEdges(edges, node, other, RootSet(other.reads), RootSet(other.writes),
               std::binary_search(users.begin(), users.end(), id));
  }
}

void MemRefDependenceGraph::indexSuccessors() {
  successorStart.assign(nodes.size() + 1, 0);
  for (const MdgEdge &e : edges)
    ++successorStart[e.src + 1];
  for (size_t id = 0; id < nodes.size(); ++id)
    successorStart[id + 1] += successorStart[id];
  successors.resize(edges.size());
  std::vector<unsigned> next(successorStart.begin(), successorStart.end() - 1);
  for (const MdgEdge &e : edges)
    successors[next[e.src]++] = e.dst;
  for (size_t id = 0; id < nodes.size(); ++id)
    std::sort(successors.begin() + successorStart[id],
              successors.begin() + successorStart[id + 1]);
}

MdgNode MemRefDependenceGraph::summarize(Operation *op, unsigned id) const {
  MdgNode node;
  node.id = id;
  node.op = op;
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
  return node;
}

const MdgNode *MemRefDependenceGraph::getNode(const Operation *op) const {
  auto it = slotOfOp.find(op);
  return it == slotOfOp.end() ? nullptr : &nodes[idOfSlot[it->second]];
}

std::vector<unsigned>
MemRefDependenceGraph::getNodesTouching(Value *root) const {
  std::vector<unsigned> ids;
  for (const Accessors *a : {&readers, &writers})
    if (auto it = a->byRoot.find(root); it != a->byRoot.end())
      addIds(ids, it->second);
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
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
  return std::binary_search(successors.begin() + successorStart[src],
                            successors.begin() + successorStart[src + 1], dst);
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
  // Edges by destination, then source: the order a graph built at once
  // has, whatever updates made this one.
  std::vector<MdgEdge> sorted = edges;
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const MdgEdge &a, const MdgEdge &b) {
                     return std::pair(a.dst, a.src) < std::pair(b.dst, b.src);
                   });
  for (const MdgEdge &e : sorted) {
    os << "edge " << e.src << " -> " << e.dst << ": " << kindName(e.kind);
    if (e.memref)
      os << ' ' << nameOf(e.memref)
         << (isEscapingMemRef(e.memref) ? " (escaping)" : "");
    os << '\n';
  }
}

} // namespace affjit

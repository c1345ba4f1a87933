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

/// Whether a root in `list` may be the buffer `root` is (MemoryEffects.h:
/// a global and an argument, say, may be one buffer).
bool containsAlias(const std::vector<Value *> &list, Value *root) {
  return std::any_of(list.begin(), list.end(),
                     [&](Value *v) { return mayAlias(v, root); });
}

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

/// Whether `later`'s op or an op nested in it uses a result of `earlier`.
bool usesResultOf(const MdgNode &earlier, const MdgNode &later) {
  for (Value *result : earlier.op->getResults())
    for (Operation *user : result->getUsers())
      if (user->findAncestorOpInBlock(*later.op->getBlock()) == later.op)
        return true;
  return false;
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

MemRefDependenceGraph::MemRefDependenceGraph(Block &block) {
  for (auto &op : block.getOperations())
    if (op.get() != block.getTerminator())
      addNode(op.get());
  for (size_t later = 0; later < nodes.size(); ++later)
    for (size_t earlier = 0; earlier < later; ++earlier)
      addEdges(nodes[earlier], nodes[later]);
}

void MemRefDependenceGraph::addNode(Operation *op) {
  MdgNode node;
  node.id = (unsigned)nodes.size();
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
  nodes.push_back(std::move(node));
}

void MemRefDependenceGraph::addEdges(const MdgNode &earlier,
                                     const MdgNode &later) {
  auto add = [&](Value *memref, MdgDependence kind) {
    edges.push_back({earlier.id, later.id, memref, kind});
  };
  if ((earlier.touchesUnknownMemory && touchesMemory(later)) ||
      (later.touchesUnknownMemory && touchesMemory(earlier)))
    add(nullptr, MdgDependence::Unknown);
  for (Value *w : earlier.writes) {
    if (containsAlias(later.reads, w))
      add(w, MdgDependence::ReadAfterWrite);
    if (containsAlias(later.writes, w))
      add(w, MdgDependence::WriteAfterWrite);
  }
  for (Value *r : earlier.reads)
    if (containsAlias(later.writes, r))
      add(r, MdgDependence::WriteAfterRead);
  if (usesResultOf(earlier, later))
    add(nullptr, MdgDependence::Value);
}

const MdgNode *MemRefDependenceGraph::getNode(const Operation *op) const {
  for (const MdgNode &n : nodes)
    if (n.op == op)
      return &n;
  return nullptr;
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
  return std::any_of(edges.begin(), edges.end(), [&](const MdgEdge &e) {
    return e.src == src && e.dst == dst;
  });
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

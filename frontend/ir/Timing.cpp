// The compile timing tree (Timing.h).
#include "frontend/ir/Timing.h"

#include <cstdio>

namespace affjit {

TimingTree::TimingTree() = default;

TimingTree::Scope::Scope(TimingTree *tree, Node *node, bool timed)
    : tree(tree), node(node), timed(timed),
      start(std::chrono::steady_clock::now()) {}

TimingTree::Scope::Scope(Scope &&other) noexcept
    : tree(other.tree), node(other.node), timed(other.timed),
      start(other.start) {
  other.tree = nullptr;
}

TimingTree::Scope &TimingTree::Scope::operator=(Scope &&other) noexcept {
  if (this != &other) {
    stop();
    tree = other.tree;
    node = other.node;
    timed = other.timed;
    start = other.start;
    other.tree = nullptr;
  }
  return *this;
}

void TimingTree::Scope::stop() {
  if (!tree)
    return;
  std::chrono::duration<double> elapsed =
      std::chrono::steady_clock::now() - start;
  if (timed)
    node->seconds += elapsed.count();
  ++node->count;
  // Scopes end in the reverse order of their start, so the phase that ends
  // is the innermost one.
  tree->current = node->parent;
  tree = nullptr;
}

TimingTree::Node *TimingTree::child(std::string_view name) {
  for (auto &c : current->children)
    if (c->name == name)
      return c.get();
  current->children.push_back(std::make_unique<Node>());
  Node *node = current->children.back().get();
  node->name = std::string(name);
  node->parent = current;
  return node;
}

TimingTree::Scope TimingTree::scope(std::string_view name) {
  Node *node = child(name);
  current = node;
  return Scope(this, node, true);
}

TimingTree::Scope TimingTree::scope(std::string_view name, double seconds) {
  Node *node = child(name);
  node->seconds += seconds;
  current = node;
  return Scope(this, node, false);
}

void TimingTree::add(std::string_view name, double seconds, unsigned count) {
  Node *node = child(name);
  node->seconds += seconds;
  node->count += count;
}

CompileTimes TimingTree::times() const {
  CompileTimes out;
  struct Walker {
    std::vector<CompilePhaseTime> &out;
    void walk(const Node &node, unsigned depth) {
      for (const auto &c : node.children) {
        out.push_back({c->name, depth, c->seconds, c->count});
        walk(*c, depth + 1);
      }
    }
  };
  Walker{out.phases}.walk(root, 0);
  return out;
}

double CompileTimes::totalSeconds() const {
  double total = 0;
  for (const CompilePhaseTime &phase : phases)
    if (phase.depth == 0)
      total += phase.seconds;
  return total;
}

// mlir-opt's -mlir-timing layout.
std::string CompileTimes::report() const {
  double total = totalSeconds();
  std::string out = "===" + std::string(73, '-') + "===\n" +
                    "                      affjit compile time report\n" +
                    "===" + std::string(73, '-') + "===\n";
  char line[256];
  std::snprintf(line, sizeof line, "  Total wall time: %.4f seconds\n\n",
                total);
  out += line;
  out += "  ----Wall Time----  ----Name----\n";
  for (const CompilePhaseTime &row : phases) {
    double share = total > 0 ? 100.0 * row.seconds / total : 0.0;
    std::snprintf(line, sizeof line, "  %8.4f (%5.1f%%)  %s%s", row.seconds,
                  share, std::string(2 * row.depth, ' ').c_str(),
                  row.name.c_str());
    out += line;
    if (row.count > 1)
      out += " (" + std::to_string(row.count) + "x)";
    out += "\n";
  }
  return out;
}

} // namespace affjit

// Wall-clock timing of a compile's phases as a tree (`--time-passes`, like
// mlir-opt's -mlir-timing): parse, verify, each pass, lowering, LLVM's
// optimization and code generation, linking. A phase is timed by a Scope
// held while it runs; scopes nest, and a phase entered twice under the same
// parent (a pass run in two places, an LLVM pass on every function)
// accumulates into one row. One tree is filled by one thread; work done on
// other threads is added as finished durations with add(). A null tree
// times nothing, so callers pass `TimingTree *` through unconditionally.
#pragma once

#include "affjit/CompileTimes.h"

#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace affjit {

class TimingTree {
  struct Node {
    std::string name;
    double seconds = 0;
    unsigned count = 0;
    Node *parent = nullptr;
    std::vector<std::unique_ptr<Node>> children;
  };

public:
  /// Times one phase from its creation to its destruction (or stop()).
  class [[nodiscard]] Scope {
  public:
    Scope() = default;
    Scope(Scope &&other) noexcept;
    Scope &operator=(Scope &&other) noexcept;
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;
    ~Scope() { stop(); }
    void stop();

  private:
    friend class TimingTree;
    Scope(TimingTree *tree, Node *node, bool timed);
    TimingTree *tree = nullptr;
    Node *node = nullptr;
    bool timed = true;
    std::chrono::steady_clock::time_point start;
  };

  TimingTree();
  TimingTree(const TimingTree &) = delete;
  TimingTree &operator=(const TimingTree &) = delete;

  /// Starts `name` under the innermost running phase.
  Scope scope(std::string_view name);
  /// Enters `name`, a phase that took `seconds` elsewhere (on other
  /// threads), to add its parts; the scope adds no time of its own.
  Scope scope(std::string_view name, double seconds);
  /// Adds a finished duration as `name` under the innermost running phase
  /// (work timed elsewhere, e.g. on another thread), run `count` times.
  void add(std::string_view name, double seconds, unsigned count = 1);
  /// The phases so far.
  CompileTimes times() const;

private:
  Node *child(std::string_view name);
  Node root;
  Node *current = &root;
};

/// Times `name` in `tree` when there is one.
inline TimingTree::Scope timePhase(TimingTree *tree, std::string_view name) {
  return tree ? tree->scope(name) : TimingTree::Scope();
}

} // namespace affjit

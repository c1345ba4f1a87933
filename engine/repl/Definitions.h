// The REPL's program: the functions and globals defined so far, each taken
// from the chunk of text (a :load-ed file, or MLIR typed at the prompt) that
// defined it last. A chunk replaces the symbols it redefines and is accepted
// only if the whole program still verifies, so a bad definition never
// replaces a good one and callers stay consistent with their callees.
#pragma once

#include "frontend/ir/Diagnostics.h"
#include "frontend/ir/IR.h"
#include "frontend/parse/Parser.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace affjit::repl {

/// What a chunk did to the program.
struct DefinitionChange {
  std::vector<std::string> added, replaced;
  /// `#name`/`!name` aliases defined or redefined; later chunks see them.
  std::vector<std::string> aliases;
};

class Definitions {
public:
  /// Parses `text` (a module or top-level ops; `name` is its buffer name in
  /// diagnostics) and verifies it together with the current definitions.
  /// On success its symbols are defined and the change is returned; on
  /// failure nothing changes and `errors` holds the diagnostics.
  std::optional<DefinitionChange> define(std::string text, std::string name,
                                         std::string &errors);
  /// A new module holding a copy of every definition, in the order they
  /// were first defined; `diag` gets their buffers for caret lines.
  std::unique_ptr<Module> buildModule(DiagnosticEngine *diag = nullptr) const;
  /// The defined function (with a body) named `name`, or null.
  Operation *lookupFunction(const std::string &name) const;
  /// Names of the functions with bodies, in definition order.
  std::vector<std::string> functionNames() const;
  /// Everything the compiled program depends on (each definition's buffer
  /// name and text), as a key for the JIT's object cache.
  std::string fingerprint() const;
  /// Increments whenever the program changes (for compile-on-change).
  unsigned getGeneration() const { return generation; }

private:
  struct Chunk {
    SourceBuffer source;
    std::unique_ptr<Module> module;
  };
  struct Symbol {
    std::shared_ptr<Chunk> chunk;
    Operation *op;
  };
  using SymbolTable = std::map<std::string, Symbol>;
  std::optional<SymbolTable> merge(const std::shared_ptr<Chunk> &chunk,
                                   DiagnosticEngine &diag) const;
  std::unique_ptr<Module> assemble(const SymbolTable &table,
                                   const std::vector<std::string> &order,
                                   DiagnosticEngine *diag) const;
  SymbolTable symbols;
  std::vector<std::string> order;
  AliasTable aliases;
  unsigned generation = 0;
};

} // namespace affjit::repl

// The REPL's program of definitions (Definitions.h).
#include "engine/repl/Definitions.h"

#include "engine/Pipeline.h"
#include "frontend/ir/FuncOps.h"
#include "frontend/verify/Verifier.h"

#include <algorithm>
#include <set>
#include <sstream>
#include <unordered_map>

namespace affjit::repl {

namespace {

std::string symbolName(const Operation &op) {
  Attribute sym = getSymbolNameAttr(op);
  return sym ? sym.getString() : "";
}

bool isFunctionDefinition(Operation &op) {
  return op.isa("func.func") && !op.getRegion(0).empty();
}

std::string formatted(const DiagnosticEngine &diag) {
  std::ostringstream os;
  diag.print(os);
  return os.str();
}

/// Names of the aliases `after` defines anew or differently than `before`.
std::vector<std::string> definedAliases(const AliasTable &before,
                                        const AliasTable &after) {
  std::vector<std::string> names;
  for (const auto &[name, value] : after.attrs) {
    auto it = before.attrs.find(name);
    if (it == before.attrs.end() || it->second != value)
      names.push_back(name);
  }
  for (const auto &[name, type] : after.types) {
    auto it = before.types.find(name);
    if (it == before.types.end() || it->second != type)
      names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

} // namespace

std::optional<Definitions::SymbolTable>
Definitions::merge(const std::shared_ptr<Chunk> &chunk,
                   DiagnosticEngine &diag) const {
  SymbolTable table = symbols;
  std::set<std::string> inChunk;
  bool ok = true;
  for (auto &op : chunk->module->getBody().getOperations()) {
    std::string name = symbolName(*op);
    if (!name.empty() && !inChunk.insert(name).second) {
      diag.error(op->getLoc(), "redefinition of symbol named '" + name + "'");
      ok = false;
      continue;
    }
    if (name.empty()) {
      diag.error(op->getLoc(), "'" + op->getName() +
                                   "' cannot be defined at the top level of "
                                   "a session (func.func and memref.global "
                                   "can)");
      ok = false;
      continue;
    }
    auto it = table.find(name);
    // Declaring a function the session defines (to call it) keeps the
    // definition; the verifier then checks the call against it.
    bool keepsDefinition = it != table.end() && op->isa("func.func") &&
                           op->getRegion(0).empty() &&
                           isFunctionDefinition(*it->second.op);
    if (keepsDefinition) {
      if (FuncOp(op.get()).getFunctionTypeAttr() !=
          FuncOp(it->second.op).getFunctionTypeAttr()) {
        diag.error(op->getLoc(), "declaration of @" + name +
                                     " does not match its definition");
        ok = false;
      }
      continue;
    }
    table[name] = Symbol{chunk, op.get()};
  }
  if (!ok)
    return std::nullopt;
  return table;
}

std::unique_ptr<Module>
Definitions::assemble(const SymbolTable &table,
                      const std::vector<std::string> &names,
                      DiagnosticEngine *diag) const {
  auto module = std::make_unique<Module>();
  std::set<const Chunk *> seen;
  for (const std::string &name : names) {
    const Symbol &sym = table.at(name);
    std::unordered_map<Value *, Value *> mapping;
    module->getBody().push_back(sym.op->clone(mapping));
    if (diag && seen.insert(sym.chunk.get()).second)
      diag->addSource(&sym.chunk->source);
  }
  return module;
}

std::optional<DefinitionChange>
Definitions::define(std::string text, std::string name, std::string &errors) {
  auto chunk = std::make_shared<Chunk>();
  chunk->source.name = std::make_shared<const std::string>(std::move(name));
  chunk->source.text = std::move(text);
  DiagnosticEngine diag;
  AliasTable newAliases = aliases;
  chunk->module = parseSource(chunk->source, diag, &newAliases);
  std::optional<SymbolTable> table;
  if (chunk->module && !diag.hadError())
    table = merge(chunk, diag);
  if (!table) {
    errors = formatted(diag);
    return std::nullopt;
  }
  DefinitionChange change;
  std::vector<std::string> newOrder = order;
  for (auto &op : chunk->module->getBody().getOperations()) {
    std::string sym = symbolName(*op);
    if (table->at(sym).op != op.get())
      continue; // a declaration of a defined function
    if (symbols.count(sym))
      change.replaced.push_back(sym);
    else
      newOrder.push_back(sym), change.added.push_back(sym);
  }
  diag.clear();
  std::unique_ptr<Module> program = assemble(*table, newOrder, &diag);
  if (!verifyModule(*program, diag)) {
    errors = formatted(diag);
    return std::nullopt;
  }
  change.aliases = definedAliases(aliases, newAliases);
  symbols = std::move(*table);
  order = std::move(newOrder);
  aliases = std::move(newAliases);
  ++generation;
  return change;
}

std::unique_ptr<Module> Definitions::buildModule(DiagnosticEngine *diag) const {
  return assemble(symbols, order, diag);
}

Operation *Definitions::lookupFunction(const std::string &name) const {
  auto it = symbols.find(name);
  if (it == symbols.end() || !isFunctionDefinition(*it->second.op))
    return nullptr;
  return it->second.op;
}

std::string Definitions::fingerprint() const {
  std::string key;
  for (const std::string &name : order) {
    const Chunk &chunk = *symbols.at(name).chunk;
    key += name + '\0' + *chunk.source.name + '\0' + chunk.source.text + '\0';
  }
  return key;
}

std::vector<std::string> Definitions::functionNames() const {
  std::vector<std::string> names;
  for (const std::string &name : order)
    if (lookupFunction(name))
      names.push_back(name);
  return names;
}

} // namespace affjit::repl

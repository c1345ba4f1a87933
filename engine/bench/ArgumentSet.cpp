// Argument sets of benchmarked calls (ArgumentSet.h).
#include "engine/bench/ArgumentSet.h"

#include "engine/api/ArgumentCheck.h"
#include "engine/bench/InputFill.h"

#include <cstring>

namespace affjit::bench {

Expected<ArgumentSet> ArgumentSet::allocate(const std::vector<ParamSpec> &ps) {
  ArgumentSet set;
  set.params = ps;
  for (const ParamSpec &p : ps) {
    if (!p.isMemRef) {
      detail::Argument a{detail::Argument::Kind::Scalar, p.kind};
      a.value = p.value;
      set.memrefs.push_back(nullptr);
      set.args.push_back(a);
      continue;
    }
    auto buffer = ArgumentBuffer::create(p.name, p.kind, p.shape);
    if (!buffer)
      return buffer.error();
    set.args.push_back((*buffer)->asArgument());
    set.memrefs.push_back(std::move(*buffer));
  }
  return set;
}

Expected<ArgumentSet>
ArgumentSet::generate(const std::vector<ParamSpec> &params,
                      const BenchmarkInputs &inputs) {
  Expected<ArgumentSet> set = allocate(params);
  if (!set)
    return set;
  for (size_t i = 0; i < set->memrefs.size(); ++i)
    if (set->memrefs[i])
      fillInput(*set->memrefs[i], i, inputs);
  return set;
}

Expected<ArgumentSet>
ArgumentSet::copyOf(const std::vector<ParamSpec> &params,
                    std::span<const detail::Argument> args) {
  Expected<ArgumentSet> set = allocate(params);
  if (!set)
    return set;
  for (size_t i = 0; i < set->memrefs.size(); ++i) {
    ArgumentBuffer *b = set->memrefs[i].get();
    if (!b)
      continue;
    // {basePtr, data, offset, ...}: elements start at data + offset.
    const auto *descriptor = static_cast<const int64_t *>(args[i].descriptor);
    const char *data = reinterpret_cast<const char *>(descriptor[1]) +
                       descriptor[2] * (int64_t)elementBytes(b->getElement());
    std::memcpy(b->getData(), data, b->getBytes());
  }
  return set;
}

Expected<ArgumentSet> ArgumentSet::clone() const {
  Expected<ArgumentSet> copy = allocate(params);
  if (!copy)
    return copy;
  copy->restoreFrom(*this, {});
  return copy;
}

void ArgumentSet::restoreFrom(const ArgumentSet &inputs,
                              const std::vector<bool> &which) {
  for (size_t i = 0; i < memrefs.size(); ++i)
    if (memrefs[i] && (which.empty() || which[i]))
      memrefs[i]->copyFrom(*inputs.memrefs[i]);
}

void ArgumentSet::flushFromCaches() const {
  for (const auto &b : memrefs)
    if (b)
      b->flushFromCaches();
}

std::vector<BenchmarkBuffer> ArgumentSet::views() {
  std::vector<BenchmarkBuffer> out;
  for (const auto &b : memrefs)
    if (b)
      out.push_back(BenchmarkBuffer{b->getName(), b->getElement(),
                                    b->getShape(), b->getData(),
                                    b->getBytes()});
  return out;
}

} // namespace affjit::bench

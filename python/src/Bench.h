// affjit.bench's C++ half (Bench.cpp).
#pragma once

#include <pybind11/pybind11.h>

#include <string>

namespace affjit::python {

/// Benchmarks `function` of `text` with the options _bench.py passes
/// (pipelines, dims, sizes, scalars, seed, ...), without the GIL: (True,
/// the result as dicts and lists) or (False, the error's message).
pybind11::tuple benchmarkFunction(const std::string &text,
                                  const std::string &function,
                                  const pybind11::dict &options);

/// The target model `cpu`, `mattr` and `caches` name, as the `target`
/// object of the bench report (cpu, vector_features, vector_bits, l1, ...);
/// ValueError for an unknown name or a bad value.
pybind11::dict targetModel(const std::string &cpu, const std::string &mattr,
                           const std::string &caches);

} // namespace affjit::python

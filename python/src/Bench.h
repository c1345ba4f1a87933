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

} // namespace affjit::python

// MLIR 19's dependence analysis as a test oracle: runs
// `mlir-opt -test-memref-dependence-check` on a file and collects its
// `dependence from I to J at depth D = ...` remark lines.
#pragma once

#include <string>
#include <vector>

namespace affjit::test {

/// Path of MLIR 19's mlir-opt (AFFJIT_LLVM_BIN when the build defines it,
/// else /usr/lib/llvm-19/bin).
std::string mlirOptPath();

/// Whether mlir-opt exists and is executable.
bool mlirAvailable();

/// Path of shared/tools/run-mlir next to the source tree (MLIR's lowering
/// and mlir-cpu-runner on a file); it may be missing outside CI.
std::string runMlirScript();

/// Runner output with each buffer address (`base@ = 0x...`) replaced by
/// `0xADDR`, so two runs of a program compare equal.
std::string maskMemrefAddresses(const std::string &output);

/// Runs `mlir-opt PATH -o /dev/null`; true when it exits 0. On failure its
/// stderr goes to `diagnostics` (if given).
bool mlirAccepts(const std::string &path, std::string *diagnostics = nullptr);

/// The lines `PATH:LINE:COL: remark: dependence from I to J at depth D = ...`
/// of `mlir-opt -test-memref-dependence-check PATH -o /dev/null`, in order,
/// without the source, caret and note lines. mlir-opt's exit status goes to
/// `exitCode` (if given); its other stderr lines to `otherOutput`.
std::vector<std::string>
mlirDependenceRemarks(const std::string &path, int *exitCode = nullptr,
                      std::string *otherOutput = nullptr);

} // namespace affjit::test

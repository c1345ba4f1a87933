// Conversions to bfloat16 that LLVM calls as the compiler-runtime helpers
// `__truncsfbf2` and `__truncdfbf2` wherever the CPU has no instruction for
// them (x86 without AVX512-BF16). Neither libgcc 12 nor the process defines
// them, so the runtime's symbol table gives the JIT these under those names.
// Both round once, to nearest with ties to even (f64 does not round through
// f32 first), as LLVM's own vector expansion and mlir-cpu-runner do.
#pragma once

#include <cstdint>

extern "C" {

/// The x86-64 psABI passes a bfloat16 in the low 16 bits of an SSE
/// register, as it does a float in the low 32: returning a float whose low
/// half holds the bfloat16's bits is returning that bfloat16.
using affjit_rt_bf16_abi = float;

/// Hidden: the JIT reaches them through the symbol table, and libaffjit.so
/// exports only what include/affjit/Runtime.h declares.
__attribute__((visibility("hidden"))) affjit_rt_bf16_abi
affjit_rt_truncate_f32_to_bf16(float value);
__attribute__((visibility("hidden"))) affjit_rt_bf16_abi
affjit_rt_truncate_f64_to_bf16(double value);

} // extern "C"

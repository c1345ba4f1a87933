// The runtime's name -> address table. The engine defines these symbols in
// the JIT from here, which (a) does not depend on the executable exporting
// them (-rdynamic) and (b) references every runtime object file, so the
// static library's members are all linked in.
#include "affjit/Runtime.h"
#include "runtime/BFloat16.h"

namespace {

template <typename F> affjit_rt_symbol entry(const char *name, F *fn) {
  return {name, reinterpret_cast<void *>(fn)};
}

#define AFFJIT_RT_SYMBOL(NAME) entry(#NAME, &NAME)

const affjit_rt_symbol symbols[] = {
    AFFJIT_RT_SYMBOL(affjit_rt_set_error_handler),
    AFFJIT_RT_SYMBOL(affjit_rt_aligned_alloc),
    AFFJIT_RT_SYMBOL(affjit_rt_free),
    AFFJIT_RT_SYMBOL(affjit_rt_dma_start),
    AFFJIT_RT_SYMBOL(affjit_rt_dma_wait),
    AFFJIT_RT_SYMBOL(affjit_rt_dma_pending),
    AFFJIT_RT_SYMBOL(affjit_rt_dma_reset),
    AFFJIT_RT_SYMBOL(affjit_rt_out_of_bounds),
    AFFJIT_RT_SYMBOL(affjit_rt_memref_copy),
    AFFJIT_RT_SYMBOL(affjit_rt_parallel_for),
    AFFJIT_RT_SYMBOL(affjit_rt_available_cores),
    AFFJIT_RT_SYMBOL(affjit_rt_in_parallel_region),
    AFFJIT_RT_SYMBOL(affjit_rt_trace_nest_begin),
    AFFJIT_RT_SYMBOL(affjit_rt_trace_nest_end),
    AFFJIT_RT_SYMBOL(affjit_rt_trace_access),
    AFFJIT_RT_SYMBOL(printI64),
    AFFJIT_RT_SYMBOL(printU64),
    AFFJIT_RT_SYMBOL(printF32),
    AFFJIT_RT_SYMBOL(printF64),
    AFFJIT_RT_SYMBOL(printString),
    AFFJIT_RT_SYMBOL(printOpen),
    AFFJIT_RT_SYMBOL(printClose),
    AFFJIT_RT_SYMBOL(printComma),
    AFFJIT_RT_SYMBOL(printNewline),
    AFFJIT_RT_SYMBOL(printFlops),
    AFFJIT_RT_SYMBOL(rtclock),
    AFFJIT_RT_SYMBOL(_mlir_ciface_nanoTime),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemrefI8),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemrefI16),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemrefI32),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemrefI64),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemrefF32),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemrefF64),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemrefInd),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemrefShapeI8),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemrefShapeI32),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemrefShapeI64),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemrefShapeF32),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemrefShapeF64),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemrefShapeInd),
    AFFJIT_RT_SYMBOL(printMemrefI8),
    AFFJIT_RT_SYMBOL(printMemrefI16),
    AFFJIT_RT_SYMBOL(printMemrefI32),
    AFFJIT_RT_SYMBOL(printMemrefI64),
    AFFJIT_RT_SYMBOL(printMemrefF32),
    AFFJIT_RT_SYMBOL(printMemrefF64),
    AFFJIT_RT_SYMBOL(printMemrefInd),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemref0dF32),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemref1dF32),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemref2dF32),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemref3dF32),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemref4dF32),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemref1dI8),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemref1dI32),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemref1dI64),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemref1dF64),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemref1dInd),
    AFFJIT_RT_SYMBOL(_mlir_ciface_printMemrefVector4x4xf32),
    // LLVM's names for the helpers it calls (see BFloat16.h).
    entry("__truncsfbf2", &affjit_rt_truncate_f32_to_bf16),
    entry("__truncdfbf2", &affjit_rt_truncate_f64_to_bf16),
};

#undef AFFJIT_RT_SYMBOL

} // namespace

extern "C" const affjit_rt_symbol *affjit_rt_symbols(int64_t *count) {
  if (count)
    *count = (int64_t)(sizeof(symbols) / sizeof(symbols[0]));
  return symbols;
}

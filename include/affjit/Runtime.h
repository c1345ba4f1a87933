// The C entry points of affjit's runtime library (runtime/): the functions
// JIT-compiled code calls. Three groups:
//   * affjit_rt_*: error hook, aligned allocation (memref.alloc, seed 004),
//     DMA emulation (affine/memref dma_start/dma_wait, seeds 000 and 004),
//     the out-of-bounds report of checked code, parallel loops and the
//     traffic measurement's hooks;
//   * MLIR 19 runner-utils compatible printing/timing (printMemrefF32,
//     printF64, rtclock, ...): same names, signatures and byte-identical
//     output as libmlir_runner_utils.so / libmlir_c_runner_utils.so;
//   * affjit_rt_symbols(): every name above with its address, so the engine
//     can define them in the JIT directly (the runtime is a static library, so
//     unreferenced objects would otherwise never be linked in).
#pragma once

#include "affjit/MemRef.h"

#include <cstdint>

#define AFFJIT_RT_EXPORT __attribute__((visibility("default")))

extern "C" {

//===-- errors ------------------------------------------------------------===//

/// Called with a one-line message (no trailing newline) when generated code
/// misuses the runtime (bad alignment, DMA tag misuse, ...).
typedef void (*affjit_rt_error_handler_t)(const char *message, void *userData);

/// Installs `handler` (nullptr restores the default, which flushes stdout,
/// prints "affjit runtime error: <message>" on stderr and exits with status
/// 1). If a handler returns, the failing call returns without side effects
/// (allocation returns nullptr, a DMA is not started/completed) — meant for
/// tests; an engine running real code should not return into it.
AFFJIT_RT_EXPORT void
affjit_rt_set_error_handler(affjit_rt_error_handler_t handler, void *userData);

//===-- allocation (memref.alloc / memref.dealloc)
//--------------------------===//

/// `size` bytes aligned to `alignment` (a power of two up to 2^30; 0 means
/// the default of 16). Negative sizes, bad alignments and exhausted memory
/// are reported through the error handler. A 0-byte request returns a
/// zero-filled block of `alignment` bytes so that MLIR-compatible printing
/// of an empty memref (which reads its first element) stays harmless.
AFFJIT_RT_EXPORT void *affjit_rt_aligned_alloc(int64_t size, int64_t alignment);
/// Frees memory from affjit_rt_aligned_alloc; nullptr is a no-op.
AFFJIT_RT_EXPORT void affjit_rt_free(void *ptr);
/// memref.copy of unranked memrefs of equal shape, elements of `elemSize`
/// bytes, any strides.
AFFJIT_RT_EXPORT void affjit_rt_memref_copy(int64_t elemSize,
                                            affjit::UnrankedMemRef *src,
                                            affjit::UnrankedMemRef *dst);

//===-- DMA emulation (dma_start / dma_wait)
//--------------------------------===//

/// Starts a transfer of `numElements` elements of `elemSize` bytes from `src`
/// to `dst` (addresses of the first elements), completing on
/// affjit_rt_dma_wait(tag, numElements).
///
/// Non-strided: stride == 0 and eltsPerStride == 0; one contiguous copy.
/// Strided: eltsPerStride > 0 elements are moved per chunk, chunk k starting
/// k * stride elements from the start on the *strided side* and
/// k * eltsPerStride elements on the other (packed) side. Per the seeds the
/// strided side is the slower memory space (lower id): the caller passes
/// strideOnSource = (srcSpace <= dstSpace). Only bit 0 of strideOnSource is
/// read, so generated code may pass an i1 without zeroext.
///
/// Errors: negative counts/sizes, numElements not a multiple of
/// eltsPerStride, a stride without eltsPerStride (or the reverse),
/// overlapping destination chunks, overlapping source and destination,
/// null pointers, and a tag that already has a transfer in flight (see
/// runtime/Dma.cpp for why that is an error rather than a queue).
AFFJIT_RT_EXPORT void affjit_rt_dma_start(const void *src, void *dst,
                                          int64_t numElements, int64_t elemSize,
                                          int64_t stride, int64_t eltsPerStride,
                                          int32_t strideOnSource, void *tag);
/// Completes the transfer in flight on `tag`; errors if none is, or if
/// `numElements` differs from the one given to dma_start.
AFFJIT_RT_EXPORT void affjit_rt_dma_wait(void *tag, int64_t numElements);
/// Number of transfers started and not yet waited on (an engine can report
/// leaked transfers after a run).
AFFJIT_RT_EXPORT int64_t affjit_rt_dma_pending(void);
/// Forgets all in-flight transfers (between independent runs).
AFFJIT_RT_EXPORT void affjit_rt_dma_reset(void);

//===-- checked code (runtime/BoundsCheck.cpp)
//------------------------------===//

[[noreturn]] AFFJIT_RT_EXPORT void
affjit_rt_out_of_bounds(const char *file, int64_t line, int64_t col,
                        int64_t dim, int64_t index, int64_t size);

//===-- MLIR 19 c_runner_utils: scalars, timing
//------------------------------===//

AFFJIT_RT_EXPORT void printI64(int64_t i);
AFFJIT_RT_EXPORT void printU64(uint64_t u);
AFFJIT_RT_EXPORT void printF32(float f);
AFFJIT_RT_EXPORT void printF64(double d);
AFFJIT_RT_EXPORT void printString(char const *s);
AFFJIT_RT_EXPORT void printOpen(void);
AFFJIT_RT_EXPORT void printClose(void);
AFFJIT_RT_EXPORT void printComma(void);
AFFJIT_RT_EXPORT void printNewline(void);
/// Prints "<flops / 1e9> GFLOPS" on stderr.
AFFJIT_RT_EXPORT void printFlops(double flops);
/// Seconds since the epoch (wall clock, microsecond resolution).
AFFJIT_RT_EXPORT double rtclock(void);

//===-- MLIR 19 runner_utils: memref printing
//-------------------------------===//

// Unranked, C-interface form (what `llvm.emit_c_interface` callers use). Note
// that, exactly like MLIR, i8 elements are streamed as characters.
AFFJIT_RT_EXPORT void _mlir_ciface_printMemrefI8(affjit::UnrankedMemRef *m);
AFFJIT_RT_EXPORT void _mlir_ciface_printMemrefI16(affjit::UnrankedMemRef *m);
AFFJIT_RT_EXPORT void _mlir_ciface_printMemrefI32(affjit::UnrankedMemRef *m);
AFFJIT_RT_EXPORT void _mlir_ciface_printMemrefI64(affjit::UnrankedMemRef *m);
AFFJIT_RT_EXPORT void _mlir_ciface_printMemrefF32(affjit::UnrankedMemRef *m);
AFFJIT_RT_EXPORT void _mlir_ciface_printMemrefF64(affjit::UnrankedMemRef *m);
AFFJIT_RT_EXPORT void _mlir_ciface_printMemrefInd(affjit::UnrankedMemRef *m);

AFFJIT_RT_EXPORT void
_mlir_ciface_printMemrefShapeI8(affjit::UnrankedMemRef *m);
AFFJIT_RT_EXPORT void
_mlir_ciface_printMemrefShapeI32(affjit::UnrankedMemRef *m);
AFFJIT_RT_EXPORT void
_mlir_ciface_printMemrefShapeI64(affjit::UnrankedMemRef *m);
AFFJIT_RT_EXPORT void
_mlir_ciface_printMemrefShapeF32(affjit::UnrankedMemRef *m);
AFFJIT_RT_EXPORT void
_mlir_ciface_printMemrefShapeF64(affjit::UnrankedMemRef *m);
AFFJIT_RT_EXPORT void
_mlir_ciface_printMemrefShapeInd(affjit::UnrankedMemRef *m);

// Unranked, bare-pointer form: a memref<*xT> argument expands to
// (rank, descriptor pointer). printMemrefI8/I16 are affjit additions (MLIR 19
// only has them in the _mlir_ciface_ form).
AFFJIT_RT_EXPORT void printMemrefI8(int64_t rank, void *descriptor);
AFFJIT_RT_EXPORT void printMemrefI16(int64_t rank, void *descriptor);
AFFJIT_RT_EXPORT void printMemrefI32(int64_t rank, void *descriptor);
AFFJIT_RT_EXPORT void printMemrefI64(int64_t rank, void *descriptor);
AFFJIT_RT_EXPORT void printMemrefF32(int64_t rank, void *descriptor);
AFFJIT_RT_EXPORT void printMemrefF64(int64_t rank, void *descriptor);
AFFJIT_RT_EXPORT void printMemrefInd(int64_t rank, void *descriptor);

// Ranked forms (header says "Memref" instead of "Unranked Memref").
AFFJIT_RT_EXPORT void
_mlir_ciface_printMemref0dF32(affjit::StridedMemRef<float, 0> *m);
AFFJIT_RT_EXPORT void
_mlir_ciface_printMemref1dF32(affjit::StridedMemRef<float, 1> *m);
AFFJIT_RT_EXPORT void
_mlir_ciface_printMemref2dF32(affjit::StridedMemRef<float, 2> *m);
AFFJIT_RT_EXPORT void
_mlir_ciface_printMemref3dF32(affjit::StridedMemRef<float, 3> *m);
AFFJIT_RT_EXPORT void
_mlir_ciface_printMemref4dF32(affjit::StridedMemRef<float, 4> *m);
AFFJIT_RT_EXPORT void
_mlir_ciface_printMemref1dI8(affjit::StridedMemRef<int8_t, 1> *m);
AFFJIT_RT_EXPORT void
_mlir_ciface_printMemref1dI32(affjit::StridedMemRef<int32_t, 1> *m);
AFFJIT_RT_EXPORT void
_mlir_ciface_printMemref1dI64(affjit::StridedMemRef<int64_t, 1> *m);
AFFJIT_RT_EXPORT void
_mlir_ciface_printMemref1dF64(affjit::StridedMemRef<double, 1> *m);
AFFJIT_RT_EXPORT void
_mlir_ciface_printMemref1dInd(affjit::StridedMemRef<uint64_t, 1> *m);
/// A 2-D memref of vector<4x4xf32> (runner_utils' Vector2D<4, 4, float>).
AFFJIT_RT_EXPORT void _mlir_ciface_printMemrefVector4x4xf32(void *descriptor);

/// Nanoseconds from std::chrono::high_resolution_clock.
AFFJIT_RT_EXPORT int64_t _mlir_ciface_nanoTime(void);

//===-- parallel loops (affine.parallel, the `parallelize` pass)
//-----------===//

/// The outlined body of a parallel loop: runs the iterations whose
/// induction variable goes from `begin` up to (not including) `end` with the
/// loop's step, as chunk `chunk` of the partition (reductions keep their
/// partial result in the chunk's slot of `context`).
typedef void (*affjit_rt_parallel_body_t)(void *context, int64_t begin,
                                          int64_t end, int64_t chunk);

/// Runs `lb` to `ub` by `step` (step > 0) as `numChunks` contiguous chunks
/// of nearly equal trip counts (the first `trip % numChunks` one iteration
/// longer), each exactly once, on a team of up to `numChunks` threads of
/// LLVM's OpenMP runtime (libomp). The partition depends on the bounds and
/// `numChunks` only, never on timing. Inside another parallel region, or
/// with one chunk, every chunk runs in order on the calling thread (nested
/// parallelism: only the outermost level runs in parallel).
AFFJIT_RT_EXPORT void affjit_rt_parallel_for(affjit_rt_parallel_body_t body,
                                             void *context, int64_t lb,
                                             int64_t ub, int64_t step,
                                             int64_t numChunks);
/// Nonzero while the calling thread runs inside affjit_rt_parallel_for, as
/// the thread that forked the region or one of its team. A crash there
/// cannot be recovered by jumping out (the runtime's team would be left
/// mid-region): the REPL's crash guard reports it and exits instead.
/// SIGINT is blocked while a region runs, and the team's threads never
/// receive it.
AFFJIT_RT_EXPORT int affjit_rt_in_parallel_region(void);
/// The number of cores this process may run on (its CPU affinity mask):
/// the default thread count.
AFFJIT_RT_EXPORT int64_t affjit_rt_available_cores(void);

//===-- traffic measurement (`--measure-traffic`) ------------------------===//

/// Code compiled to measure its memory traffic (EngineOptions::
/// measureTraffic) calls these: begin/end around each run of a top-level
/// loop nest (ids from the engine), and access before every load and store
/// of `bytes` bytes at `address` (nullptr: an inactive gather lane). The
/// accesses go through a simulated L1 and L2 of this thread
/// (runtime/TrafficTrace.h); each active nest counts what they miss.
AFFJIT_RT_EXPORT void affjit_rt_trace_nest_begin(int64_t id);
AFFJIT_RT_EXPORT void affjit_rt_trace_nest_end(int64_t id);
AFFJIT_RT_EXPORT void affjit_rt_trace_access(const void *address,
                                             int64_t bytes);

//===-- symbol table for the JIT
//--------------------------------------------===//

struct affjit_rt_symbol {
  const char *name;
  void *address;
};

/// All functions declared in this header; `*count` receives their number.
AFFJIT_RT_EXPORT const affjit_rt_symbol *affjit_rt_symbols(int64_t *count);

} // extern "C"

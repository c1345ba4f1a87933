#!/usr/bin/python3
"""affjit from Python against numba and NumPy, single-threaded.

Measures the cost of calling an empty kernel with two arrays (affjit,
numba's @njit dispatch, ctypes calling an empty C function), of calls
shaped like saxpy (a np.float32 scalar and two arrays) and dot (a float32
result) on 16 elements, and the time of six kernels written as naive loops, the same loops in MLIR (affine) and
in numba: gemm (and NumPy's matmul, i.e. OpenBLAS), softmax and layernorm
over rows, jacobi-2d, an elementwise chain of four ops (at a size that
streams from DRAM and one that stays in the L3) and row sums. affjit runs
each kernel compiled once with dynamic sizes, as numba compiles it, and
compiled for the exact sizes ("static"). Every result is checked against
a float64 NumPy reference before anything is timed; the script exits with
status 1 if one differs.

    PYTHONPATH=build/python /usr/bin/python3 benchmarks/python/numba_bench.py
    ... --quick                 # small sizes, few repetitions: a smoke run
    ... --json results.json     # also write every measurement
    ... --calls-only            # the call-overhead tables only

Compile times (affjit's and numba's) are not measured: each variant is
called once before it is timed. Results are per call, median (min) over
the repetitions, the repetitions of a kernel's variants interleaved so
that a noisy neighbour hurts all of them alike.
"""

import os

# OpenBLAS reads this when NumPy loads it: matmul on one thread, like
# everything else here.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse  # noqa: E402
import ctypes  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import platform  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

import llvmlite  # noqa: E402
import numba  # noqa: E402
import numpy as np  # noqa: E402

import affjit  # noqa: E402

THREADS = 1

# ---------------------------------------------------------------- MLIR
# Dynamic sizes, f32, loops in the order PolyBench (and a numba user)
# writes them; the passes are expected to find the rest.

MLIR = """
func.func @empty(%a: memref<?xf32>, %b: memref<?xf32>) {
  return
}

// y = a * x + y and x . y: the call-overhead table's calls with a scalar
// argument and a scalar result (on 16 elements).
func.func @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  affine.for %i = 0 to %n {
    %xv = affine.load %x[%i] : memref<?xf32>
    %yv = affine.load %y[%i] : memref<?xf32>
    %p = arith.mulf %a, %xv : f32
    %s = arith.addf %p, %yv : f32
    affine.store %s, %y[%i] : memref<?xf32>
  }
  return
}

func.func @dot(%x: memref<?xf32>, %y: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %zero = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to %n iter_args(%acc = %zero) -> f32 {
    %xv = affine.load %x[%i] : memref<?xf32>
    %yv = affine.load %y[%i] : memref<?xf32>
    %p = arith.mulf %xv, %yv : f32
    %s = arith.addf %acc, %p : f32
    affine.yield %s : f32
  }
  return %r : f32
}

// C = alpha * A B + beta * C
func.func @gemm(%alpha: f32, %beta: f32, %C: memref<?x?xf32>,
                %A: memref<?x?xf32>, %B: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %C, %c0 : memref<?x?xf32>
  %n = memref.dim %C, %c1 : memref<?x?xf32>
  %k = memref.dim %A, %c1 : memref<?x?xf32>
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %n {
      %c = affine.load %C[%i, %j] : memref<?x?xf32>
      %s = arith.mulf %c, %beta : f32
      affine.store %s, %C[%i, %j] : memref<?x?xf32>
    }
    affine.for %kk = 0 to %k {
      affine.for %j = 0 to %n {
        %a = affine.load %A[%i, %kk] : memref<?x?xf32>
        %t = arith.mulf %alpha, %a : f32
        %b = affine.load %B[%kk, %j] : memref<?x?xf32>
        %p = arith.mulf %t, %b : f32
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

func.func @softmax(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %X, %c0 : memref<?x?xf32>
  %n = memref.dim %X, %c1 : memref<?x?xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to %m {
    %mx = affine.for %j = 0 to %n iter_args(%acc = %ninf) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<?x?xf32>
      %t = arith.maximumf %acc, %x : f32
      affine.yield %t : f32
    }
    %s = affine.for %j = 0 to %n iter_args(%acc = %zero) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<?x?xf32>
      %d = arith.subf %x, %mx : f32
      %e = math.exp %d : f32
      affine.store %e, %Y[%i, %j] : memref<?x?xf32>
      %t = arith.addf %acc, %e : f32
      affine.yield %t : f32
    }
    affine.for %j = 0 to %n {
      %e = affine.load %Y[%i, %j] : memref<?x?xf32>
      %q = arith.divf %e, %s : f32
      affine.store %q, %Y[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// Y[i, :] = (X[i, :] - mean) / sqrt(var + eps) * gamma + beta
func.func @layernorm(%X: memref<?x?xf32>, %gamma: memref<?xf32>,
                     %beta: memref<?xf32>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %X, %c0 : memref<?x?xf32>
  %n = memref.dim %X, %c1 : memref<?x?xf32>
  %ni = arith.index_cast %n : index to i64
  %nf = arith.sitofp %ni : i64 to f32
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  affine.for %i = 0 to %m {
    %sum = affine.for %j = 0 to %n iter_args(%acc = %zero) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<?x?xf32>
      %t = arith.addf %acc, %x : f32
      affine.yield %t : f32
    }
    %mean = arith.divf %sum, %nf : f32
    %sq = affine.for %j = 0 to %n iter_args(%acc = %zero) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<?x?xf32>
      %d = arith.subf %x, %mean : f32
      %d2 = arith.mulf %d, %d : f32
      %t = arith.addf %acc, %d2 : f32
      affine.yield %t : f32
    }
    %var = arith.divf %sq, %nf : f32
    %ve = arith.addf %var, %eps : f32
    %sd = math.sqrt %ve : f32
    %rstd = arith.divf %one, %sd : f32
    affine.for %j = 0 to %n {
      %x = affine.load %X[%i, %j] : memref<?x?xf32>
      %d = arith.subf %x, %mean : f32
      %h = arith.mulf %d, %rstd : f32
      %g = affine.load %gamma[%j] : memref<?xf32>
      %b = affine.load %beta[%j] : memref<?xf32>
      %hg = arith.mulf %h, %g : f32
      %y = arith.addf %hg, %b : f32
      affine.store %y, %Y[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// %steps time steps of the 5-point Jacobi stencil, A -> B -> A.
func.func @jacobi2d(%steps: index, %A: memref<?x?xf32>, %B: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf32>
  %n = memref.dim %A, %c1 : memref<?x?xf32>
  %fifth = arith.constant 0.2 : f32
  affine.for %t = 0 to %steps {
    affine.for %i = 1 to affine_map<()[s0] -> (s0 - 1)>()[%m] {
      affine.for %j = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
        %c = affine.load %A[%i, %j] : memref<?x?xf32>
        %w = affine.load %A[%i, %j - 1] : memref<?x?xf32>
        %e = affine.load %A[%i, %j + 1] : memref<?x?xf32>
        %s = affine.load %A[%i + 1, %j] : memref<?x?xf32>
        %no = affine.load %A[%i - 1, %j] : memref<?x?xf32>
        %t0 = arith.addf %c, %w : f32
        %t1 = arith.addf %t0, %e : f32
        %t2 = arith.addf %t1, %s : f32
        %t3 = arith.addf %t2, %no : f32
        %r = arith.mulf %fifth, %t3 : f32
        affine.store %r, %B[%i, %j] : memref<?x?xf32>
      }
    }
    affine.for %i = 1 to affine_map<()[s0] -> (s0 - 1)>()[%m] {
      affine.for %j = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
        %c = affine.load %B[%i, %j] : memref<?x?xf32>
        %w = affine.load %B[%i, %j - 1] : memref<?x?xf32>
        %e = affine.load %B[%i, %j + 1] : memref<?x?xf32>
        %s = affine.load %B[%i + 1, %j] : memref<?x?xf32>
        %no = affine.load %B[%i - 1, %j] : memref<?x?xf32>
        %t0 = arith.addf %c, %w : f32
        %t1 = arith.addf %t0, %e : f32
        %t2 = arith.addf %t1, %s : f32
        %t3 = arith.addf %t2, %no : f32
        %r = arith.mulf %fifth, %t3 : f32
        affine.store %r, %A[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// out = ((a * b) + c) * d - a
func.func @chain(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>,
                 %d: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  affine.for %i = 0 to %n {
    %x = affine.load %a[%i] : memref<?xf32>
    %y = affine.load %b[%i] : memref<?xf32>
    %z = affine.load %c[%i] : memref<?xf32>
    %w = affine.load %d[%i] : memref<?xf32>
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %p, %z : f32
    %q = arith.mulf %s, %w : f32
    %r = arith.subf %q, %x : f32
    affine.store %r, %out[%i] : memref<?xf32>
  }
  return
}

// out[i] = A[i, 0] + A[i, 1] + ... (in order)
func.func @rowsum(%A: memref<?x?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf32>
  %n = memref.dim %A, %c1 : memref<?x?xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to %m {
    %s = affine.for %j = 0 to %n iter_args(%acc = %zero) -> (f32) {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %t = arith.addf %acc, %a : f32
      affine.yield %t : f32
    }
    affine.store %s, %out[%i] : memref<?xf32>
  }
  return
}
"""

def kernel_source(name, n=None, steps=None):
    """@name alone from MLIR; with n, specialized to n x n (the problems
    are square) and `steps` time steps: static memref types and constant
    loop bounds, which the passes needing constant trip counts
    (unroll-jam, pack, skew-jam, pack-panels) require."""
    start = MLIR.index(f"func.func @{name}(")
    src = MLIR[start:MLIR.index("\n}\n", start) + 3]
    if n is None:
        return src
    src = src.replace("memref<?x?xf32>", f"memref<{n}x{n}xf32>")
    src = src.replace("memref<?xf32>", f"memref<{n}xf32>")
    src = re.sub(r"affine_map<\(\)\[s0\] -> \(s0 - 1\)>\(\)\[%[mn]\]", str(n - 1), src)
    if steps is not None:
        src = src.replace("to %steps", f"to {steps}")
    return re.sub(r"\bto %[mnk]\b", f"to {n}", src)


# --------------------------------------------------------------- numba
# The same loops. Constants and accumulators are np.float32 so that numba
# computes in f32 as the MLIR does (a bare 0.0 or 0.2 would make it f64).


def nb_empty(a, b):
    pass


def nb_saxpy(a, x, y):
    for i in range(x.shape[0]):
        y[i] = a * x[i] + y[i]


def nb_dot(x, y):
    s = np.float32(0.0)
    for i in range(x.shape[0]):
        s += x[i] * y[i]
    return s


def nb_gemm(alpha, beta, C, A, B):
    m, n = C.shape
    k = A.shape[1]
    for i in range(m):
        for j in range(n):
            C[i, j] = C[i, j] * beta
        for kk in range(k):
            for j in range(n):
                C[i, j] = C[i, j] + alpha * A[i, kk] * B[kk, j]


def nb_softmax(X, Y):
    m, n = X.shape
    for i in range(m):
        mx = np.float32(-np.inf)
        for j in range(n):
            mx = max(mx, X[i, j])
        s = np.float32(0.0)
        for j in range(n):
            e = math.exp(X[i, j] - mx)
            Y[i, j] = e
            s += e
        for j in range(n):
            Y[i, j] = Y[i, j] / s


def nb_layernorm(X, gamma, beta, Y):
    m, n = X.shape
    nf = np.float32(n)
    for i in range(m):
        s = np.float32(0.0)
        for j in range(n):
            s += X[i, j]
        mean = s / nf
        sq = np.float32(0.0)
        for j in range(n):
            d = X[i, j] - mean
            sq += d * d
        rstd = np.float32(1.0) / math.sqrt(sq / nf + np.float32(1e-5))
        for j in range(n):
            Y[i, j] = (X[i, j] - mean) * rstd * gamma[j] + beta[j]


def nb_jacobi2d(steps, A, B):
    m, n = A.shape
    for t in range(steps):
        for i in range(1, m - 1):
            for j in range(1, n - 1):
                B[i, j] = np.float32(0.2) * (
                    A[i, j] + A[i, j - 1] + A[i, j + 1] + A[i + 1, j] + A[i - 1, j]
                )
        for i in range(1, m - 1):
            for j in range(1, n - 1):
                A[i, j] = np.float32(0.2) * (
                    B[i, j] + B[i, j - 1] + B[i, j + 1] + B[i + 1, j] + B[i - 1, j]
                )


def nb_chain(a, b, c, d, out):
    for i in range(a.shape[0]):
        out[i] = ((a[i] * b[i]) + c[i]) * d[i] - a[i]


def nb_rowsum(A, out):
    m, n = A.shape
    for i in range(m):
        s = np.float32(0.0)
        for j in range(n):
            s += A[i, j]
        out[i] = s


# --------------------------------------------------------------- NumPy
# What one writes with NumPy: whole-array operators, each a pass over the
# data into a temporary (which NumPy reuses when it can).


def np_gemm(alpha, beta, C, A, B):
    C *= beta
    C += alpha * np.matmul(A, B)


def np_softmax(X, Y):
    e = np.exp(X - X.max(axis=1, keepdims=True))
    Y[...] = e / e.sum(axis=1, keepdims=True)


def np_layernorm(X, gamma, beta, Y):
    mean = X.mean(axis=1, keepdims=True)
    var = ((X - mean) ** 2).mean(axis=1, keepdims=True)
    Y[...] = (X - mean) / np.sqrt(var + np.float32(1e-5)) * gamma + beta


def np_jacobi2d(steps, A, B):
    for _ in range(steps):
        B[1:-1, 1:-1] = np.float32(0.2) * (
            A[1:-1, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:] + A[2:, 1:-1] + A[:-2, 1:-1]
        )
        A[1:-1, 1:-1] = np.float32(0.2) * (
            B[1:-1, 1:-1] + B[1:-1, :-2] + B[1:-1, 2:] + B[2:, 1:-1] + B[:-2, 1:-1]
        )


def np_chain(a, b, c, d, out):
    # The expression's result is a new array, as `out = ...` would bind it.
    return ((a * b) + c) * d - a


def np_rowsum(A, out):
    out[...] = A.sum(axis=1)


# ------------------------------------------------------------ problems


class Problem:
    """One kernel at one size: fresh inputs and the float64 reference."""

    def __init__(self, name, size, kernel, n, make, reference, out_index, steps=None):
        self.name = name
        self.size = size  # as the table shows it
        self.kernel = kernel  # the MLIR function and the numba/NumPy pair
        self.n = n  # the size kernel_source specializes to
        self.steps = steps
        self.make = make  # () -> list of arguments (fresh arrays)
        self.reference = reference  # list of arguments -> f64 result
        self.out_index = out_index  # which argument holds the result


def rand(rng, *shape):
    return rng.random(shape, dtype=np.float32)


def problems(quick):
    rng = np.random.default_rng(0)
    n_gemm = 96 if quick else 512
    n_row = 128 if quick else 1024
    n_jac, steps = (128, 3) if quick else (1024, 10)
    n_chain = (1 << 16) if quick else (1 << 22)
    n_chain_small = (1 << 12) if quick else (1 << 18)
    # The chain's five f32 arrays in half of this machine's L2.
    l2 = affjit.target_model()["l2"]
    n_chain_l2 = 1 << max(8, ((l2 // 2) // 20).bit_length() - 1)
    n_sum = 256 if quick else 2048

    def gemm_make():
        return [np.float32(1.5), np.float32(1.2), rand(rng, n_gemm, n_gemm),
                rand(rng, n_gemm, n_gemm), rand(rng, n_gemm, n_gemm)]

    def gemm_ref(args):
        alpha, beta, C, A, B = args
        return (float(alpha) * (A.astype(np.float64) @ B.astype(np.float64))
                + float(beta) * C.astype(np.float64))

    def softmax_make():
        # Spread the inputs so that exp() sees a range of values.
        return [rand(rng, n_row, n_row) * 8 - 4, np.zeros((n_row, n_row), np.float32)]

    def softmax_ref(args):
        X = args[0].astype(np.float64)
        e = np.exp(X - X.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)

    def layernorm_make():
        return [rand(rng, n_row, n_row) * 4 + 1, rand(rng, n_row) + 0.5,
                rand(rng, n_row) - 0.5, np.zeros((n_row, n_row), np.float32)]

    def layernorm_ref(args):
        X, g, b = (a.astype(np.float64) for a in args[:3])
        mean = X.mean(axis=1, keepdims=True)
        var = ((X - mean) ** 2).mean(axis=1, keepdims=True)
        return (X - mean) / np.sqrt(var + 1e-5) * g + b

    def jacobi_make():
        A = rand(rng, n_jac, n_jac)
        return [steps, A, A.copy()]

    def jacobi_ref(args):
        A = args[1].astype(np.float64)
        np_jacobi2d(steps, A, A.copy())
        return A

    def chain_make(n):
        return lambda: [rand(rng, n) for _ in range(4)] + [np.zeros(n, np.float32)]

    def chain_ref(args):
        a, b, c, d = (x.astype(np.float64) for x in args[:4])
        return ((a * b) + c) * d - a

    def rowsum_make():
        return [rand(rng, n_sum, n_sum), np.zeros(n_sum, np.float32)]

    def rowsum_ref(args):
        return args[0].astype(np.float64).sum(axis=1)

    def elements(n):
        return f"{n >> 20}M" if n >= 1 << 20 else f"{n >> 10}K"

    return [
        Problem("gemm", f"{n_gemm}³", "gemm", n_gemm, gemm_make, gemm_ref, 2),
        Problem("softmax (rows)", f"{n_row}x{n_row}", "softmax", n_row,
                softmax_make, softmax_ref, 1),
        Problem("layernorm (rows)", f"{n_row}x{n_row}", "layernorm", n_row,
                layernorm_make, layernorm_ref, 3),
        Problem("jacobi-2d", f"{n_jac}², {steps} steps", "jacobi2d", n_jac,
                jacobi_make, jacobi_ref, 1, steps),
        Problem("elementwise chain", elements(n_chain), "chain", n_chain,
                chain_make(n_chain), chain_ref, 4),
        # Five arrays of this size fit in the L3: what is left of NumPy's
        # cost is its passes and temporaries, not DRAM.
        Problem("elementwise chain, in cache", elements(n_chain_small), "chain",
                n_chain_small, chain_make(n_chain_small), chain_ref, 4),
        # ... and in the L2, where the fused loop is not bound by bandwidth.
        Problem("elementwise chain, in L2", elements(n_chain_l2), "chain",
                n_chain_l2, chain_make(n_chain_l2), chain_ref, 4),
        Problem("row sums", f"{n_sum}x{n_sum}", "rowsum", n_sum, rowsum_make, rowsum_ref, 1),
    ]


# -------------------------------------------------------------- timing


def clock_reps(fn, reset, inner):
    """ns per call of one repetition: `inner` calls, reset untimed first."""
    if reset is not None:
        reset()
    t0 = time.perf_counter_ns()
    for _ in range(inner):
        fn()
    return (time.perf_counter_ns() - t0) / inner


def measure(variants, reps, target_ns, budget_ns):
    """Times the variants (name -> (call, reset)) with their repetitions
    interleaved. Each repetition makes enough calls to last about
    target_ns; fewer repetitions are made when the slowest variant would
    exceed budget_ns. Returns name -> (median ns, min ns, reps, inner)."""
    inner = {}
    slowest = 0
    for name, (fn, reset) in variants.items():
        fn()  # warm-up: compiles numba, touches the pages
        once = clock_reps(fn, reset, 1)
        inner[name] = max(1, int(target_ns // max(once, 1)))
        slowest = max(slowest, once * inner[name])
    reps = max(3, min(reps, int(budget_ns // max(slowest, 1))))
    samples = {name: [] for name in variants}
    for _ in range(reps):
        for name, (fn, reset) in variants.items():
            samples[name].append(clock_reps(fn, reset, inner[name]))
    return {name: (statistics.median(s), min(s), reps, inner[name])
            for name, s in samples.items()}


# ------------------------------------------------------- call overhead


def build_empty_c(tmp):
    """An empty C function of two pointers, as a shared library; None
    without a C compiler."""
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        return None
    src = os.path.join(tmp, "empty.c")
    lib = os.path.join(tmp, "libempty.so")
    with open(src, "w") as f:
        f.write("void empty(float *a, float *b) { (void)a; (void)b; }\n")
    subprocess.run([cc, "-O2", "-shared", "-fPIC", "-o", lib, src], check=True)
    return ctypes.CDLL(lib)


def time_loops(loops, reps, inner):
    """ns per call of each loop (name -> run(n), which makes n calls):
    median and min over `reps` repetitions of `inner` calls, interleaved."""
    for run in loops.values():
        run(inner)  # warm-up; compiles the numba functions
    samples = {name: [] for name in loops}
    for _ in range(reps):
        for name, run in loops.items():
            t0 = time.perf_counter_ns()
            run(inner)
            samples[name].append((time.perf_counter_ns() - t0) / inner)
    return {name: (statistics.median(s), min(s)) for name, s in samples.items()}


def call_overhead(mod, reps, quick):
    """ns per call of an empty kernel taking two small f32 arrays, each
    called from its own Python loop (the first row is the loop alone)."""
    a = np.zeros(16, np.float32)
    b = np.zeros(16, np.float32)
    inner = 2000 if quick else 20000
    nb = numba.njit(nb_empty)
    # affjit releases the GIL during every call; numba does with nogil=True.
    nb_nogil = numba.njit(nogil=True)(nb_empty)
    fn = mod.empty

    def loop_alone(n):
        for _ in range(n):
            pass

    def loop_numba(n):
        for _ in range(n):
            nb(a, b)

    def loop_numba_nogil(n):
        for _ in range(n):
            nb_nogil(a, b)

    def loop_affjit(n):
        for _ in range(n):
            fn(a, b)

    loops = {"Python loop alone": loop_alone, "numba @njit": loop_numba,
             "numba @njit(nogil=True)": loop_numba_nogil,
             "affjit (releases the GIL)": loop_affjit}
    with tempfile.TemporaryDirectory() as tmp:
        lib = build_empty_c(tmp)
        if lib is not None:
            raw = lib.empty
            raw.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
            raw.restype = None
            pa, pb = a.ctypes.data, b.ctypes.data
            checked = ctypes.CDLL(lib._name).empty
            ptr = np.ctypeslib.ndpointer(np.float32, flags="C_CONTIGUOUS")
            checked.argtypes = [ptr, ptr]
            checked.restype = None

            def loop_ctypes(n):
                for _ in range(n):
                    raw(pa, pb)

            def loop_ctypes_arrays(n):
                for _ in range(n):
                    checked(a, b)

            loops["ctypes, C function of two pointers (addresses)"] = loop_ctypes
            loops["ctypes, same, arrays through ndpointer"] = loop_ctypes_arrays

        return time_loops(loops, reps, inner)


# The rows of the second call table, by what they call.
SAXPY_ROWS = {
    "numba": "saxpy(np.float32, x, y): numba @njit",
    "numba nogil": "saxpy(np.float32, x, y): numba @njit(nogil=True)",
    "affjit": "saxpy(np.float32, x, y): affjit, f = mod.saxpy bound once",
    "affjit lookup": "saxpy(np.float32, x, y): affjit, mod.saxpy each call",
}
DOT_ROWS = {
    "numba": "dot(x, y) -> float32: numba @njit",
    "numba nogil": "dot(x, y) -> float32: numba @njit(nogil=True)",
    "affjit": "dot(x, y) -> float32: affjit (a numpy.float32)",
}


def call_shapes(mod, reps, quick):
    """ns per call of saxpy (a np.float32 and two arrays) and dot (two
    arrays, a float32 result) on 16 elements, so that the kernels' own time
    is a few ns: affjit through a function bound once and through the
    module's attribute on every call, against numba with the same
    signatures."""
    x = np.arange(16, dtype=np.float32)
    y = np.zeros(16, np.float32)
    alpha = np.float32(0.5)
    inner = 2000 if quick else 20000
    nb_s, nb_s_nogil = numba.njit(nb_saxpy), numba.njit(nogil=True)(nb_saxpy)
    nb_d, nb_d_nogil = numba.njit(nb_dot), numba.njit(nogil=True)(nb_dot)
    saxpy, dot = mod.saxpy, mod.dot
    # The same work: affjit's saxpy and dot compute numba's.
    ya, yb = np.ones(16, np.float32), np.ones(16, np.float32)
    saxpy(alpha, x, ya)
    nb_s(alpha, x, yb)
    if not np.array_equal(ya, yb) or dot(x, ya) != nb_d(x, yb):
        raise SystemExit("numba_bench: affjit's saxpy/dot differ from numba's")

    def saxpy_loop(f):
        def run(n):
            for _ in range(n):
                f(alpha, x, y)
        return run

    def saxpy_lookup(n):
        for _ in range(n):
            mod.saxpy(alpha, x, y)

    def dot_loop(f):
        def run(n):
            for _ in range(n):
                f(x, y)
        return run

    loops = {
        SAXPY_ROWS["numba"]: saxpy_loop(nb_s),
        SAXPY_ROWS["numba nogil"]: saxpy_loop(nb_s_nogil),
        SAXPY_ROWS["affjit"]: saxpy_loop(saxpy),
        SAXPY_ROWS["affjit lookup"]: saxpy_lookup,
        DOT_ROWS["numba"]: dot_loop(nb_d),
        DOT_ROWS["numba nogil"]: dot_loop(nb_d_nogil),
        DOT_ROWS["affjit"]: dot_loop(dot),
    }
    return time_loops(loops, reps, inner)


# ---------------------------------------------------------------- main


def cpu_model():
    info = {}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                key, _, value = line.partition(":")
                info.setdefault(key.strip(), value.strip())
    except OSError:
        return platform.processor() or "unknown"
    flags = set(info.get("flags", "").split())
    isa = "AVX-512" if "avx512f" in flags else "AVX2" if "avx2" in flags else "SSE"
    model = info.get("model name", "unknown")
    family = info.get("cpu family", "?")
    number = info.get("model", "?")
    return f"{model} (family {family}, model {number}), {isa}"


def blas_name():
    """The BLAS NumPy's matmul runs: the library's path and, for OpenBLAS,
    the core it chose."""
    np.matmul(np.ones((2, 2), np.float32), np.ones((2, 2), np.float32))
    try:
        with open("/proc/self/maps") as f:
            paths = {line.split()[-1] for line in f if "blas" in line.lower()}
    except OSError:
        return "unknown"
    for p in sorted(paths):
        real = os.path.realpath(p)
        if "openblas" in real:
            try:
                lib = ctypes.CDLL(p)
                lib.openblas_get_corename.restype = ctypes.c_char_p
                core = lib.openblas_get_corename().decode()
                return f"OpenBLAS ({core} kernels, {os.environ['OPENBLAS_NUM_THREADS']} thread)"
            except (OSError, AttributeError):
                return f"OpenBLAS ({real})"
    return ", ".join(sorted(os.path.realpath(p) for p in paths)) or "unknown"


def check(name, got, ref, failures):
    ok = np.allclose(got, ref, rtol=1e-4, atol=1e-4 * float(np.max(np.abs(ref))))
    if not ok:
        err = float(np.max(np.abs(got.astype(np.float64) - ref)))
        failures.append(f"{name}: max abs error {err:.3g} against the float64 reference")
    return ok


def fmt_ms(v):
    if v is None:
        return ""
    ms = v / 1e6
    return f"{ms:.3g}" if ms < 100 else f"{ms:.0f}"


def compile_affjit(src, fast_math, name):
    # Compile time is not measured here; threads=1 as the peers run.
    return affjit.compile(src, threads=THREADS, fast_math=fast_math, name=name)


VARIANTS = ["numpy", "numba", "numba fast-math", "affjit", "affjit fast-math",
            "affjit static", "affjit static fast-math"]

# A ratio within this of 1.0 counts as parity: repeated runs on the 2-core
# VMs these numbers come from move by 5-20%.
PARITY = 1.05


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="small sizes and few repetitions (a smoke run)")
    ap.add_argument("--json", metavar="FILE", help="write the results as JSON")
    ap.add_argument("--reps", type=int, default=None,
                    help="repetitions per variant (default 15, --quick 3)")
    ap.add_argument("--calls-only", action="store_true",
                    help="measure the call overhead only (no kernels)")
    opts = ap.parse_args()
    reps = opts.reps or (3 if opts.quick else 15)
    target_ns = 2e6 if opts.quick else 20e6
    budget_ns = 0.2e9 if opts.quick else 2e9

    load = os.getloadavg()[0]
    header = {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "load_1min_at_start": round(load, 2),
        "threads": THREADS,
        "python": platform.python_version(),
        "numpy": np.__version__,
        "numba": numba.__version__,
        "llvmlite": llvmlite.__version__,
        "affjit": affjit._affjit.__version__,
        "blas": blas_name(),
        "quick": opts.quick,
        "command": " ".join([os.path.basename(sys.argv[0])] + sys.argv[1:]),
    }
    print(f"CPU: {header['cpu']}, {header['cores']} cores, load {load:.2f} at start")
    print(f"affjit {header['affjit']}, numba {header['numba']} (llvmlite "
          f"{header['llvmlite']}), NumPy {header['numpy']}, Python {header['python']}")
    print(f"NumPy matmul: {header['blas']}")
    print(f"threads: {THREADS} (affjit threads={THREADS}, numba without parallel=True, "
          f"OPENBLAS_NUM_THREADS={os.environ['OPENBLAS_NUM_THREADS']})")

    t_compile = time.perf_counter()
    dynamic = {
        "affjit": compile_affjit(MLIR, False, "numba_bench.mlir"),
        "affjit fast-math": compile_affjit(MLIR, True, "numba_bench.mlir"),
    }
    t_compile = time.perf_counter() - t_compile

    over = call_overhead(dynamic["affjit"], reps, opts.quick)
    print("\n| empty kernel, two f32 arrays | ns per call, median (min) |")
    print("| --- | ---: |")
    for name, (med, mn) in over.items():
        print(f"| {name} | {med:.0f} ({mn:.0f}) |")
    shapes = call_shapes(dynamic["affjit"], reps, opts.quick)
    print("\n| call, 16-element f32 arrays | ns per call, median (min) |")
    print("| --- | ---: |")
    for name, (med, mn) in shapes.items():
        print(f"| {name} | {med:.0f} ({mn:.0f}) |")
    print("\nnumba returns dot's float32 as a Python float, affjit as a "
          "numpy.float32.")

    pyfuncs = {
        "gemm": (nb_gemm, np_gemm),
        "softmax": (nb_softmax, np_softmax),
        "layernorm": (nb_layernorm, np_layernorm),
        "jacobi2d": (nb_jacobi2d, np_jacobi2d),
        "chain": (nb_chain, np_chain),
        "rowsum": (nb_rowsum, np_rowsum),
    }
    failures = []
    results = []
    for prob in ([] if opts.calls_only else problems(opts.quick)):
        nb_f, np_f = pyfuncs[prob.kernel]
        static = {fm: compile_affjit(kernel_source(prob.kernel, prob.n, prob.steps), fm,
                                     f"numba_bench_{prob.kernel}_{prob.n}.mlir")
                  for fm in (False, True)}
        impls = {
            "numpy": np_f,
            "numba": numba.njit(nb_f),
            "numba fast-math": numba.njit(fastmath=True)(nb_f),
            "affjit": dynamic["affjit"][prob.kernel],
            "affjit fast-math": dynamic["affjit fast-math"][prob.kernel],
            "affjit static": static[False][prob.kernel],
            "affjit static fast-math": static[True][prob.kernel],
        }

        # Every variant is checked on fresh inputs before anything is timed.
        master = prob.make()

        def fresh():
            return [x.copy() if isinstance(x, np.ndarray) else x for x in master]

        ref = prob.reference(fresh())
        ok = {}
        for name, f in impls.items():
            args = fresh()
            got = f(*args)
            if not isinstance(got, np.ndarray):
                got = args[prob.out_index]
            ok[name] = check(f"{prob.name} {prob.size}, {name}", got, ref, failures)

        # Kernels that update their arguments get them back (untimed) before
        # each repetition.
        variants = {}
        for name, f in impls.items():
            if not ok[name]:
                continue
            args = fresh()
            reset = None
            if prob.kernel in ("gemm", "jacobi2d"):
                def reset(args=args):
                    for dst, src in zip(args, master):
                        if isinstance(dst, np.ndarray):
                            np.copyto(dst, src)
            variants[name] = ((lambda f=f, a=args: f(*a)), reset)
        times = measure(variants, reps, target_ns, budget_ns)
        row = {"kernel": prob.name, "size": prob.size}
        for name in impls:
            if name in times:
                med, mn, r, inner = times[name]
                row[name] = {"median_ns": med, "min_ns": mn, "reps": r,
                             "calls_per_rep": inner}
            else:
                row[name] = None
        results.append(row)

    def cell(row, name):
        m = row.get(name)
        return "mismatch" if m is None else f"{fmt_ms(m['median_ns'])} ({fmt_ms(m['min_ns'])})"

    def ratio(row, a, b):
        if row.get(a) is None or row.get(b) is None:
            return None
        return row[a]["median_ns"] / row[b]["median_ns"]

    def fmt_ratio(r):
        return "" if r is None else f"{r:.2f}"

    if not opts.calls_only:
        print(f"\nms per call, median (min) of up to {reps} interleaved repetitions")
        print("\n| kernel | size | " + " | ".join(VARIANTS) +
              " | affjit / numba | affjit fm / numba fm |")
        print("| --- | --- |" + " ---: |" * (len(VARIANTS) + 2))
        for row in results:
            print(f"| {row['kernel']} | {row['size']} | "
                  + " | ".join(cell(row, v) for v in VARIANTS)
                  + f" | {fmt_ratio(ratio(row, 'affjit', 'numba'))}"
                  f" | {fmt_ratio(ratio(row, 'affjit fast-math', 'numba fast-math'))} |")
        print("\nnumpy: the NumPy expression (gemm: np.matmul, i.e. the BLAS above); "
              "affjit: one compile with dynamic sizes (like numba's); affjit static: "
              "compiled for the exact sizes; ratios of medians, < 1: affjit faster.")
    print(f"affjit compiled the two dynamic-size modules in {t_compile:.2f} s "
          f"(disk cache: {affjit.cache_dir() or 'off'}).")

    # The goals, for affjit with dynamic sizes (what numba compiles too).
    goals = []
    a = over["affjit (releases the GIL)"][0]
    n, ng = over["numba @njit"][0], over["numba @njit(nogil=True)"][0]
    goals.append((f"call overhead ≤ numba's, both releasing the GIL: affjit {a:.0f} ns, "
                  f"numba nogil=True {ng:.0f} ns (holding it: {n:.0f} ns)", a <= ng * PARITY))
    for what, rows in (("saxpy(np.float32, x, y)", SAXPY_ROWS), ("dot(x, y) -> float32", DOT_ROWS)):
        a, ng = shapes[rows["affjit"]][0], shapes[rows["numba nogil"]][0]
        goals.append((f"{what} call ≤ numba's, both releasing the GIL: affjit {a:.0f} ns, "
                      f"numba nogil=True {ng:.0f} ns", a <= ng * PARITY))
    for row in results:
        for mine, peer in (("affjit", "numba"), ("affjit fast-math", "numba fast-math")):
            r = ratio(row, mine, peer)
            if r is not None:
                goals.append((f"{row['kernel']} {row['size']}: {mine} / {peer} = {r:.2f}",
                              r <= PARITY))
    for row in results:
        if row["kernel"].startswith("elementwise chain"):
            r = ratio(row, "numpy", "affjit")
            if r is not None:
                goals.append((f"{row['kernel']} {row['size']} ≥ 3x faster than NumPy: "
                              f"{r:.1f}x", r >= 3.0))
    print(f"\ngoals (a ratio up to {PARITY} counts as parity):")
    for text, met in goals:
        print(f"  {'met    ' if met else 'NOT MET'}  {text}")

    header["load_1min_at_end"] = round(os.getloadavg()[0], 2)
    print(f"\nload {header['load_1min_at_end']:.2f} at the end")
    if opts.json:
        with open(opts.json, "w") as f:
            json.dump({"header": header,
                       "call_overhead_ns": {k: {"median": m, "min": n}
                                            for k, (m, n) in over.items()},
                       "call_shapes_ns": {k: {"median": m, "min": n}
                                          for k, (m, n) in shapes.items()},
                       "kernels": results,
                       "goals": [{"goal": t, "met": m} for t, m in goals],
                       "failures": failures}, f, indent=2, ensure_ascii=False)

    if failures:
        print("\nresults that differ from NumPy's (float64 reference):", file=sys.stderr)
        for f in failures:
            print(f"  {f}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

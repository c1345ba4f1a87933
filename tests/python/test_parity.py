"""NumPy parity: each kernel computes bit for bit what pipeline="none"
computes (the optimizer keeps float semantics without fast_math), and
close to what NumPy computes."""

import numpy as np
import pytest

import affjit
import kernels

PIPELINES = ("none", "default")


def compiled(src):
    return {
        p: affjit.compile(src, pipeline=p, opt_report="all") for p in PIPELINES
    }


def assert_bit_identical(a, b):
    assert a.dtype == b.dtype and a.shape == b.shape
    assert np.array_equal(a.view(np.uint8), b.view(np.uint8))


@pytest.fixture(scope="module")
def rng():
    return np.random.default_rng(7)


def test_gemm(rng):
    mods = compiled(kernels.GEMM)
    A = rng.standard_normal((67, 45), dtype=np.float32)
    B = rng.standard_normal((45, 83), dtype=np.float32)
    C0 = rng.standard_normal((67, 83), dtype=np.float32)
    alpha, beta = np.float32(1.5), np.float32(0.5)
    out = {}
    for p, mod in mods.items():
        C = C0.copy()
        mod.gemm(alpha, beta, C, A, B)
        out[p] = C
    assert_bit_identical(out["default"], out["none"])
    expected = beta * C0 + alpha * (A.astype(np.float64) @ B)
    np.testing.assert_allclose(out["default"], expected, rtol=1e-4, atol=1e-4)


def test_softmax(rng):
    mods = compiled(kernels.SOFTMAX)
    X = rng.standard_normal((33, 130), dtype=np.float32) * 4
    out = {}
    for p, mod in mods.items():
        Y = np.empty_like(X)
        mod.softmax(X, Y)
        out[p] = Y
    assert_bit_identical(out["default"], out["none"])
    e = np.exp(X - X.max(axis=1, keepdims=True))
    np.testing.assert_allclose(out["default"], e / e.sum(axis=1, keepdims=True),
                               rtol=1e-5, atol=1e-7)


def test_layernorm(rng):
    mods = compiled(kernels.LAYERNORM)
    X = rng.standard_normal((20, 97), dtype=np.float32) * 3 + 1
    gamma = rng.standard_normal(97, dtype=np.float32)
    beta = rng.standard_normal(97, dtype=np.float32)
    out = {}
    for p, mod in mods.items():
        Y = np.zeros_like(X)
        mod.layernorm(X, gamma, beta, Y)
        out[p] = Y
    assert_bit_identical(out["default"], out["none"])
    mean = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    expected = (X - mean) / np.sqrt(var + 1e-5) * gamma + beta
    np.testing.assert_allclose(out["default"], expected, rtol=1e-4, atol=1e-4)


def test_stencil(rng):
    mods = compiled(kernels.STENCIL)
    A = rng.standard_normal((71, 64), dtype=np.float32)
    out = {}
    for p, mod in mods.items():
        B = np.zeros_like(A)
        mod.jacobi(A, B)
        out[p] = B
    assert_bit_identical(out["default"], out["none"])
    expected = np.zeros_like(A)
    expected[1:-1, 1:-1] = np.float32(0.2) * (
        A[1:-1, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:] + A[2:, 1:-1] + A[:-2, 1:-1]
    )
    np.testing.assert_allclose(out["default"], expected, rtol=1e-5, atol=1e-6)
    assert not out["default"][0].any() and not out["default"][:, -1].any()


def test_fused_elementwise_chain(rng):
    mods = compiled(kernels.ELTWISE_CHAIN)
    a, b, c = (rng.standard_normal(10007, dtype=np.float32) for _ in range(3))
    out = {}
    for p, mod in mods.items():
        o = np.empty_like(a)
        mod.chain(a, b, c, o)
        out[p] = o
    assert_bit_identical(out["default"], out["none"])
    # Every operation is one float32 rounding, as NumPy's are.
    assert_bit_identical(out["default"], (a * b + c) * (a * b + c) - a)
    assert "fuse" in mods["default"].opt_report


def test_dot_returns_float32_scalar():
    mod = affjit.compile(kernels.SAXPY_DOT)
    x = np.arange(100, dtype=np.float32)
    r = mod.dot(x, x)
    assert type(r) is np.float32
    assert r == np.float32(sum(float(v) * v for v in range(100)))

"""Random shapes and slices (hypothesis): every view NumPy can make of a
2-D array either computes what NumPy computes or is refused with a
ValueError before anything runs."""

import numpy as np
from hypothesis import given, strategies as st

import affjit
import kernels

_mods = {}


def mod(name, src, **options):
    key = (name, tuple(sorted(options.items())))
    if key not in _mods:
        _mods[key] = affjit.compile(src, **options)
    return _mods[key]


slices = st.builds(
    slice,
    st.integers(0, 6),
    st.one_of(st.none(), st.integers(7, 40)),
    st.sampled_from([1, 1, 2, 3, -1]),
)


@given(m=st.integers(1, 40), n=st.integers(1, 40), rows=slices, cols=slices,
       transpose=st.booleans())
def test_strided_views_sum_like_numpy(m, n, rows, cols, transpose):
    base = np.arange(m * n, dtype=np.float64).reshape(m, n)
    view = base[rows, cols]
    if transpose:
        view = view.T
    out = np.zeros(1)
    k = mod("sum", kernels.STRIDED_SUM)
    if view.size and any(s < 0 and n > 1 for s, n in zip(view.strides, view.shape)):
        try:
            k.block_sum(view, out)
        except ValueError:
            return
        raise AssertionError("a negative stride was accepted")
    k.block_sum(view, out)
    assert out[0] == view.sum()


@given(n=st.integers(0, 300), start=st.integers(0, 8), pipeline=st.sampled_from(["none", "default"]))
def test_unaligned_slices_match_numpy(n, start, pipeline):
    k = mod("chain", kernels.ELTWISE_CHAIN, pipeline=pipeline)
    rng = np.random.default_rng(n)
    a, b, c = (rng.standard_normal(n + start, dtype=np.float32)[start:]
               for _ in range(3))
    out = np.full(n + start, np.nan, np.float32)[start:]
    k.chain(a, b, c, out)
    assert np.array_equal(out, (a * b + c) * (a * b + c) - a)


@given(m=st.integers(1, 30), n=st.integers(1, 30), step=st.integers(1, 3))
def test_identity_layout_accepts_only_contiguous(m, n, step):
    k = mod("softmax", kernels.SOFTMAX)
    X = np.random.default_rng(m * n).standard_normal((m, n * step), dtype=np.float32)
    view = X[:, ::step]
    Y = np.empty((m, n), np.float32)
    # NumPy's own verdict: C-contiguous up to strides of size-1 dimensions.
    if not view.flags.c_contiguous:
        try:
            k.softmax(view, Y)
        except ValueError as e:
            assert "ascontiguousarray" in str(e)
            return
        raise AssertionError("a non-contiguous view was accepted")
    k.softmax(view, Y)
    np.testing.assert_allclose(Y.sum(axis=1), 1, rtol=1e-5)

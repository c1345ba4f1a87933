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


def _outcome(call):
    """What a call did: its result, or the type and text of its error."""
    try:
        return ("ok", call())
    except (TypeError, ValueError) as e:
        return (type(e).__name__, str(e))


@given(m=st.integers(0, 12), n=st.integers(0, 12), rows=slices, cols=slices,
       transpose=st.booleans(),
       dtype=st.sampled_from([np.float64, np.float32, np.int64, np.uint8, np.float16]),
       readonly=st.booleans())
def test_arrays_read_directly_agree_with_the_buffer_protocol(
        m, n, rows, cols, transpose, dtype, readonly):
    # NumPy arrays are read without exporting a buffer; the same array
    # through memoryview takes the buffer protocol. Both must be accepted
    # or refused alike, with the same message, and compute the same.
    base = np.arange(m * n).astype(dtype).reshape(m, n)
    view = base[rows, cols]
    if transpose:
        view = view.T
    view.flags.writeable = not readonly
    strided = mod("sum", kernels.STRIDED_SUM).block_sum
    softmax = mod("softmax", kernels.SOFTMAX).softmax
    out_a, out_b = np.zeros(1), np.zeros(1)
    a = _outcome(lambda: (strided(view, out_a), out_a[0]))
    b = _outcome(lambda: (strided(memoryview(view), out_b), out_b[0]))
    assert a == b
    y_a = np.zeros(view.shape, np.float32)
    y_b = np.zeros(view.shape, np.float32)
    a = _outcome(lambda: softmax(view, y_a))
    b = _outcome(lambda: softmax(memoryview(view), y_b))
    assert a == b
    assert np.array_equal(y_a, y_b, equal_nan=True)
    # A read-only array where the function writes is refused either way.
    c = _outcome(lambda: softmax(np.zeros(view.shape, np.float32), view))
    d = _outcome(lambda: softmax(np.zeros(view.shape, np.float32), memoryview(view)))
    assert c == d

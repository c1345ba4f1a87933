"""One test per way a call or a compile can be refused: nothing runs
before the arguments are checked, and the errors say what was expected."""

import numpy as np
import pytest

import affjit
import kernels


@pytest.fixture(scope="module")
def mod():
    return affjit.compile(kernels.SAXPY_DOT)


@pytest.fixture(scope="module")
def static():
    return affjit.compile(kernels.STATIC_AND_INDEX)


def test_dtype_float64_is_refused(mod):
    x = np.ones(8)  # float64: NumPy's default, the usual trap
    y = np.ones(8, np.float32)
    with pytest.raises(TypeError, match=r"memref<\?xf32>.*float64"):
        mod.saxpy(np.float32(2), x, y)
    assert (y == 1).all()


def test_scalar_dtype_and_rounding(mod):
    x = np.ones(8, np.float32)
    with pytest.raises(TypeError, match="numpy.float64"):
        mod.saxpy(np.float64(2), x, x.copy())
    with pytest.raises(TypeError, match="not exactly representable"):
        mod.saxpy(0.1, x, x.copy())
    y = x.copy()
    mod.saxpy(2.0, x, y)  # a Python float that is exactly a float32
    assert (y == 3).all()


def test_argument_count(mod):
    with pytest.raises(TypeError, match=r"takes 3 arguments"):
        mod.saxpy(np.float32(1), np.ones(3, np.float32))


def test_rank(mod):
    with pytest.raises(ValueError, match="expected 1 dimensions, got 2"):
        mod.dot(np.ones((2, 2), np.float32), np.ones(4, np.float32))


def test_static_shape(static):
    with pytest.raises(ValueError, match=r"shape \(4, 9\).*dimension 1 must be 8"):
        static.scale4x8(2, np.ones((4, 9), np.int32))
    A = np.ones((4, 8), np.int32)
    assert static.scale4x8(3, A) == 96 and (A == 3).all()


def test_non_contiguous_needs_ascontiguousarray(mod):
    x = np.ones(16, np.float32)[::2]
    with pytest.raises(ValueError, match="ascontiguousarray"):
        mod.dot(x, x)
    assert mod.dot(np.ascontiguousarray(x), np.ascontiguousarray(x)) == 8


def test_strides_not_multiple_of_item_size():
    mod = affjit.compile(kernels.STRIDED_SUM)
    rec = np.zeros((3, 4), dtype=[("a", np.float64), ("b", np.int8)])
    with pytest.raises((ValueError, TypeError)):
        mod.block_sum(rec["a"], np.zeros(1))
    raw = np.zeros(3 * 4 * 8 + 1, np.uint8)[1:].view(np.float64).reshape(3, 4)
    mod.block_sum(raw, np.zeros(1))  # unaligned but whole elements: fine
    odd = np.lib.stride_tricks.as_strided(
        np.zeros(64, np.float64), shape=(3, 3), strides=(20, 8))
    with pytest.raises(ValueError, match="not a multiple of the element size"):
        mod.block_sum(odd, np.zeros(1))


def test_read_only_refused_only_when_written(mod):
    x = np.ones(8, np.float32)
    x.flags.writeable = False
    assert mod.dot(x, x) == 8  # @dot only reads
    with pytest.raises(ValueError, match="read-only"):
        mod.saxpy(np.float32(1), x, x)  # @saxpy writes %y
    params = mod.saxpy.parameters
    assert [p.get("written") for p in params] == [None, False, True]


def test_overlap_computes_what_none_computes():
    # y[i] = a*y[i] + y[i] through two arguments that are one buffer: the
    # alias guard runs the unoptimized version when they overlap.
    results = {}
    for p in ("none", "default"):
        mod = affjit.compile(kernels.SAXPY_DOT, pipeline=p)
        y = np.arange(1000, dtype=np.float32)
        mod.saxpy(np.float32(3), y, y)
        shifted = np.arange(1001, dtype=np.float32)
        mod.saxpy(np.float32(2), shifted[:-1], shifted[1:])
        results[p] = (y, shifted, mod.dot(y, y))
    assert np.array_equal(results["none"][0], results["default"][0])
    assert np.array_equal(results["none"][1], results["default"][1])
    assert results["none"][2] == results["default"][2]
    assert np.array_equal(results["none"][0], 4 * np.arange(1000, dtype=np.float32))


def test_bad_ir_raises_compile_error():
    with pytest.raises(affjit.CompileError) as info:
        affjit.compile("func.func @f(%x: memref<?xf32>) {\n  %y = foo.bar\n}\n",
                       name="bad.mlir")
    d = info.value.diagnostics[0]
    assert (d.file, d.line, d.column) == ("bad.mlir", 2, 8)
    assert "foo.bar" in d.message and "bad.mlir:2:8" in str(info.value)


def test_unknown_pass_is_a_compile_error():
    with pytest.raises(affjit.CompileError, match="nosuchpass"):
        affjit.compile(kernels.SAXPY_DOT, pipeline="nosuchpass")


def test_out_of_bounds_with_checked_names_the_memref():
    mod = affjit.compile(kernels.STATIC_AND_INDEX, checked=True)
    x = np.ones(8, np.float32)
    assert mod.read_n(x, 8) == 8
    with pytest.raises(IndexError, match=r"%x: index 8 .*size is 8"):
        mod.read_n(x, 9)
    assert mod.read_n(x, 3) == 3  # the process carries on


def test_missing_function(mod):
    with pytest.raises(AttributeError, match="@nosuch"):
        mod.nosuch
    with pytest.raises(KeyError):
        mod["nosuch"]


def test_not_an_array(mod):
    with pytest.raises(TypeError, match="NumPy array"):
        mod.dot([1.0, 2.0], [1.0, 2.0])


WRITES_THROUGH_VIEW = """
func.func @via_view(%A: memref<8xf32>, %B: memref<8xf32>) {
  %s = memref.subview %A[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  %c0 = arith.constant 0 : index
  %v = memref.load %B[%c0] : memref<8xf32>
  memref.store %v, %s[%c0] : memref<4xf32, strided<[1], offset: 2>>
  return
}

func.func @calls(%A: memref<8xf32>, %B: memref<8xf32>) {
  func.call @via_view(%B, %A) : (memref<8xf32>, memref<8xf32>) -> ()
  return
}
"""


def test_written_follows_views_and_calls():
    m = affjit.compile(WRITES_THROUGH_VIEW)
    assert [p["written"] for p in m.via_view.parameters] == [True, False]
    # A call may write anything the callee reaches: both count as written.
    assert [p["written"] for p in m.calls.parameters] == [True, True]
    A = np.zeros(8, np.float32)
    B = np.full(8, 5, np.float32)
    B.flags.writeable = False
    m.via_view(A, B)
    assert A[2] == 5
    with pytest.raises(ValueError, match="read-only"):
        m.calls(A, B)


def test_unknown_target_is_a_compile_error():
    with pytest.raises(affjit.CompileError, match="unknown target 'pentium9'"):
        affjit.compile(kernels.SAXPY_DOT, target="pentium9")

"""The call path's fast cases give the verdicts of the general ones: NumPy
scalars of the parameter's exact type are read in place (their subclasses
and other types of the same dtype are checked by dtype name), Python ints
convert to floats only when exact, results are NumPy scalars of the exact
value, and `mod.name` is cached without hiding Module's own attributes."""

import numpy as np
import pytest

import affjit
import kernels

SCALARS = """
func.func @f32(%a: f32) -> f32 { return %a : f32 }
func.func @f64(%a: f64) -> f64 { return %a : f64 }
func.func @i1(%a: i1) -> i1 { return %a : i1 }
func.func @i8(%a: i8) -> i8 { return %a : i8 }
func.func @i32(%a: i32) -> i32 { return %a : i32 }
func.func @i64(%a: i64) -> i64 { return %a : i64 }
func.func @idx(%a: index) -> index { return %a : index }
"""

# Functions named like Module's own properties and methods.
CLASHING = """
func.func @source(%x: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<?xf32>
  return %v : f32
}
func.func @llvm_ir() { return }
func.func @functions() { return }
func.func @plain() { return }
"""


@pytest.fixture(scope="module")
def scalars():
    return affjit.compile(SCALARS)


class Float32Sub(np.float32):
    pass


class Float64Sub(np.float64):
    pass


class Int64Sub(np.int64):
    pass


def test_numpy_scalars_of_the_exact_type(scalars):
    for fn, value, dtype in [
        (scalars.f32, np.float32(1.1), np.float32),
        (scalars.f64, np.float64(0.1), np.float64),
        (scalars.i8, np.int8(-128), np.int8),
        (scalars.i32, np.int32(-(2**31)), np.int32),
        (scalars.i64, np.int64(2**63 - 1), np.int64),
    ]:
        r = fn(value)
        assert type(r) is dtype and r == value
    assert scalars.i1(np.bool_(True)) is True
    assert scalars.idx(np.int64(-5)) == -5
    bits = np.array([0x7FC12345], np.uint32).view(np.float32)[0]
    assert scalars.f32(bits).view(np.uint32) == 0x7FC12345  # NaN payload kept
    assert np.signbit(scalars.f32(np.float32(-0.0)))


def test_numpy_scalar_subclasses_and_aliases(scalars):
    # Checked by dtype, as any NumPy scalar of another type.
    r = scalars.f32(Float32Sub(2.5))
    assert type(r) is np.float32 and r == 2.5
    assert scalars.i64(Int64Sub(12)) == 12
    assert scalars.i64(np.longlong(9)) == 9  # not numpy.int64, but int64
    with pytest.raises(TypeError) as info:
        scalars.f32(Float64Sub(1.5))
    assert str(info.value) == (
        "argument #0 of @f32 (f32): expected a float32 scalar, got "
        "numpy.float64 (affjit never casts; pass numpy.float32(x))")
    with pytest.raises(TypeError, match=r"got numpy\.int32 .*numpy\.int64\(x\)"):
        scalars.i64(np.int32(1))
    with pytest.raises(TypeError, match=r"expected a bool scalar, got numpy\.int8"):
        scalars.i1(np.int8(1))
    with pytest.raises(TypeError, match=r"expected a int64 scalar, got numpy\.bool"):
        scalars.idx(np.bool_(True))


def test_python_ints_to_floats_only_when_exact(scalars):
    assert scalars.f32(2**24) == 2**24
    assert scalars.f32(-(2**63)) == -(2**63)
    assert scalars.f64(2**53) == 2**53
    for fn, value in [(scalars.f32, 2**24 + 1), (scalars.f64, 2**53 + 1),
                      (scalars.f64, 2**63 - 1), (scalars.f32, 2**70 + 1)]:
        with pytest.raises(TypeError) as info:
            fn(value)
        assert str(info.value) == (
            f"argument #0 of @{fn.name} ({fn.name}): {value} is not exactly "
            f"representable as {fn.name} (affjit never rounds silently; pass "
            f"numpy.float{fn.name[1:]}(x))")
    with pytest.raises(OverflowError, match="int too large to convert to float"):
        scalars.f64(10**400)
    assert scalars.f64(3) == 3.0
    with pytest.raises(TypeError, match=r"expected a number for f64, got bool"):
        scalars.f64(True)
    with pytest.raises(TypeError, match=r"expected a number for i32, got float"):
        scalars.i32(1.0)
    with pytest.raises(TypeError, match=r"expected a number for f32, got str"):
        scalars.f32("1")


def test_python_floats(scalars):
    assert scalars.f64(0.1) == 0.1
    assert scalars.f32(0.5) == 0.5
    assert np.isnan(scalars.f32(float("nan")))
    with pytest.raises(TypeError, match=r"0\.1 is not exactly representable as f32"):
        scalars.f32(0.1)


def test_keyword_arguments_and_call_forms():
    mod = affjit.compile(kernels.SAXPY_DOT)
    x = np.ones(4, np.float32)
    dot = mod.dot
    assert dot(x, x) == dot.__call__(x, x) == dot(*(x, x), **{}) == 4
    with pytest.raises(TypeError, match="compiled functions take no keyword arguments"):
        dot(x, y=x)
    with pytest.raises(TypeError, match="compiled functions take no keyword arguments"):
        dot.__call__(x, y=x)


def test_attribute_is_cached_and_item_access_still_works():
    mod = affjit.compile(kernels.SAXPY_DOT)
    saxpy = mod.saxpy
    assert "saxpy" in vars(mod) and mod.saxpy is saxpy and mod["saxpy"] is saxpy
    assert "dot" not in vars(mod) and mod["dot"] is mod.dot
    assert sorted(mod.functions) == ["dot", "saxpy"]
    with pytest.raises(AttributeError, match="@nosuch"):
        mod.nosuch
    assert "nosuch" not in vars(mod)


def test_functions_named_like_module_attributes():
    mod = affjit.compile(CLASHING)
    for _ in range(2):  # before and after the item access
        assert mod.source == CLASHING
        assert callable(mod.llvm_ir) and "define" in mod.llvm_ir()
        assert sorted(mod.functions) == ["functions", "llvm_ir", "plain", "source"]
        fn = mod["source"]
        assert isinstance(fn, affjit.Function) and fn(np.full(2, 3, np.float32)) == 3
        assert isinstance(mod["llvm_ir"], affjit.Function)
        assert isinstance(mod["functions"], affjit.Function)
    assert not {"source", "llvm_ir", "functions"} & set(vars(mod))
    assert mod.plain() is None and "plain" in vars(mod)


def test_many_arguments_of_high_rank():
    # More descriptor words than the inline storage holds: the rest goes
    # to the heap.
    n = 12
    t = "memref<?x?x?x?x?x?xf32>"
    zero = ", ".join(["%c0"] * 6)
    body = "".join(f"  memref.store %v, %m{i}[{zero}] : {t}\n" for i in range(1, n))
    src = (f"func.func @big({', '.join(f'%m{i}: {t}' for i in range(n))}) {{\n"
           f"  %c0 = arith.constant 0 : index\n"
           f"  %v = memref.load %m0[{zero}] : {t}\n{body}  return\n}}\n")
    mod = affjit.compile(src)
    arrays = [np.zeros((2,) * 6, np.float32) for _ in range(n)]
    arrays[0][(0,) * 6] = 7
    mod.big(*arrays)
    assert all(a[(0,) * 6] == 7 and a.sum() == 7 for a in arrays)
    with pytest.raises(ValueError, match=r"argument #11 .*expected 6 dimensions, got 5"):
        mod.big(*arrays[:-1], np.zeros((2,) * 5, np.float32))

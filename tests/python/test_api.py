"""The module's surface: signatures, results, compile_file, LLVM IR, the
optimization report, the persistent cache and affjit.bench."""

import json
import os
import subprocess
import sys

import numpy as np
import pytest

import affjit
import kernels

SCALARS = """
func.func @mix(%a: i32, %b: index, %c: f64, %d: i1) -> (i32, index, f64, i1, i8) {
  %c7 = arith.constant 7 : i8
  %e = arith.addi %a, %a : i32
  %one = arith.constant 1 : index
  %f = arith.addi %b, %one : index
  %g = arith.addf %c, %c : f64
  %t = arith.constant true
  %h = arith.xori %d, %t : i1
  return %e, %f, %g, %h, %c7 : i32, index, f64, i1, i8
}

func.func @offset_view(%x: memref<4xf32, strided<[1], offset: 2>>) -> f32 {
  %v = affine.load %x[3] : memref<4xf32, strided<[1], offset: 2>>
  return %v : f32
}

func.func @scalar_memref(%x: memref<f64>) {
  %v = affine.load %x[] : memref<f64>
  %w = arith.addf %v, %v : f64
  affine.store %w, %x[] : memref<f64>
  return
}
"""


@pytest.fixture(scope="module")
def mod():
    return affjit.compile(kernels.SAXPY_DOT)


def test_signature_and_parameters(mod):
    assert mod.saxpy.signature == "(f32, memref<?xf32>, memref<?xf32>) -> ()"
    assert mod.dot.signature == "(memref<?xf32>, memref<?xf32>) -> f32"
    y = mod.saxpy.parameters[2]
    assert y["dtype"] == "float32" and y["shape"] == (None,) and y["written"]
    assert sorted(mod.functions) == ["dot", "saxpy"]
    assert "saxpy" in dir(mod) and "@saxpy" in repr(mod.saxpy)


def test_scalar_kinds_and_results():
    m = affjit.compile(SCALARS)
    r = m.mix(np.int32(20), 41, 1.25, True)
    assert r == (40, 42, 2.5, False, 7)
    assert [type(v) for v in r] == [np.int32, int, np.float64, bool, np.int8]
    with pytest.raises(OverflowError):
        m.mix(2**40, 1, 1.0, True)
    with pytest.raises(TypeError, match="bool"):
        m.mix(1, 1, 1.0, 1)


def test_static_offset_layout_and_rank_0():
    m = affjit.compile(SCALARS)
    x = np.arange(4, dtype=np.float32)
    assert m.offset_view(x) == 3  # element 3 of the view, whatever the offset
    s = np.array(1.5)
    m.scalar_memref(s)
    assert s == 3.0


def test_compile_file_names_the_file(tmp_path):
    path = tmp_path / "k.mlir"
    path.write_text(kernels.SAXPY_DOT)
    m = affjit.compile_file(path)
    x = np.ones(3, np.float32)
    assert m.dot(x, x) == 3
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f() {\n  return %nope : f32\n}\n")
    with pytest.raises(affjit.CompileError) as info:
        affjit.compile_file(bad)
    assert info.value.diagnostics[0].file == str(bad)
    assert info.value.diagnostics[0].line == 2


def test_llvm_ir_and_opt_report(mod):
    raw = mod.llvm_ir(optimized=False)
    opt = mod.llvm_ir()
    assert "define" in raw and "saxpy" in raw and "define" in opt
    # Reports are kept only when asked for.
    assert mod.opt_report == "" and mod.remarks == []
    reported = affjit.compile(kernels.SAXPY_DOT, opt_report="all")
    assert "[vectorize]" in reported.opt_report
    assert all(len(r) == 6 for r in reported.remarks)
    only = affjit.compile(kernels.SAXPY_DOT, opt_report="vectorize")
    assert "[vectorize]" in only.opt_report and "[fuse]" not in only.opt_report


def test_checked_defaults_to_one_thread_and_fast_math_compiles():
    m = affjit.compile(kernels.SAXPY_DOT, fast_math=True, threads=2)
    x = np.ones(1000, np.float32)
    assert m.dot(x, x) == 1000
    with pytest.raises(ValueError):
        affjit.compile(kernels.SAXPY_DOT, threads=-1)


def test_persistent_cache_in_xdg_cache_home(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "AFFJIT_CACHE_DIR"}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    code = (
        "import affjit, sys; sys.path.insert(0, %r); import kernels; "
        "print(affjit.cache_dir()); affjit.compile(kernels.SAXPY_DOT + '//x')"
        % os.path.dirname(__file__)
    )
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                         capture_output=True, text=True).stdout
    assert out.strip() == str(tmp_path / "affjit")
    assert any(f.endswith(".o") for f in os.listdir(tmp_path / "affjit"))


def test_bench_matches_the_tool_schema():
    report = affjit.bench(kernels.SAXPY_DOT, "saxpy", compare=["none", "default"],
                          dims={"x": 4096, "y": 4096}, args={"a": 2.0},
                          min_time=0.02)
    assert report["schema"] == "affjit-bench/1" and report["agree"]
    assert [v["pipeline"] for v in report["variants"]] == ["none", "default"]
    schema_path = os.path.join(os.path.dirname(__file__), "..", "..", "engine",
                               "cli", "bench.schema.json")
    jsonschema = pytest.importorskip("jsonschema")
    with open(schema_path) as f:
        jsonschema.validate(report, json.load(f))
    with pytest.raises(affjit.CompileError):
        affjit.bench("func.func @f( {", "f")


class DLPackOnly:
    """A producer with __dlpack__ but no buffer protocol."""

    def __init__(self, array):
        self._array = array

    def __dlpack__(self, stream=None):
        return self._array.__dlpack__()

    def __dlpack_device__(self):
        return self._array.__dlpack_device__()


def test_buffer_protocol_and_dlpack(mod):
    import array

    x = array.array("f", [1.0, 2.0, 3.0])
    assert mod.dot(x, memoryview(x)) == 14
    d = DLPackOnly(np.arange(4, dtype=np.float32))
    assert mod.dot(d, d) == 14
    with pytest.raises(TypeError, match="float32"):
        mod.dot(DLPackOnly(np.arange(4.0)), d)


def test_code_for_an_older_target_computes_the_same():
    x = np.arange(1000, dtype=np.float32) * np.float32(0.25)
    results = {}
    for target in ["host", "x86-64-v2"]:
        m = affjit.compile(kernels.SAXPY_DOT, target=target)
        y = np.ones(1000, np.float32)
        m.saxpy(np.float32(1.5), x, y)
        results[target] = y
    assert np.array_equal(results["host"], results["x86-64-v2"])


def test_target_model_names_the_machine():
    host = affjit.target_model()
    assert host["cpu"] and host["l1"] > 0 and host["llc"] >= host["l2"]
    wide = affjit.target_model("x86-64-v4", caches="l2=2M")
    assert wide["vector_bits"] == 512 and wide["vector_registers"] == 32
    assert "avx512f" in wide["vector_features"] and wide["l2"] == 2 << 20
    narrow = affjit.target_model("x86-64-v4", mattr="-avx512f")
    assert narrow["vector_bits"] == 256 and "avx512f" not in narrow["vector_features"]
    with pytest.raises(ValueError, match="unknown target 'pentium9'"):
        affjit.target_model("pentium9")
    report = affjit.bench(kernels.SAXPY_DOT, "dot", compare=["none"], dims={"x": 64, "y": 64},
                          min_time=0, repetitions=3, target="x86-64-v2")
    assert report["target"] == affjit.target_model("x86-64-v2")

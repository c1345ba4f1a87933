"""scripts/kernel_bench_summary.py on a made-up KernelBench run: the ratios
against the best peer of each mode and against each BLAS-shaped peer
(OpenBLAS, BLIS, Eigen), and error rows reported rather than counted."""

import json
import os
import subprocess
import sys

SCRIPT = os.path.join(os.path.dirname(__file__), "..", "..", "scripts",
                      "kernel_bench_summary.py")


def row(kernel, variant, ms, error=None, **counters):
    r = {"name": f"BM_Kernel/{kernel}/{variant}/min_time:0.500",
         "run_type": "iteration", "cpu_time": ms, "time_unit": "ms"}
    if error:
        r.update(error_occurred=True, error_message=error)
    r.update(counters)
    return r


def summary(tmp_path, rows):
    path = tmp_path / "kb.json"
    path.write_text(json.dumps({"context": {}, "benchmarks": rows}))
    out = subprocess.run([sys.executable, SCRIPT, str(path)], check=True,
                         capture_output=True, text=True).stdout
    return out


def test_ratios_against_peers_and_both_blas_libraries(tmp_path):
    out = summary(tmp_path, [
        row("gemm", "affjit_default", 40.0),
        row("gemm", "affjit_default_fastmath", 30.0),
        row("gemm", "clang19", 80.0),
        row("gemm", "polly19", 50.0),
        row("gemm", "polly19_fastmath", 20.0),
        row("gemm", "openblas", 25.0),
        row("gemm", "blis", 32.0, GFLOPS=67.1, peak_GFLOPS=94.8,
            of_peak=0.708, label="BLIS 0.9.0 zen3"),
        row("gemm", "eigen", 50.0),
        row("atax", "affjit_default", 5.0),
        row("atax", "gcc12", 10.0),
        row("atax", "blis", 1.0, error="BLIS was not found"),
    ])
    lines = out.splitlines()
    header = next(l for l in lines if l.startswith("| kernel | default |"))
    assert header.endswith(
        "| affjit / openblas | affjit / blis | affjit / eigen |")
    gemm = next(l for l in lines if l.startswith("| gemm | 0.8 |"))
    # 40 / polly 50, 30 / polly_fastmath 20, 40 / 25, 40 / 32, 40 / 50
    assert gemm == ("| gemm | 0.8 | polly19 50 ms | 1.5 | polly19_fastmath 20 ms "
                    "| 1.6 | 1.25 | 0.8 |")
    atax = next(l for l in lines if l.startswith("| atax | 0.5 |"))
    assert atax.endswith("| - | - | - |")
    assert "error row BM_Kernel/atax/blis: BLIS was not found" in out
    assert ("gemm blis: 67.10 GFLOP/s of a 94.8 GFLOP/s single-core peak "
            "(70.8%) [BLIS 0.9.0 zen3]") in lines

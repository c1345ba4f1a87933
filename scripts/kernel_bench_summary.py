#!/usr/bin/env python3
"""Summary of benchmarks/KernelBench.cpp's JSON output (issue 15's targets).

Usage:
  build/bin/affjit_bench --benchmark_filter='BM_Kernel' \
      --benchmark_out=kernels.json --benchmark_out_format=json
  python3 scripts/kernel_bench_summary.py kernels.json [more.json ...]

Several files (e.g. one run per kernel, --benchmark_filter='BM_Kernel/gemm/')
are read as one run; a row in a later file replaces the same row before.

Prints a Markdown table of every row's time (ms of the benchmark thread's
CPU time: the kernels are single-threaded, and CPU time is what a shared,
busy machine's preemption leaves intact; `err` for an error row),
then per kernel and mode the ratio affjit / best peer:
- default: affjit_default against the best of clang19, polly19, gcc12 and
  mlir19 (no -ffast-math, no reassociation in affjit);
- fast-math: affjit_default_fastmath against the best of their _fastmath
  rows;
and the geometric mean of each column over the kernels that have both
sides. 1.0 means as fast as the best peer, below 1.0 affjit is faster (the
issue asks for <= 1.0). Last, affjit / OpenBLAS, BLIS and Eigen where a
BLAS form exists,
gemm's GFLOP/s against the machine's single-core peak, and seed 002's
compile latency. Only the Python standard library is used.
"""
import json
import math
import sys

EXACT_PEERS = ["clang19", "polly19", "gcc12", "mlir19"]
FAST_PEERS = [p + "_fastmath" for p in EXACT_PEERS]
COLUMNS = ["affjit_default", "affjit_default_fastmath"] + [
    p for pair in zip(EXACT_PEERS, FAST_PEERS) for p in pair] + ["openblas", "blis", "eigen"]
BLAS_PEERS = ["openblas", "blis", "eigen"]


def to_ms(bench):
    scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[bench.get("time_unit", "ns")]
    return bench["cpu_time"] * scale


def load(paths):
    context, benches = {}, []
    for path in paths:
        try:
            with open(path) as f:
                data = json.load(f)
        except (OSError, ValueError) as e:  # a run still writing its file
            print(f"skipping {path}: {e}", file=sys.stderr)
            continue
        context = context or data.get("context", {})
        benches += data.get("benchmarks", [])
    times, errors, rows, kernels = {}, {}, {}, []
    for b in benches:
        if b.get("run_type", "iteration") != "iteration":
            continue
        parts = b["name"].split("/")
        if len(parts) < 3 or parts[0] not in ("BM_Kernel", "BM_KernelCompile"):
            continue
        key = (parts[0], parts[1], parts[2])
        rows[key] = b
        if parts[0] == "BM_Kernel" and parts[1] not in kernels:
            kernels.append(parts[1])
        errors.pop(key, None)
        times.pop(key, None)
        if b.get("error_occurred"):
            errors[key] = b.get("error_message", "error")
        else:
            times[key] = to_ms(b)
    return context, times, errors, rows, kernels


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def fmt(x, digits=3):
    return "-" if x is None else f"{x:.{digits}g}"


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    context, times, errors, rows, kernels = load(sys.argv[1:])
    if not kernels:
        print("no BM_Kernel rows in " + " ".join(sys.argv[1:]), file=sys.stderr)
        return 1
    t = lambda k, v: times.get(("BM_Kernel", k, v))
    print(f"host: {context.get('host_name', '?')}, {context.get('num_cpus', '?')} CPUs, "
          f"{context.get('mhz_per_cpu', '?')} MHz, {context.get('date', '')}")
    print()
    print("CPU time per call (ms):")
    print()
    print("| kernel | " + " | ".join(COLUMNS) + " |")
    print("|---" * (len(COLUMNS) + 1) + "|")
    for k in kernels:
        cells = []
        for v in COLUMNS:
            if ("BM_Kernel", k, v) in errors:
                cells.append("err")
            else:
                cells.append(fmt(t(k, v), 4))
        print(f"| {k} | " + " | ".join(cells) + " |")
    print()
    print("affjit / best peer (<= 1.0 is the target):")
    print()
    print("| kernel | default | best peer | fast-math | best peer | "
          + " | ".join(f"affjit / {b}" for b in BLAS_PEERS) + " |")
    print("|---" * (5 + len(BLAS_PEERS)) + "|")
    exact_ratios, fast_ratios = [], []
    for k in kernels:
        cells = []
        for mine, peers, acc in (("affjit_default", EXACT_PEERS, exact_ratios),
                                 ("affjit_default_fastmath", FAST_PEERS, fast_ratios)):
            avail = [(t(k, p), p) for p in peers if t(k, p) is not None]
            if t(k, mine) is None or not avail:
                cells += ["-", "-"]
                continue
            best, who = min(avail)
            r = t(k, mine) / best
            acc.append(r)
            cells += [fmt(r), f"{who} {fmt(best, 4)} ms"]
        for b in BLAS_PEERS:
            blas = t(k, b)
            cells.append(fmt(t(k, "affjit_default") / blas)
                         if blas and t(k, "affjit_default") else "-")
        print(f"| {k} | " + " | ".join(cells) + " |")
    print(f"| geometric mean | {fmt(geomean(exact_ratios))} | ({len(exact_ratios)} kernels) "
          f"| {fmt(geomean(fast_ratios))} | ({len(fast_ratios)} kernels) |"
          + " |" * len(BLAS_PEERS))
    print()
    gemm = rows.get(("BM_Kernel", "gemm", "affjit_default"))
    for v in ("affjit_default", "affjit_default_fastmath", "openblas", "blis", "eigen",
              "polly19_fastmath"):
        b = rows.get(("BM_Kernel", "gemm", v))
        if b and not b.get("error_occurred") and "GFLOPS" in b:
            peak = b.get("peak_GFLOPS")
            extra = f" of a {peak:.1f} GFLOP/s single-core peak ({100 * b['of_peak']:.1f}%)" if peak else ""
            label = f" [{b['label']}]" if b.get("label") else ""
            print(f"gemm {v}: {b['GFLOPS']:.2f} GFLOP/s{extra}{label}")
    compile_row = rows.get(("BM_KernelCompile", "seed002_kernel", "affjit_default"))
    if compile_row and not compile_row.get("error_occurred"):
        print(f"seed 002 kernel compile latency (default pipeline): {to_ms(compile_row):.1f} ms")
    for key, message in sorted(errors.items()):
        print(f"error row {'/'.join(key)}: {message}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

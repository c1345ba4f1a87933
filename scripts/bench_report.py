#!/usr/bin/env python3
"""Turns a Google Benchmark JSON run of affjit_bench into bench-report/:
report.md (a table per kernel: each pipeline variant and the peers, with
ratios against the unfused kernel), speedup.svg (speedup per kernel and
variant) and roofline.svg (GFLOP/s against arithmetic intensity under the
machine's measured peak and bandwidth). Called by scripts/bench-report.sh.

Usage: bench_report.py BENCHMARKS.json OUT_DIR
"""
import datetime
import json
import math
import os
import subprocess
import sys

# Kernels of the report: title and the row-name prefix their variants follow.
KERNELS = [
    ("Elementwise chain (16M f32, 3 nests)", "BM_EltwiseChain/"),
    ("Seed 002 chained matmul", "BM_Seed002Chain/"),
    ("Seed 002 program end to end (start-up and compile included)",
     "BM_RunSeed002_"),
    ("Column sums (4096x4096 f32)", "BM_ColSum/"),
    ("Row sums (4096x4096 f32)", "BM_RowSum/"),
    ("Dot product (16M f32)", "BM_Dot/"),
    ("Saxpy (16M f32)", "BM_Saxpy/"),
    ("Matrix-vector product, a reduction per row (4096x4096 f32)",
     "BM_MatVecRow/"),
    ("Matrix-vector product by columns (4096x4096 f32)", "BM_MatVecCol/"),
    ("Memory bandwidth yardstick (C, 64 MB)", "BM_Stream/"),
]
# Variants in report order, with the label each gets.
VARIANTS = [
    ("unfused", "unfused (`none`)"),
    ("fused", "fused (`fuse`)"),
    ("fused_vectorized", "fused+vectorized (`fuse,vectorize`)"),
    ("default", "default"),
    ("clang_hand_fused", "peer: hand-fused C, clang-19 -O3 -march=native"),
    ("affjit", "affjit run"),
    ("run_mlir", "peer: MLIR 19 (mlir-opt + mlir-cpu-runner -O3)"),
    ("affjit_none", "affjit `none`"),
    ("affjit_default", "affjit `default`"),
    ("affjit_default_fastmath", "affjit `default`, fast math"),
    ("gcc12", "peer: gcc-12 -O3 -march=native -ffast-math"),
    ("clang19", "peer: clang-19 -O3 -march=native -ffast-math"),
    ("polly19", "peer: clang-19 with Polly"),
    ("sum_clang19", "sum, clang-19"),
    ("copy_clang19", "copy, clang-19"),
]
PEAK_ROW = "BM_MachinePeakFlops"
BANDWIDTH_ROW = "BM_MachineBandwidth"
SECONDS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}


def seconds(row, key):
    return row[key] * SECONDS[row.get("time_unit", "ns")]


def per_call(row, counter):
    """A rate counter times the CPU time it was divided by: the amount one
    iteration does. Rates are then taken against the wall time, like the
    time column."""
    if counter not in row:
        return None
    return row[counter] * seconds(row, "cpu_time")


def short_name(prefix):
    """`EltwiseChain` for `BM_EltwiseChain/`."""
    return prefix[len("BM_"):].rstrip("/_")


def variant_of(name, prefix):
    rest = name[len(prefix):]
    return rest.split("/")[0]


def collect(rows):
    kernels = []
    for title, prefix in KERNELS:
        found = {}
        for row in rows:
            if row["name"].startswith(prefix) and row.get("run_type") != "aggregate":
                found[variant_of(row["name"], prefix)] = row
        if found:
            kernels.append((title, prefix, found))
    return kernels


def machine(rows):
    peak = bandwidth = None
    for row in rows:
        ok = not row.get("error_occurred")
        if row["name"].startswith(PEAK_ROW) and ok:
            peak = per_call(row, "FLOPS") / seconds(row, "real_time") / 1e9
        if row["name"].startswith(BANDWIDTH_ROW) and ok:
            bandwidth = per_call(row, "bytes_per_second") / seconds(row, "real_time") / 1e9
    return peak, bandwidth


def fmt_time(s):
    for unit, scale in (("s", 1), ("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9)):
        if s >= scale or unit == "ns":
            return f"{s / scale:.3g} {unit}"


def fmt(x, digits=3):
    return "-" if x is None else f"{x:.{digits}g}"


def rates(row):
    t = seconds(row, "real_time")
    flops, nbytes = per_call(row, "FLOPS"), per_call(row, "bytes_per_second")
    return (None if flops is None else flops / t / 1e9,
            None if nbytes is None else nbytes / t / 1e9)


def baseline_of(found):
    """The row others are compared with: the first that ran, in report
    order (unfused where there is one)."""
    for key, _ in VARIANTS:
        if key in found and not found[key].get("error_occurred"):
            return key
    return None


def kernel_table(found):
    base = baseline_of(found)
    lines = ["| variant | time | GFLOP/s | GB/s | vs " + (base or "-") + " |",
             "| --- | ---: | ---: | ---: | ---: |"]
    base_time = seconds(found[base], "real_time") if base else None
    for key, label in VARIANTS:
        row = found.get(key)
        if row is None:
            continue
        if row.get("error_occurred"):
            lines.append(f"| {label} | n/a: {row.get('error_message', 'error')} | | | |")
            continue
        t = seconds(row, "real_time")
        gflops, gbps = rates(row)
        ratio = f"{base_time / t:.2f}x" if base_time else "-"
        lines.append(f"| {label} | {fmt_time(t)} | {fmt(gflops)} | {fmt(gbps)} | {ratio} |")
    return lines


def run_gnuplot(script):
    try:
        subprocess.run(["gnuplot"], input=script, text=True, check=True)
        return True
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"bench_report: gnuplot failed ({e}); install gnuplot-nox", file=sys.stderr)
        return False


def speedup_plot(kernels, out):
    """Clustered bars: speedup over each kernel's baseline (its first row)
    per kernel and variant; end-to-end runs and the yardstick are left
    out."""
    keys = [k for k, _ in VARIANTS]
    rows = []
    for title, prefix, found in kernels:
        base_key = baseline_of(found)
        if base_key is None or prefix in ("BM_RunSeed002_", "BM_Stream/"):
            continue
        base = seconds(found[base_key], "real_time")
        values = []
        for key in keys:
            row = found.get(key)
            ok = row is not None and not row.get("error_occurred")
            values.append(f"{base / seconds(row, 'real_time'):.4g}" if ok else "?")
        rows.append('"' + short_name(prefix) + '" ' + " ".join(values))
    # Variants no kernel has (a pass not written yet) get no bars.
    present = [i for i in range(len(keys))
               if any(r.split()[i + 1] != "?" for r in rows)]
    keys = [keys[i] for i in present]
    rows = [" ".join([r.split()[0]] + [r.split()[i + 1] for i in present])
            for r in rows]
    if not rows or not keys:
        return False
    # One distinct colour per variant (gnuplot's default cycle has eight).
    colors = ["#4a7ab5", "#e07b39", "#5aa469", "#c8553d", "#8e6cb8", "#8c564b",
              "#d17fb8", "#7f7f7f", "#b5b83a", "#3bb5c8", "#1f3f7a", "#a0a0ff",
              "#ffb000"]
    script = f"""set terminal svg size 1000,520 dynamic font 'sans,11' noenhanced
set output '{out}'
set datafile missing '?'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set logscale y
set ylabel 'speedup over the first variant of each kernel (log scale)'
set yrange [0.1:*]
set grid ytics
set key outside right top vertical
set xtics rotate by -30
set title 'affjit: speedup per kernel and variant (wall time)'
$data << EOD
{chr(10).join(rows)}
EOD
titles = "{' '.join(keys)}"
colors = "{' '.join(colors[:len(keys)])}"
plot for [i=2:{len(keys) + 1}] $data using i:xtic(1) title word(titles, i-1) lc rgb word(colors, i-1)
"""
    return run_gnuplot(script)


def roofline_plot(kernels, peak, bandwidth, out):
    """One point per kernel and variant (a colour per variant), the
    kernel's name under its points, and the roof min(peak, bandwidth * x)."""
    keys = [k for k, _ in VARIANTS]
    points, labels = [], []
    for title, prefix, found in kernels:
        lowest = None
        for key in keys:
            row = found.get(key)
            if row is None or row.get("error_occurred"):
                continue
            flops, nbytes = per_call(row, "FLOPS"), per_call(row, "bytes_per_second")
            if not flops or not nbytes:
                continue
            gflops = flops / seconds(row, "real_time") / 1e9
            points.append(f"{flops / nbytes:.6g} {gflops:.6g} {keys.index(key)}")
            lowest = (flops / nbytes, gflops) if lowest is None or gflops < lowest[1] else lowest
        if lowest:
            labels.append(f"{lowest[0]:.6g} {lowest[1] / 2:.6g} \"{short_name(prefix)}\"")
    if not points or not peak or not bandwidth:
        return False
    used = sorted({int(p.split()[2]) for p in points})
    series = ", \\\n     ".join(
        f"$points using 1:($3 == {i} ? $2 : NaN) with points pt 7 ps 1.3 title '{keys[i]}'"
        for i in used)
    script = f"""set terminal svg size 900,560 dynamic font 'sans,11' noenhanced
set output '{out}'
set logscale xy
set samples 1000
set xlabel 'arithmetic intensity (FLOP per byte of arguments)'
set ylabel 'GFLOP/s (wall time, one core)'
set title 'Roofline: measured peak {peak:.3g} GFLOP/s, bandwidth {bandwidth:.3g} GB/s'
set grid
set key bottom right
set xrange [0.01:1000]
set yrange [0.01:{peak * 3:.6g}]
roof(x) = (x * {bandwidth:.6g} < {peak:.6g}) ? x * {bandwidth:.6g} : {peak:.6g}
$points << EOD
{chr(10).join(points)}
EOD
$labels << EOD
{chr(10).join(labels)}
EOD
plot roof(x) with lines lw 2 lc rgb 'black' title 'machine roof', \\
     {series}, \\
     $labels using 1:2:3 with labels center font 'sans,10' notitle
"""
    return run_gnuplot(script)


def git_commit():
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], text=True,
                              capture_output=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main():
    if len(sys.argv) != 3:
        print("usage: bench_report.py BENCHMARKS.json OUT_DIR", file=sys.stderr)
        return 2
    with open(sys.argv[1]) as f:
        run = json.load(f)
    out = sys.argv[2]
    rows = run.get("benchmarks", [])
    kernels = collect(rows)
    peak, bandwidth = machine(rows)
    ctx = run.get("context", {})
    md = ["# affjit benchmark report", "",
          f"Generated by `scripts/bench-report.sh` on {datetime.date.today()} "
          f"at commit {git_commit()}, on {ctx.get('host_name', 'this machine')} "
          f"({ctx.get('num_cpus', '?')} CPUs, {ctx.get('mhz_per_cpu', '?')} MHz). "
          "Times are wall time per call (Google Benchmark's real time); GFLOP/s "
          "and GB/s count each kernel's work as affjit's work estimate does "
          "(arguments read plus written), so their ratios are speedups.", ""]
    md.append(f"Machine, one core: peak {fmt(peak)} GFLOP/s (FMA chains), "
              f"bandwidth {fmt(bandwidth)} GB/s (triad), measured by "
              "`BM_MachinePeakFlops` and `BM_MachineBandwidth`.")
    for title, prefix, found in kernels:
        md += ["", f"## {title}", ""] + kernel_table(found)
    md.append("")
    if speedup_plot(kernels, os.path.join(out, "speedup.svg")):
        md += ["![speedup per kernel](speedup.svg)", ""]
    if roofline_plot(kernels, peak, bandwidth, os.path.join(out, "roofline.svg")):
        md += ["![roofline](roofline.svg)", ""]
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write("\n".join(md))
    print(f"bench_report: wrote {os.path.join(out, 'report.md')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

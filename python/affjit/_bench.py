"""affjit.bench: what `affjit bench --json` reports, as a dict.

The C++ benchmark API (include/affjit/Benchmark.h) compiles the function
once per pipeline, runs every variant on the same generated inputs,
checks that they agree and times them; this module adds the facts of the
run and shapes the result like the tool's JSON (schema affjit-bench/1,
engine/cli/bench.schema.json). The memory-bandwidth probe of the tool is
not run: "bandwidth" and each variant's "bandwidth_fraction" are null, as
with `affjit bench --no-bandwidth`.
"""

import os
import time

from . import _affjit

SCHEMA = "affjit-bench/1"


def _quantile(samples, q):
    """The linearly interpolated quantile, as the tool computes it."""
    s = sorted(samples)
    if not s:
        return 0.0
    at = q * (len(s) - 1)
    below = int(at)
    if below + 1 >= len(s):
        return s[-1]
    frac = at - below
    return s[below] * (1 - frac) + s[below + 1] * frac


def _cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return ""


def _threads(requested):
    if requested:
        return requested
    env = os.environ.get("AFFJIT_NUM_THREADS", "")
    if env.isdigit() and int(env) > 0:
        return int(env)
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def _load_average():
    try:
        return list(os.getloadavg())
    except OSError:
        return None


def _timing(t):
    if t["repetitions"] == 0:
        return None
    samples = t["samples"]
    return {
        "median": t["median"],
        "q1": _quantile(samples, 0.25),
        "q3": _quantile(samples, 0.75),
        "min": t["min"],
        "max": t["max"],
        "spread": t["spread"],
        "repetitions": t["repetitions"],
        "calls_per_repetition": t["calls_per_repetition"],
        "samples": samples,
    }


def _mismatch(m):
    if m is None:
        return None
    return {
        "argument": m["argument"],
        "indices": m["indices"],
        "expected": m["expected"],
        "actual": m["actual"],
        "ulps": m["ulps"],
        "message": m["message"],
        "first_differing_pass": m["first_differing_pass"] or None,
        "differing_pipeline": m["differing_pipeline"] or None,
    }


def _variant(v):
    timed = v["time"]["repetitions"] > 0
    return {
        "pipeline": v["pipeline"],
        "compile_s": v["compile_s"],
        "compile_phases": v["compile_phases"],
        "time_s": _timing(v["time"]),
        "gflops": v["gflops"],
        "gbytes_per_s": v["gbytes_per_s"],
        "bandwidth_fraction": None,
        "speedup": v["speedup"] if timed else None,
        "max_ulps": v["max_ulps"],
        "mismatch": _mismatch(v["mismatch"]),
    }


def _argument(a):
    out = {"name": a["name"], "type": a["type"],
           "kind": "memref" if a["is_memref"] else "scalar"}
    if a["is_memref"]:
        out["shape"] = a["shape"]
        out["bytes"] = a["bytes"]
    else:
        out["value"] = a["value"]
    return out


def _work(r):
    out = {"flops": r["flops"], "bytes": r["bytes"]}
    if r["flops"] is None:
        out["flops_unknown_reason"] = r["flops_unknown_reason"]
    if r["bytes"] is None:
        out["bytes_unknown_reason"] = r["bytes_unknown_reason"]
    return out


def _warnings(variants):
    """The tool's simplest timing warning: a noisy variant."""
    out = []
    for v in variants:
        t = v["time_s"]
        if t and t["spread"] > 0.1:
            out.append(
                f"{v['pipeline']}: timings spread by {t['spread'] * 100:.0f}% "
                "(interquartile range over median); the machine may be busy"
            )
    return out


def bench(
    src,
    kernel="",
    compare=("none", "default"),
    dims=None,
    sizes=(),
    args=None,
    seed=1,
    float_range=(-1.0, 1.0),
    fast_math=False,
    max_ulps=64,
    threads=0,
    opt_level=3,
    checked=False,
    min_time=0.5,
    repetitions=0,
    warmup=1,
    cold=False,
    pin=True,
    name="<string>",
    target="host",
):
    """Benchmarks `kernel` of the MLIR text `src` under each pipeline of
    `compare` (the first is the reference the others must agree with) on
    generated inputs, as `affjit bench --json` does, and returns its report
    as a dict (schema "affjit-bench/1").

    dims: sizes of `?` dimensions by argument name ({"x": 1024}, or
      {"x.1": 512} for one dimension); sizes: the remaining `?` sizes in
      order. args: scalar arguments by name ({"alpha": 1.5}) or a list of
      values in order. The other options are the tool's flags (--seed,
      --float-range, --fast-math, --ulps, --threads, -O, --checked,
      --min-time, --repetitions, --warmup, --cold, --no-pin, --target).
    Raises CompileError for bad MLIR, ValueError for bad options.
    """
    from . import CompileError

    if isinstance(compare, str):
        compare = compare.split(",")
    if isinstance(args, dict):
        scalars = [f"{k}={v}" for k, v in args.items()]
    else:
        scalars = [str(v) for v in (args or [])]
    options = {
        "pipelines": list(compare),
        "dims": [(str(k), int(v)) for k, v in (dims or {}).items()],
        "sizes": [int(s) for s in sizes],
        "scalars": scalars,
        "seed": int(seed),
        "float_range": (float(float_range[0]), float(float_range[1])),
        "opt_level": int(opt_level),
        "checked": bool(checked),
        "fast_math": bool(fast_math),
        "max_ulps": int(max_ulps),
        "threads": int(threads),
        "min_time": float(min_time),
        "repetitions": int(repetitions),
        "warmup": int(warmup),
        "cold": bool(cold),
        "pin": bool(pin),
        "name": name,
        "target": str(target),
    }
    started = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    load = _load_average()
    ok, r = _affjit.benchmark(src, kernel, options)
    if not ok:
        if ": error: " in r:
            raise CompileError(r)
        raise ValueError(r)
    variants = [_variant(v) for v in r["variants"]]
    return {
        "schema": SCHEMA,
        "affjit_version": _affjit.__version__,
        "timestamp": started,
        "file": name,
        "function": r["function"],
        "host_cpu": r["host_cpu"],
        "cpu_model": _cpu_model(),
        "online_cpus": os.cpu_count() or 1,
        "load_average": load,
        "pinned_cpu": r["pinned_cpu"] if r["pinned_cpu"] >= 0 else None,
        "target": _affjit.target_model(options["target"]),
        "settings": {
            "opt_level": options["opt_level"],
            "threads": _threads(options["threads"]),
            "checked": options["checked"],
            "seed": options["seed"],
            "float_range": list(options["float_range"]),
            "fast_math": options["fast_math"],
            "max_ulps": options["max_ulps"] if options["fast_math"] else 0,
            "min_time_s": options["min_time"],
            "repetitions": options["repetitions"] or None,
            "warmup": options["warmup"],
            "cold": options["cold"],
        },
        "arguments": [_argument(a) for a in r["arguments"]],
        "work": _work(r),
        "bandwidth": None,
        "agree": r["agree"],
        "variants": variants,
        "warnings": _warnings(variants),
    }

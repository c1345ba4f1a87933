"""100,000 calls leave memory and reference counts where they were."""

import sys

import numpy as np

import affjit
import kernels


def rss_kib():
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    import resource
    return pages * resource.getpagesize() // 1024


def test_many_calls_do_not_grow():
    mod = affjit.compile(kernels.SAXPY_DOT)
    saxpy, dot = mod.saxpy, mod.dot
    x = np.ones(64, np.float32)
    y = np.zeros(64, np.float32)
    a = np.float32(0.5)
    bad = np.ones(64)  # float64: refused every time
    for _ in range(2000):  # warm up allocators and caches
        saxpy(a, x, y)
        dot(x, y)
    refs = (sys.getrefcount(x), sys.getrefcount(y), sys.getrefcount(a),
            sys.getrefcount(bad))
    before = rss_kib()
    for i in range(100_000):
        saxpy(a, x, y)
        dot(x, y)
        if i % 100 == 0:
            try:
                dot(bad, x)
            except TypeError:
                pass
    after = rss_kib()
    assert (sys.getrefcount(x), sys.getrefcount(y), sys.getrefcount(a),
            sys.getrefcount(bad)) == refs
    assert after - before < 2048, f"RSS grew by {after - before} KiB"
    assert y[0] == np.float32(0.5 * 102_000)

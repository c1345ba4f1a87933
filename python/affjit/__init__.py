"""affjit: compile MLIR affine programs and call them on NumPy arrays.

    import numpy as np, affjit
    mod = affjit.compile(open("k.mlir").read())
    x = np.ones(1024, np.float32); y = np.zeros(1024, np.float32)
    mod.saxpy(np.float32(2.0), x, y)     # y is updated in place, no copy
    s = mod.dot(x, y)                    # numpy.float32

Arrays are passed without copying and checked against the function's
signature (dtype, rank, static sizes, layout, writability) before any
code runs; compiles and calls release the GIL. A crash inside a kernel
(a segfault in unchecked code) ends the process: compile with
checked=True to turn out-of-bounds accesses into IndexError. See
docs/python.md.
"""

import collections
import os
import re
import threading

from . import _affjit

__all__ = [
    "compile",
    "compile_file",
    "bench",
    "Module",
    "Function",
    "CompileError",
    "Diagnostic",
    "set_cache_dir",
    "cache_dir",
    "target_model",
]


def _default_cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(
        os.path.expanduser("~"), ".cache"
    )
    return os.path.join(base, "affjit")


def set_cache_dir(path):
    """Keep compiled code on disk in `path` (None: memory only).

    The engine's object cache (the same one the C++ API and the `affjit`
    tool use, AFFJIT_CACHE_DIR) is keyed by the MLIR text, its name, every
    option that changes the code and the host CPU. Sets AFFJIT_CACHE_DIR
    for this process (and the processes it starts).
    """
    os.environ["AFFJIT_CACHE_DIR"] = "" if path is None else os.fspath(path)


def cache_dir():
    """The directory compiled code is cached in, or None."""
    return os.environ.get("AFFJIT_CACHE_DIR") or None


# On by default from Python: a script compiles the same kernels on every
# run. An AFFJIT_CACHE_DIR set by the user wins (empty disables it).
if "AFFJIT_CACHE_DIR" not in os.environ:
    set_cache_dir(_default_cache_dir())


Diagnostic = collections.namedtuple(
    "Diagnostic", ["file", "line", "column", "message", "severity"]
)
Diagnostic.__new__.__defaults__ = ("error",)

_DIAGNOSTIC = re.compile(
    r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): "
    r"(?P<sev>error|warning|note|remark): (?P<msg>.*)$"
)


def _parse_diagnostics(text):
    """The `file:line:col: error: message` lines of compiler output (source
    lines and carets dropped); a message without a location becomes one
    Diagnostic with file None."""
    out = []
    for line in text.splitlines():
        m = _DIAGNOSTIC.match(line)
        if m:
            out.append(
                Diagnostic(
                    m["file"], int(m["line"]), int(m["col"]), m["msg"], m["sev"]
                )
            )
    if not out and text.strip():
        out.append(Diagnostic(None, 0, 0, text.strip().splitlines()[0]))
    return out


class CompileError(Exception):
    """MLIR that does not parse, verify or compile (or bad options).

    str(e) is the compiler's full report (with source lines and carets);
    e.diagnostics lists Diagnostic(file, line, column, message, severity).
    """

    def __init__(self, text):
        super().__init__(text.rstrip("\n"))
        self.text = text
        self.diagnostics = _parse_diagnostics(text)


_OUT_OF_BOUNDS = re.compile(
    r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): error: out-of-bounds access "
    r"to memref dimension #(?P<dim>\d+): index (?P<index>-?\d+), "
    r"size (?P<size>-?\d+)"
)
_ACCESSED_MEMREF = re.compile(r"(%[\w$.\-]+)\s*\[")


def _explain_out_of_bounds(message, source):
    """The runtime's report with the memref named: the access op at the
    reported location is found in the source, and its memref operand (the
    SSA name before `[`) is the one indexed."""
    m = _OUT_OF_BOUNDS.match(message)
    if not m:
        return message
    lines = source.splitlines()
    line, col = int(m["line"]), int(m["col"])
    memref, op = None, ""
    if 1 <= line <= len(lines):
        op = lines[line - 1][max(col - 1, 0):].strip()
        found = _ACCESSED_MEMREF.search(op)
        if found:
            memref = found.group(1)
    what = memref if memref else "a memref"
    text = (
        f"out-of-bounds access to {what}: index {m['index']} in dimension "
        f"#{m['dim']}, whose size is {m['size']} "
        f"({m['file']}:{line}:{col}"
    )
    if op:
        text += f": {op}"
    return text + ")"


# A compiled function: call it with NumPy arrays (or buffers) for memrefs
# and numbers for scalars; it returns None, a scalar, or a tuple. Its
# `name`, `signature` ("(f32, memref<?xf32>) -> ()") and `parameters`
# (per parameter: type, dtype, shape with None for ?, layout, strides,
# offset, whether the function writes it) describe it. The extension's type
# itself, so that a call runs no Python code.
Function = _affjit.Function


_FUNC_NAME = re.compile(r"func\.func\s+(?:(?:public|private|nested)\s+)?@([\w$.\-]+)")


class Module:
    """Compiled MLIR: its functions are attributes (mod.saxpy) or items
    (mod["saxpy"])."""

    def __init__(self, engine, source, name, options):
        self._engine = engine
        self._source = source
        self._name = name
        self._options = options
        self._functions = {}
        self._lock = threading.Lock()

    def __getitem__(self, name):
        fn = self._functions.get(name)
        if fn is None:
            try:
                fn = self._engine.lookup(name, self._source)
            except KeyError:
                raise KeyError(f"no compiled function named @{name}") from None
            with self._lock:
                fn = self._functions.setdefault(name, fn)
        return fn

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            fn = self[name]
        except KeyError:
            raise AttributeError(
                f"the module defines no function @{name}"
            ) from None
        # Kept in the instance's __dict__: later `mod.name` finds it there
        # without running this (Python) method. Not for a name the class
        # defines (a property that raised AttributeError gets here): the
        # class's attribute must keep winning.
        if not any(name in c.__dict__ for c in type(self).__mro__):
            self.__dict__[name] = fn
        return fn

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self.functions))

    @property
    def functions(self):
        """The names of the functions the source defines."""
        return [n for n in _FUNC_NAME.findall(self._source) if n in self]

    def __contains__(self, name):
        try:
            self[name]
            return True
        except KeyError:
            return False

    @property
    def source(self):
        return self._source

    def llvm_ir(self, optimized=True):
        """The LLVM IR of the module, after LLVM's optimizations
        (optimized=True) or as affjit generates it."""
        ok, text = self._engine.llvm_ir(self._source, self._name, optimized)
        if not ok:
            raise CompileError(text)
        return text

    @property
    def remarks(self):
        """The passes' decisions: (pass, file, line, column, message, text)
        tuples."""
        return self._engine.remarks()

    @property
    def opt_report(self):
        """What the passes did, as `affjit opt --opt-report` prints it."""
        return "".join(r[5] if r[5].endswith("\n") else r[5] + "\n"
                       for r in self._engine.remarks())

    @property
    def host_cpu(self):
        return self._engine.host_cpu()

    def __repr__(self):
        return f"<affjit.Module {self._name}: {', '.join(self.functions)}>"


def compile(
    src,
    pipeline="default",
    fast_math=False,
    threads=None,
    checked=False,
    opt_level=3,
    opt_report="",
    name="<string>",
    target="host",
):
    """Compiles MLIR text for this CPU; raises CompileError.

    pipeline: "none", "default" or pass names separated by commas.
    fast_math: let passes reassociate floating point (results may differ
      from pipeline="none" in the last bits).
    threads: threads for parallel loops (None: AFFJIT_NUM_THREADS or every
      core; with checked=True None means 1, so that an out-of-bounds access
      is always reported as IndexError).
    checked: bounds-check every memref access (IndexError).
    opt_report: the passes whose decisions Module.opt_report keeps ("" for
      none, "all", or names). Off by default: the `report` pass's cost
      model can take seconds on large nests.
    target: "host", or an LLVM x86 CPU name ("x86-64-v3", "znver3") whose
      features and caches the code is built for; CompileError if this
      machine cannot run it.
    """
    if threads is None:
        threads = 1 if checked else 0
    if not isinstance(threads, int) or threads < 0:
        raise ValueError(f"threads must be None or a non-negative int, got {threads!r}")
    options = dict(
        pipeline=pipeline,
        fast_math=bool(fast_math),
        threads=threads,
        checked=bool(checked),
        opt_level=opt_level,
        opt_report=opt_report,
        target=target,
    )
    engine = _affjit.Engine(**options)
    error = engine.compile(src, name)
    if error is not None:
        raise CompileError(error)
    return Module(engine, src, name, options)


def target_model(target="host", mattr="", caches=""):
    """The machine code for `target` is built for, as a dict: cpu,
    vector_features, vector_bits, vector_registers, l1, l1_ways, l2,
    l2_ways, llc, line (bytes) and parallel_min_work, as `affjit
    --print-target --target=... --mattr=... --cache=...` shows it.
    ValueError for an unknown name or a bad value."""
    return _affjit.target_model(target, mattr, caches)


def compile_file(path, **options):
    """compile() the MLIR file at `path` (diagnostics name the file)."""
    with open(path, encoding="utf-8") as f:
        src = f.read()
    return compile(src, name=os.fspath(path), **options)


from ._bench import bench  # noqa: E402  (uses compile's module)

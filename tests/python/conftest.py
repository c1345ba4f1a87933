"""Shared setup of the Python module's tests: the package from the build
tree (PYTHONPATH=build/python, as the ctest test sets it), a private
cache directory, and hypothesis without a database in the source tree."""

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))

# Before `import affjit`, so the tests never read or fill ~/.cache/affjit.
os.environ.setdefault(
    "AFFJIT_CACHE_DIR", tempfile.mkdtemp(prefix="affjit-pytest-cache-")
)

from hypothesis import settings  # noqa: E402

settings.register_profile("affjit", database=None, deadline=None)
settings.load_profile("affjit")

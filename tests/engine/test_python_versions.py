"""The engine is stdlib-only Python 3.11+: its doctests pass on CPython 3.11.

The main suite runs in the project's .venv (3.12+, which pyodide-build needs) and
inside Pyodide (3.14); this covers the oldest supported version without pytest.
"""

import pkgutil
import shutil
import subprocess
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "engine"
MODULES = sorted(f"cribbage.{m.name}" for m in pkgutil.iter_modules([str(ENGINE / "cribbage")]) if m.name != "__main__")
RUN_DOCTESTS = """
import doctest, importlib, sys
failed = tried = 0
for name in sys.argv[1:]:
    result = doctest.testmod(importlib.import_module(name))
    failed += result.failed
    tried += result.attempted
print(tried, failed)
"""


def oldest_supported_python() -> str | None:
    """python3.11 from the PATH (a pyenv shim only counts if it runs) or from pyenv."""
    candidates = [shutil.which("python3.11"), *map(str, sorted(Path.home().glob(".pyenv/versions/3.11*/bin/python3")))]
    for candidate in filter(None, candidates):
        if subprocess.run([candidate, "--version"], capture_output=True).returncode == 0:
            return candidate
    return None


def test_engine_doctests_pass_on_python_3_11():
    executable = oldest_supported_python()
    if executable is None:
        pytest.skip("no Python 3.11 on this machine")
    result = subprocess.run([executable, "-c", RUN_DOCTESTS, *MODULES], cwd=ENGINE, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    tried, failed = map(int, result.stdout.split()[-2:])
    assert failed == 0, result.stdout
    assert tried > 20

"""The engine is stdlib-only Python 3.11+: its doctests and a quick part of its tests pass
on the oldest and the newest CPython it supports, not only on the project's .venv.

GitHub's workflow runs the whole engine suite on 3.11, 3.12 and 3.13; this is the quick
local check. The interpreters come from PATH or pyenv; pytest and hypothesis (pure Python)
are borrowed from .venv, as the Pyodide runner does.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest
from prerequisites import require

import site_build

QUICK_TESTS = [
    "engine/cribbage",
    "tests/engine/test_show.py",
    "tests/engine/test_play.py",
    "tests/engine/test_peer_pegging.py",
]
RUN_PYTEST = """
import sys
sys.path.append(sys.argv[1])  # after the interpreter's own standard library
import pytest
sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", *sys.argv[2:]]))  # conftest.py collects the doctests
"""


def cpython(minor: int) -> str | None:
    """python3.<minor> from PATH (a pyenv shim only counts if it runs) or from pyenv."""
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    candidates = [shutil.which(f"python3.{minor}"), *map(str, sorted(pyenv.glob(f"versions/3.{minor}.*/bin/python3")))]
    for candidate in filter(None, candidates):
        if site_build.python_version(candidate) == (3, minor):
            return candidate
    return None


@pytest.mark.slow
@pytest.mark.parametrize("minor", [11, 13])
def test_engine_doctests_and_quick_tests_pass_on_python(minor):
    executable = cpython(minor)
    require(
        executable,
        f"Python 3.{minor} for the engine's version check: `pyenv install 3.{minor}` or actions/setup-python",
    )
    site_packages = sysconfig.get_paths()["purelib"]
    result = subprocess.run(
        [executable, "-c", RUN_PYTEST, site_packages, *QUICK_TESTS],
        cwd=site_build.ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"),
    )
    summary = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else result.stderr[-2000:]
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert " passed" in summary and "skipped" not in summary, summary

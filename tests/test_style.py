"""The repository's Python is linted with ruff (pinned in requirements/site.txt), with the
small rule set of pyproject.toml (mistakes a reader would miss, and imports in order), and
laid out by ``ruff format``."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

from prerequisites import require

import site_build

LINTED = ("engine", "hooks", "tests", "benchmarks", "site_build.py", "conftest.py")
RUFF = "ruff: `pip install --require-hashes -r requirements/site.txt` (site_build.py does)"


def test_the_python_of_the_repository_passes_ruff_check():
    require(importlib.util.find_spec("ruff"), RUFF)
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", *LINTED],
        cwd=site_build.ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_python_of_the_repository_is_laid_out_as_ruff_format_lays_it_out():
    """One layout everywhere (``[tool.ruff.format]`` in pyproject.toml): `ruff format` fixes a failure."""
    require(importlib.util.find_spec("ruff"), RUFF)
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", "--no-cache", *LINTED],
        cwd=site_build.ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_finds_a_closure_that_reads_its_loop_variable_late(tmp_path):
    """The check can fail: a function that reads a loop variable after the loop is found."""
    require(importlib.util.find_spec("ruff"), RUFF)
    sample = tmp_path / "sample.py"
    sample.write_text("calls = []\nfor n in range(3):\n    calls.append(lambda: n)\n", encoding="utf-8")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--no-cache",
            "--config",
            str(site_build.ROOT / "pyproject.toml"),
            str(sample),
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1 and "B023" in result.stdout, result.stdout + result.stderr

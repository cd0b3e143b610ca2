"""The engine type-checks under ``mypy --strict``, with nothing switched off."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

from prerequisites import require

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine" / "cribbage"
# mypy's incremental cache, in the repository's gitignored /.cache/: a run after the first
# rechecks only the modules that changed.
MYPY_CACHE = ROOT / ".cache" / "mypy"


def test_the_engine_passes_mypy_strict():
    require(
        importlib.util.find_spec("mypy"),
        "mypy: `pip install --require-hashes -r requirements/engine-test.txt` (or requirements/site.txt)",
    )
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(MYPY_CACHE), "engine/cribbage"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_check_is_switched_off_in_the_engine():
    """Only an ignore that names its error code, and never ignore_errors."""
    blanket = re.compile(r"#\s*type:\s*ignore(?!\[)")
    for path in ENGINE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not blanket.search(text), path
        assert "ignore_errors" not in text, path
    for config in (ROOT / "pyproject.toml", ROOT / "mypy.ini", ROOT / "setup.cfg"):
        if config.exists():
            assert "ignore_errors" not in config.read_text(encoding="utf-8"), config


def test_the_package_says_it_is_typed():
    assert (ENGINE / "py.typed").is_file()

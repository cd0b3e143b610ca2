"""The docstrings' examples of the engine (engine/cribbage) and of the MkDocs hooks (hooks/)
are collected as doctests, and nothing else is: a test folder's own conftest.py is never
imported a second time as a doctest module, so any folders collect together."""

from __future__ import annotations

from pathlib import Path

import pytest
from _pytest.doctest import DoctestModule

ROOT = Path(__file__).resolve().parent
DOCTEST_FOLDERS = (ROOT / "engine" / "cribbage", ROOT / "hooks")


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    # __main__.py runs the command line when imported, as pytest's own doctest collection knows.
    if (
        file_path.suffix == ".py"
        and file_path.name not in ("conftest.py", "__main__.py")
        and any(file_path.is_relative_to(folder) for folder in DOCTEST_FOLDERS)
    ):
        return DoctestModule.from_parent(parent, path=file_path)
    return None

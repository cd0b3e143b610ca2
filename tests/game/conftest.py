"""Fixtures for the game page tests: the engine on sys.path, and for the browser test
the built site served on 127.0.0.1 under a sub-path, with Debian's Chromium.

A bare `pytest` without a built site skips the browser test;
`python3 site_build.py test` builds first and sets CRIBBAGE_REQUIRE_SITE=1.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
for path in (ROOT / "engine", ROOT, Path(__file__).resolve().parent):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

SUB_PATH = "/cribbage/"


@pytest.fixture(scope="session")
def game_site_url(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A copy of the built site (23 MB), served: a build running meanwhile cannot change it."""
    import shutil

    import site_build

    copy = tmp_path_factory.mktemp("game-site") / "site"
    shutil.copytree(built_site, copy)
    with site_build.served(copy, SUB_PATH) as url:
        yield url


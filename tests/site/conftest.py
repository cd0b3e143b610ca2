"""Fixtures for the tests of the built site: site/, a local server under a sub-path, Chromium.

`python3 site_build.py test` builds site/ first and sets CRIBBAGE_REQUIRE_SITE=1, so a
missing build fails there; a bare `pytest` without a build skips these tests instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import site_build

SITE = site_build.SITE
SUB_PATH = "/cribbage/"  # as on a GitHub Pages project site, https://USER.github.io/REPO/


@pytest.fixture(scope="session")
def site_dir() -> Path:
    if not (SITE / "index.html").exists():
        message = "site/ is not built: run `python3 site_build.py build` (or `... test`)"
        if os.environ.get("CRIBBAGE_REQUIRE_SITE"):
            pytest.fail(message)
        pytest.skip(message)
    return SITE


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """The built site served on 127.0.0.1 (a free port) under SUB_PATH."""
    with site_build.served(site_dir, SUB_PATH) as url:
        yield url


@pytest.fixture
def browser_context(watched_context, site_url: str):
    """A fresh context whose every request is recorded; requests off the origin are blocked."""
    return watched_context(site_url, block_foreign=True)

"""Fixtures for the tests of the built site: the site served under a sub-path, and a
browser context that refuses other hosts (tests/conftest.py checks the build and owns Chromium)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import site_build

SITE = site_build.SITE


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """The built site served on 127.0.0.1 (a free port) under site_build.SUB_PATH."""
    with site_build.served(built_site, site_build.SUB_PATH) as url:
        yield url


@pytest.fixture
def browser_context(watched_context, site_url: str):
    """A fresh context whose every request is recorded; requests off the origin are blocked."""
    return watched_context(site_url, block_foreign=True)


@pytest.fixture
def deployed_url(built_site: Path, tmp_path: Path) -> Iterator[str]:
    """The built site served as deployed at its address (its sitemap names it), so that
    Material's instant navigation swaps pages as on the real host."""
    folder = tmp_path / "at-its-address"
    folder.mkdir()
    with site_build.served(folder, site_build.SUB_PATH) as url:
        site_build.deploy_copy(built_site, folder, url)
        yield url

"""Fixtures for the tests of the built site: the site served under a sub-path, and a
browser context that refuses other hosts (tests/conftest.py checks the build and owns Chromium)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import site_build

SITE = site_build.SITE
PAGES_SITE_URL = "https://user.example" + site_build.SUB_PATH  # as GitHub Pages names a project site


@pytest.fixture(scope="session")
def site_url(site_copy_url: str) -> str:
    """The built site served on 127.0.0.1 under site_build.SUB_PATH: the one origin of the
    test process, so that its warm browser contexts serve every folder's tests."""
    return site_copy_url


@pytest.fixture
def browser_context(watched_context, site_url: str):
    """The warm context (the service worker installed once for the process), its
    requests recorded and those off the origin refused."""
    return watched_context(site_url, block_foreign=True)


@pytest.fixture
def first_visit_context(watched_context, site_url: str):
    """A new context, as a reader's first visit: nothing cached, nothing saved, the
    service worker allowed to install; requests off the origin refused."""
    return watched_context(site_url, block_foreign=True, fresh=True, service_workers="allow")


@pytest.fixture
def cold_context(watched_context, site_url: str):
    """A new context with service workers blocked: the engine starts cold, from the runtime."""
    return watched_context(site_url, block_foreign=True, fresh=True)


@pytest.fixture(scope="session")
def pages_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The pages built as the Pages workflow builds them, with a SITE_URL under
    site_build.SUB_PATH (a whole MkDocs build of its own: its tests are slow)."""
    site = tmp_path_factory.mktemp("pages") / "site"
    site_build.build_pages(Path(sys.executable), site, site_url=PAGES_SITE_URL)
    return site


@pytest.fixture
def deployed_url(built_site: Path, tmp_path: Path) -> Iterator[str]:
    """The built site served as deployed at its address (its sitemap names it), so that
    Material's instant navigation swaps pages as on the real host."""
    folder = tmp_path / "at-its-address"
    folder.mkdir()
    with site_build.served(folder, site_build.SUB_PATH) as url:
        site_build.deploy_copy(built_site, folder, url)
        yield url

"""Shared by every test folder: one Debian Chromium for the whole test session.

Playwright's sync API allows one running instance per thread, so the site, widget and
game tests all take their pages from this one browser (each in its own context).
"""

from __future__ import annotations

import pytest

import site_build


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not site_build.CHROMIUM.exists():
        pytest.fail(f"Debian's Chromium is missing at {site_build.CHROMIUM} "
                    "(`python3 site_build.py test` installs it when run as root)")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(site_build.CHROMIUM), args=list(site_build.CHROMIUM_ARGS), headless=True)
        yield chromium
        chromium.close()

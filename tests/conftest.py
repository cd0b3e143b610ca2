"""Shared by every test folder: one Playwright for the whole test session.

Playwright's sync API allows one running instance per thread: a second
``sync_playwright()`` while another is open fails with "using Playwright Sync API inside
the asyncio loop". The site, widget and game tests each open a browser for their part of
the session, so here ``playwright.sync_api.sync_playwright()`` hands them all the same
instance: started on first use, stopped when the session ends. Each folder still
launches and closes its own browser from it.
"""

from __future__ import annotations

_real_sync_playwright = None
_shared = None


class _SharedPlaywright:
    """Stands in for ``sync_playwright()``: a context manager over the shared instance."""

    def __enter__(self):
        global _shared
        if _shared is None:
            _shared = _real_sync_playwright().start()
        return _shared

    def __exit__(self, *exc_info) -> bool:
        return False  # the instance outlives this block; pytest_unconfigure stops it

    def start(self):
        return self.__enter__()


def pytest_configure(config) -> None:
    global _real_sync_playwright
    try:
        from playwright import sync_api
    except ImportError:  # e.g. the engine tests under a Python without Playwright
        return
    _real_sync_playwright = sync_api.sync_playwright
    sync_api.sync_playwright = _SharedPlaywright


def pytest_unconfigure(config) -> None:
    global _shared
    if _shared is not None:
        _shared.stop()
        _shared = None

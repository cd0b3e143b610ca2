"""Fixtures for the content tests (the helpers live in tutorial_pages.py)."""

import pytest
from tutorial_pages import require_hunspell


@pytest.fixture(scope="session")
def hunspell() -> None:
    require_hunspell()

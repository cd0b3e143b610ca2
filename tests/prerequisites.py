"""What a test needs from the machine, and what happens when it is missing.

In CI (``CI=true``, as `.ci/run` and GitHub Actions set it) a missing tool, dictionary,
interpreter or build fails the test with one line naming what to install; elsewhere the
test is skipped and the run ends with a summary of every skip and its reason
(``tests/conftest.py``), so nothing vanishes silently.
"""

from __future__ import annotations

import pytest

from site_build import in_ci

__all__ = ["in_ci", "require"]


def require(condition: object, what_to_install: str) -> None:
    """Go on when ``condition`` holds; otherwise fail in CI or skip elsewhere.

    ``what_to_install`` is one line naming what is missing and how to get it.
    """
    if condition:
        return
    if in_ci():
        pytest.fail(f"missing in CI: {what_to_install}", pytrace=False)
    pytest.skip(what_to_install)

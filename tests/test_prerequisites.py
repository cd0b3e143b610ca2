"""No silent skip: what a test needs from the machine fails in CI and is skipped, and
summed up, elsewhere."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from prerequisites import require

pytest_plugins = ["pytester"]
TESTS = Path(__file__).resolve().parent

A_SUITE_THAT_SKIPS = """
import pytest
from prerequisites import require

def test_needs_a_tool():
    require(False, "the tool: `apt-get install tool`")

def test_skips_on_its_own():
    pytest.skip("some other reason")

def test_runs():
    pass
"""


def test_require_goes_on_when_the_condition_holds(monkeypatch):
    monkeypatch.setenv("CI", "true")
    require("/usr/bin/tool", "never said")


def test_require_fails_in_ci_with_one_line_naming_what_to_install(monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match=r"^missing in CI: the tool: `apt-get install tool`$"):
        require(None, "the tool: `apt-get install tool`")


def test_require_skips_outside_ci(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="the tool"):
        require(False, "the tool")


def _run(pytester: pytest.Pytester, monkeypatch, ci: bool):
    """The suite above, run with this folder's conftest.py in a fresh pytest."""
    pytester.makeconftest((TESTS / "conftest.py").read_text(encoding="utf-8"))
    pytester.makepyfile(test_suite=A_SUITE_THAT_SKIPS)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(TESTS), str(TESTS.parent), str(TESTS.parent / "engine")]))
    if ci:
        monkeypatch.setenv("CI", "true")
    else:
        monkeypatch.delenv("CI", raising=False)
    return pytester.runpytest_subprocess("-p", "no:cacheprovider")


def test_outside_ci_the_run_passes_and_ends_with_what_was_skipped_and_why(pytester, monkeypatch):
    result = _run(pytester, monkeypatch, ci=False)
    assert result.ret == pytest.ExitCode.OK
    result.assert_outcomes(passed=1, skipped=2)
    result.stdout.fnmatch_lines(
        ["*2 skipped: what to install to run them*", "*1 x the tool: `apt-get install tool`", "*1 x some other reason"]
    )


def test_in_ci_a_missing_tool_fails_and_any_skip_fails_the_run(pytester, monkeypatch):
    result = _run(pytester, monkeypatch, ci=True)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.assert_outcomes(passed=1, failed=1, skipped=1)
    result.stdout.fnmatch_lines(
        ["*missing in CI: the tool: `apt-get install tool`*", "*CI=true: a run with skips fails*"]
    )

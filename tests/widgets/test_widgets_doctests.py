"""The runnable examples in the widget modules' docstrings."""

from __future__ import annotations

import doctest

import pytest

import cribbage.i18n
import cribbage.render
import hooks.cribbage_blocks


@pytest.mark.parametrize("module", [cribbage.i18n, cribbage.render, hooks.cribbage_blocks], ids=lambda m: m.__name__)
def test_docstring_examples_run(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0

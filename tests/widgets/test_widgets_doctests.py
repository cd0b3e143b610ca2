"""The runnable examples in the widget modules' docstrings."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cribbage.i18n
import cribbage.widgets
import hooks.cribbage_blocks

WIDGET_MODULES = [
    importlib.import_module(info.name) for info in pkgutil.walk_packages(cribbage.widgets.__path__, "cribbage.widgets.")
]


@pytest.mark.parametrize(
    "module", [cribbage.i18n, cribbage.widgets, *WIDGET_MODULES, hooks.cribbage_blocks], ids=lambda m: m.__name__
)
def test_docstring_examples_run(module):
    result = doctest.testmod(module)
    assert result.failed == 0
    if module in (cribbage.i18n, cribbage.widgets, hooks.cribbage_blocks):
        assert result.attempted > 0
